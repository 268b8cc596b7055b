import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const featuresDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('Hebrew wording of emails and replies', () => {
  it('uses one word for email, דוא״ל, as the web app does (not מייל, אימייל or דואר אלקטרוני)', async () => {
    const files: string[] = [];
    for (const feature of await readdir(featuresDir, { withFileTypes: true })) {
      if (!feature.isDirectory()) continue;
      for (const name of ['emails.ts', 'messages.ts']) {
        const file = path.join(featuresDir, feature.name, name);
        const text = await readFile(file, 'utf8').catch(() => null);
        if (text !== null) files.push(`${feature.name}/${name}\n${text}`);
      }
    }
    expect(files.length).toBeGreaterThanOrEqual(3);
    const offending = files.filter((text) => /מייל|דואר\s*אלקטרוני|דוא"ל/.test(text)).map((text) => text.split('\n')[0]);
    expect(offending).toEqual([]);
  });
});
