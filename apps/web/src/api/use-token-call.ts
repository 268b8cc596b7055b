import { useQuery, type QueryKey } from '@tanstack/react-query';

/** Where a page that spends a token from its address stands. */
export type TokenCall<T> =
  /** The token is malformed, or the server refused it for good: asking again would not help. */
  | { status: 'refused' }
  | { status: 'checking' }
  /** The call failed in a way worth another try (`retryable`). */
  | { status: 'failed'; error: unknown; retry(): void; retrying: boolean }
  | { status: 'done'; data: T };

type Options<T> = {
  queryKey: QueryKey;
  call(signal: AbortSignal): Promise<T>;
  /** The token passes the call's shared schema; a malformed one is refused without a call. */
  wellFormed: boolean;
  /** Whether a failure is worth another try; any other is the server's final no. */
  retryable(error: unknown): boolean;
};

/**
 * A page that reads a token from its address and calls the server once with it (validating an email, a
 * payment coming back), then shows checking, done, or why not. A query, not an effect: one call per
 * token even when React mounts the page twice, and never again on its own (a token is spent once).
 */
export function useTokenCall<T>({ queryKey, call, wellFormed, retryable }: Options<T>): TokenCall<T> {
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => call(signal),
    enabled: wellFormed,
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  if (!wellFormed || (query.isError && !retryable(query.error))) return { status: 'refused' };
  if (query.isError) return { status: 'failed', error: query.error, retry: () => void query.refetch(), retrying: query.isFetching };
  if (query.isPending) return { status: 'checking' };
  return { status: 'done', data: query.data };
}
