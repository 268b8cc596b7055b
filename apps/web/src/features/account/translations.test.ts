import { describe, expect, it } from 'vitest';
import en from '../../i18n/app/account.en.json';
import he from '../../i18n/app/account.he.json';
import { ACCOUNT_NAMESPACE } from '../../i18n/account-translations.ts';
import { createTestI18n } from '../../test/i18n.ts';

/** Every leaf of a translation tree, as dotted keys with their text. */
function leaves(tree: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (tree && typeof tree === 'object' && !Array.isArray(tree)) {
    for (const [key, value] of Object.entries(tree)) {
      for (const [leaf, text] of leaves(value, prefix ? `${prefix}.${key}` : key)) out.set(leaf, text);
    }
  } else {
    out.set(prefix, tree);
  }
  return out;
}

describe('account translations', () => {
  const heKeys = leaves(he.account, 'account');
  const enKeys = leaves(en.account, 'account');

  it('has the same keys in Hebrew and English', () => {
    expect([...heKeys.keys()].sort()).toEqual([...enKeys.keys()].sort());
    expect(heKeys.size).toBeGreaterThan(50);
  });

  it('leaves no text empty', () => {
    for (const [key, text] of [...heKeys, ...enKeys]) {
      expect(typeof text === 'string' && text.trim().length > 0, key).toBe(true);
    }
  });

  it('keeps the same placeholders and tags in both languages', () => {
    const marks = (text: unknown) => [...String(text).matchAll(/\{\{\w+\}\}|<\/?\w+>/g)].map((m) => m[0]).sort();
    for (const [key, text] of heKeys) expect(marks(text), key).toEqual(marks(enKeys.get(key)));
  });

  it('reports keys the code asks for and the files lack (the page tests rely on it)', async () => {
    const { i18n, missing } = await createTestI18n('he');
    i18n.t(['account.validation.byField.firstName.required', 'account.validation.required'], { ns: ACCOUNT_NAMESPACE });
    expect(missing).toEqual([]);
    i18n.t('account.login.noSuchKey', { ns: ACCOUNT_NAMESPACE });
    expect(missing.map((entry) => entry.key)).toEqual(['account.login.noSuchKey']);
  });
});
