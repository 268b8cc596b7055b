/**
 * Something a game screen can read aloud: `lines` of text or rich content (HTML); `onShow` items are
 * read when the screen opens, the others when they appear (a hint opened, the text after an answer).
 */
export type ReadItem = { key: string; lines: readonly string[]; onShow?: boolean };
