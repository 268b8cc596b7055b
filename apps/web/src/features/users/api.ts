import type { UsersListReply } from '@streethunt/shared';
import { apiRequest } from '../../api/client.ts';

/** The users page's request: its search text and page (the server searches and pages). */
export type UsersQuery = { q: string; page: number; pageSize: number };

/** GET /api/users/ (admins; shapes in packages/shared/src/schemas/users.ts). */
export const usersApi = {
  /** One page of users, newest first, searched by name, email or phone on the server. */
  list: async ({ q, page, pageSize }: UsersQuery, signal?: AbortSignal) => {
    const query = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
    if (q.trim()) query.set('q', q.trim());
    return (await apiRequest<UsersListReply>(`/api/users/?${query}`, { signal })).data;
  },
};

/** Cache keys of the users list (under the admin's reads, which an admin's decision reads again). */
export const usersKeys = {
  list: (query: UsersQuery) => ['admin', 'users', query] as const,
};
