/** The whole number a Mantine number field holds, or null while it is being typed ('' or '-'). */
export const numberOf = (value: string | number) => (typeof value === 'number' && Number.isFinite(value) ? Math.trunc(value) : null);
