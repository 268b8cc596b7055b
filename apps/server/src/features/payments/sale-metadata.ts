/** Games are sold in ILS only (spec section 9). */
export const SALE_CURRENCY = 'ILS';
