import { LANGUAGES, type Language } from '@streethunt/shared';

/** Games are sold in ILS only (spec section 9). */
export const SALE_CURRENCY = 'ILS';

/** The name and price a game's metadata holds, whatever else is in it. */
export function readSaleMetadata(metadata: unknown): { name: string; price: string } {
  const m = (metadata && typeof metadata === 'object' ? metadata : {}) as Record<string, unknown>;
  const name = typeof m.name === 'string' ? m.name : '';
  const price = typeof m.price === 'string' || typeof m.price === 'number' ? String(m.price).trim() : '';
  return { name, price };
}

/** The game's own language (metadata.language), or null when it names none. */
export function gameLanguage(metadata: unknown): Language | null {
  const value = metadata && typeof metadata === 'object' ? (metadata as Record<string, unknown>).language : undefined;
  return (LANGUAGES as readonly unknown[]).includes(value) ? (value as Language) : null;
}

/** The price in minor units (agorot); 'free' for '' or 0 (spec section 9); null when it is not a usable amount. */
export function priceInMinorUnits(price: string): number | 'free' | null {
  if (price === '') return 'free';
  const value = Number(price);
  if (!Number.isFinite(value) || value < 0) return null;
  if (value === 0) return 'free';
  return Math.round(value * 100);
}
