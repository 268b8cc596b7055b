/** `%`, `_` and `\` in what a person typed are searched for as themselves, not as LIKE wildcards. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE pattern for text that holds `typed` anywhere. */
export const containing = (typed: string) => `%${escapeLike(typed)}%`;
