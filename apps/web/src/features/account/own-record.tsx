import { ACCOUNT_TEXTS } from '../../i18n/account-translations.ts';
import type { ReactNode } from 'react';
import { Button, Stack } from '@mantine/core';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLogOutOnUnauthorized, useRequireLogin } from '../../api/use-require-login.ts';
import { ErrorAlert, PageLoader } from './account-page.tsx';
import { errorMessage } from './errors.ts';

type Read<R, T> = {
  /** The page's own address, to come back to after logging in. */
  path: string;
  queryKey(userId: string): QueryKey;
  /** Reads the record, its messages in the interface's language. */
  read(language: string): Promise<R>;
  select(reply: R): T;
};

/** A logged-in user's own record (their profile, their bank details), read once the session is known. */
export function useOwnRecord<R, T>({ path, queryKey, read, select }: Read<R, T>) {
  const { i18n } = useTranslation(ACCOUNT_TEXTS);
  const session = useRequireLogin(path);
  const userId = session.session?.userId ?? '';
  const record = useQuery({ queryKey: queryKey(userId), queryFn: () => read(i18n.language), enabled: session.status === 'in', select });
  useLogOutOnUnauthorized(record.error);
  return { userId, record, loggedIn: session.status === 'in' };
}

/** The loader until the record is in, its error with a retry, then `children` with the record. */
export function OwnRecord<T>({ state, loadError, children }: { state: ReturnType<typeof useOwnRecord<unknown, T>>; loadError: string; children(record: T): ReactNode }) {
  const { t } = useTranslation(ACCOUNT_TEXTS);
  const { record, loggedIn } = state;
  if (!loggedIn || record.isPending) return <PageLoader />;
  if (record.isError) {
    return (
      <Stack gap="sm">
        <ErrorAlert>
          {loadError} {errorMessage(record.error, t)}
        </ErrorAlert>
        <Button variant="light" onClick={() => void record.refetch()} loading={record.isFetching}>
          {t('account.common.retry')}
        </Button>
      </Stack>
    );
  }
  return children(record.data);
}
