import { useQuery } from '@tanstack/react-query';
import { profileReplySchema } from '@streethunt/shared';
import { apiRequest } from './client.ts';
import { useSession } from './session.tsx';

/**
 * The cache key of the logged-in user's profile. The account pages read and update the profile under
 * this key too, so a name changed there shows in the menu at once.
 */
export const profileQueryKey = (userId: string) => ['account', 'profile', userId] as const;

/**
 * Who is logged in, as the menu shows it: the first name, else the email. A login reply carries neither,
 * so the profile is fetched the first time this is asked for (the menu opening), then kept a while.
 * Null while logged out, while loading, or when the profile cannot be had.
 */
export function useSessionUserName(): string | null {
  const { status, session } = useSession();
  const userId = session?.userId ?? '';
  const profile = useQuery({
    queryKey: profileQueryKey(userId),
    queryFn: ({ signal }) => apiRequest('/api/user/profile', { schema: profileReplySchema, signal }),
    enabled: status === 'in' && userId !== '',
    staleTime: 5 * 60_000,
    retry: false,
    select: (reply) => reply.data.user,
  });
  if (status !== 'in' || !profile.data) return null;
  return profile.data.firstName.trim() || profile.data.email.trim() || null;
}
