/**
 * Every limit of a game's content, once: the editor's save, the import, the editor's own checks and
 * the player all read them here.
 */

/** Most questions a game may have, and hints a question may have. */
export const MAX_QUESTIONS = 100;
export const MAX_HINTS = 20;
/** Most points a polygon area may have (a city block needs a few dozen at most). */
export const MAX_POLYGON_POINTS = 200;
/** Highest price a game may be sold for (ILS). */
export const MAX_PRICE = 10_000;
/** One rich-text field (HTML), in characters. */
export const MAX_RICH_TEXT = 100_000;
/** Deepest nesting of elements in one rich-text field, and most elements in it (cleaning cost grows with both). */
export const MAX_RICH_TEXT_DEPTH = 40;
export const MAX_RICH_TEXT_ELEMENTS = 5_000;
/** Most accepted answers in a question's comma list, and the longest one, in characters. */
export const MAX_ACCEPTED_ANSWERS = 30;
export const MAX_ANSWER_LENGTH = 100;
/** The whole comma list as typed, in characters. */
export const MAX_ANSWER_VALUE = 2_000;
/** One-line texts: a game's name and city, a hint's title. */
export const MAX_LINE_TEXT = 200;
/** The directions to the starting point. */
export const MAX_LOCATION_TEXT = 500;
/** The cover image's address. */
export const MAX_COVER_IMAGE = 2_000;
/** A question's or hint's id (made by whoever creates it; see ids.ts). */
export const MAX_CONTENT_ID = 40;
/** A choice question's options: at least two (one choice is no choice), at most eight (a phone screen). */
export const MIN_CHOICE_OPTIONS = 2;
export const MAX_CHOICE_OPTIONS = 8;
/** One option's text, in characters. */
export const MAX_OPTION_TEXT = 200;
/** A number answer's value and tolerance: at most this far from 0, and this many decimals. */
export const MAX_NUMBER_ANSWER = 1e12;
export const MAX_NUMBER_DECIMALS = 6;
/**
 * Most numbers a number answer's range may hold at its precision for the phone to judge it offline
 * (each is hashed, like the accepted answers of a text); a wider range is judged by the server.
 */
export const MAX_HASHED_NUMBERS = 101;
/** Most points a wrong attempt may cost (a game's scoring setting). */
export const MAX_WRONG_ATTEMPT_PENALTY = 100;
/** A flag's name (a game's own on/off marks that its rules set and its conditions read), in characters. */
export const MAX_FLAG_NAME = 40;
/** Most nodes in one question's condition (every `done`, `all`, `not`... counts), and its deepest nesting. */
export const MAX_CONDITIONS = 20;
export const MAX_CONDITION_DEPTH = 5;
/** Most points one `addPoints` action may give or take. */
export const MAX_ADD_POINTS = 1_000;
/** Most rules on one question, actions in one rule, and the length of a `say` text. */
export const MAX_FLOW_RULES = 20;
export const MAX_FLOW_ACTIONS = 10;
export const MAX_SAY_TEXT = 500;
/** Highest score and minutes a condition may ask for (a week of play). */
export const MAX_CONDITION_SCORE = 1_000_000;
export const MAX_CONDITION_MINUTES = 10_080;
/** A game's walk as its creator states it (metadata.accessibility): longest length in km, longest duration in minutes, longest notes. */
export const MAX_WALK_KM = 100;
export const MAX_WALK_MINUTES = 1_440;
export const MAX_ACCESSIBILITY_NOTES = 500;
