import { describe, expect, it } from 'vitest';
import en from './en.json';
import he from './he.json';
import { studioTexts } from '../test/i18n.ts';
import presenceEn from './player/presence.en.json';
import liveEn from './player/live.en.json';
import languagesEn from './player/languages.en.json';
import languagesHe from './player/languages.he.json';
import liveHe from './player/live.he.json';
import presenceHe from './player/presence.he.json';
import termsEn from './pages/terms.en.json';
import termsHe from './pages/terms.he.json';
import affiliatesEn from './pages/affiliates.en.json';
import affiliatesHe from './pages/affiliates.he.json';
import offlinePackEn from './player/offline-pack.en.json';
import offlinePackHe from './player/offline-pack.he.json';
import outboxEn from './player/outbox.en.json';
import outboxHe from './player/outbox.he.json';
import purchasesEn from './player/purchases.en.json';
import purchasesHe from './player/purchases.he.json';
import buildersEn from './pages/builders.en.json';
import accountEn from './app/account.en.json';
import accountHe from './app/account.he.json';
import buildersHe from './pages/builders.he.json';
import accessibilityEn from './pages/accessibility.en.json';
import accessibilityHe from './pages/accessibility.he.json';

/** Every leaf of a translation tree as `path -> value`; arrays count by index. */
function leaves(node: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (node !== null && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      for (const [path, leaf] of leaves(value, prefix ? `${prefix}.${key}` : key)) out.set(path, leaf);
    }
  } else {
    out.set(prefix, node);
  }
  return out;
}

describe.each([
  ['translation files', he, en],
  ['studio translation files', studioTexts('he'), studioTexts('en')],
  ['spot-code step translation files', presenceHe, presenceEn],
  ['live news translation files', liveHe, liveEn],
  ['game language switch translation files', languagesHe, languagesEn],
  ['terms of use translation files', termsHe, termsEn],
  ['affiliates pages translation files', affiliatesHe, affiliatesEn],
  ['offline pack translation files', offlinePackHe, offlinePackEn],
  ['outbox translation files', outboxHe, outboxEn],
  ['purchases translation files', purchasesHe, purchasesEn],
  ['builders page translation files', buildersHe, buildersEn],
  ['account pages translation files', accountHe, accountEn],
  ['accessibility statement translation files', accessibilityHe, accessibilityEn],
])('%s', (_name, heTexts, enTexts) => {
  const heLeaves = leaves(heTexts);
  const enLeaves = leaves(enTexts);

  it('have the same keys in Hebrew and English', () => {
    const missingInEn = [...heLeaves.keys()].filter((k) => !enLeaves.has(k));
    const missingInHe = [...enLeaves.keys()].filter((k) => !heLeaves.has(k));
    expect({ missingInEn, missingInHe }).toEqual({ missingInEn: [], missingInHe: [] });
    expect(heLeaves.size).toBeGreaterThan(5);
  });

  it('leave no text empty', () => {
    const empty = [...heLeaves, ...enLeaves].filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([k]) => k);
    expect(empty).toEqual([]);
  });

  it('write Hebrew in the Hebrew file', () => {
    // A copied English text left in he.json would show English to Hebrew users.
    const notHebrew = [...heLeaves]
      .filter(([, v]) => typeof v === 'string' && /[A-Za-z]{4,}/.test(v) && !/[\u0590-\u05FF]/.test(v))
      .map(([k]) => k);
    expect(notHebrew).toEqual([]);
  });

  it('use the same interpolation variables in both languages', () => {
    const vars = (s: unknown) => [...String(s).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    const mismatched = [...heLeaves.keys()].filter((k) => JSON.stringify(vars(heLeaves.get(k))) !== JSON.stringify(vars(enLeaves.get(k))));
    expect(mismatched).toEqual([]);
  });
});
