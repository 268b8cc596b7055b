/** The studio and admin tables' constants (spec section 9). */

/** A search box waits this long after the last key before it filters or asks the server. */
export const SEARCH_DEBOUNCE_MS = 200;
/** Page sizes of the tables: 10 to 50 in steps of 10. */
export const PAGE_SIZES = [10, 20, 30, 40, 50];
export const DEFAULT_PAGE_SIZE = 10;
