import type { Language } from '../constants.ts';
import { readPrice } from '../game/price.ts';

// Showing and reading amounts. Money is kept in agorot; only these functions deal in shekels.

const LOCALES: Record<Language, string> = { he: 'he-IL', en: 'en-US' };

/** 4500 -> '₪45' (en) / '45 ₪' (he); 4550 -> '₪45.50': decimals only when the amount is not whole. */
export function formatMoney(agorot: number, language: Language, currency = 'ILS'): string {
  if (!Number.isSafeInteger(agorot)) throw new RangeError(`Amounts are whole agorot, got ${agorot}`);
  const fractionDigits = agorot % 100 === 0 ? 0 : 2;
  return new Intl.NumberFormat(LOCALES[language], {
    style: 'currency',
    currency,
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(agorot / 100);
}

/** Agorot as plain shekels with 2 decimals, for CSV files and amount boxes: 7000 -> '70.00', -550 -> '-5.50'. */
export function shekelsText(agorot: number): string {
  if (!Number.isSafeInteger(agorot)) throw new RangeError(`Amounts are whole agorot, got ${agorot}`);
  const sign = agorot < 0 ? '-' : '';
  const whole = Math.abs(agorot);
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

/**
 * A game's metadata.price (shekels, text or number: '45', 45, '45.5') in agorot, as readPrice reads it
 * (so a sale's split and the amount charged never disagree): a free game is 0; anything that is not a
 * price throws.
 */
export function agorotOf(price: string | number): number {
  const reading = readPrice(price);
  if (reading.kind === 'invalid') throw new RangeError(`Not a price: ${String(price)}`);
  return reading.kind === 'free' ? 0 : reading.agorot;
}
