import { z } from 'zod';
import { lineText } from './common.ts';

// GET /api/users/?q=&page=&pageSize= (admin): the users, newest registration first, searched and paged on the server.
export const USERS_PAGE_SIZES = [10, 20, 30, 40, 50] as const;
export const USERS_SEARCH_MAX = 100;
/** Far beyond any real list; keeps OFFSET (page - 1) * pageSize a small number. */
export const USERS_PAGE_MAX = 1_000_000;

/** Numbers exactly as a form writes them ('2', not '02', '2.0' or '2e0'): one URL per page. */
export const usersListQuerySchema = z.object({
  q: lineText().trim().max(USERS_SEARCH_MAX).optional(),
  page: lineText()
    .regex(/^[1-9][0-9]{0,6}$/, 'must be a whole number from 1')
    .transform(Number)
    .refine((page) => page <= USERS_PAGE_MAX, `must be at most ${USERS_PAGE_MAX}`)
    .optional(),
  pageSize: z
    .enum(USERS_PAGE_SIZES.map(String) as [string, ...string[]], { error: `must be one of ${USERS_PAGE_SIZES.join(', ')}` })
    .transform(Number)
    .optional(),
});
export type UsersListQuery = z.infer<typeof usersListQuerySchema>;

const userListItemSchema = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  createdAt: z.string(),
  role: z.enum(['user', 'admin']),
});
export type UserListItem = z.infer<typeof userListItemSchema>;

/** The spec's `data.data` list, with the total that matched and the page it is. */
export const usersListReplySchema = z.object({
  data: z.object({
    data: z.array(userListItemSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  }),
});
export type UsersListReply = z.infer<typeof usersListReplySchema>;
