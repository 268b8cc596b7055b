/**
 * A page's answer to a failed admin call: a 401 ends the session (to the login page), a 403 turns the
 * page into 'not allowed'. Returns whether it was one of those, so the caller says nothing more.
 */
export type AdminFailure = (error: unknown) => boolean;
