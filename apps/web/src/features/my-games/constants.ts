/** The creator tables' constants (spec section 9). */

/** The active-games overlay never stays longer than this; a slower reply then shows a small inline loader. */
export const OVERLAY_MAX_MS = 1000;

/**
 * The spec's permission flag for the game-code column of /my-games. The spec does not say what sets
 * it, so the column stays hidden until someone decides; flip it here (the column then shows the codes
 * created from this page).
 */
export const SHOW_GAME_CODE_COLUMN = false;
