/**
 * Mantine's default error red (#fa5252) reads at 3.3:1 on white, under WCAG AA: our fields show their
 * errors, and the text typed in an invalid field, in a darker red and the normal text colour.
 * (A theme-wide fix belongs in the app theme; this keeps the player's forms AA meanwhile.)
 */
export const fieldStyles = {
  error: { color: 'var(--mantine-color-red-9)' },
  input: { color: 'var(--mantine-color-text)' },
} as const;
