import yazl from 'yazl';
import { describe, expect, it } from 'vitest';
import { zipEntryName } from './zip-entry-name.ts';

describe('a zip entry named after a team or a question', () => {
  it.each([
    ['Owls', 'Owls'],
    ['  כיתה ד׳  ', 'כיתה ד׳'],
    ['. ..', 'T-CODE'],
    ['..', 'T-CODE'],
    ['...Owls...', 'Owls'],
    ['a/../b', 'a .. b'],
    ['\u200b\u200b', 'T-CODE'],
    ['', 'T-CODE'],
    ['x'.repeat(70), 'x'.repeat(60)],
  ])('%j is %j', (text, name) => {
    expect(zipEntryName(text, 'T-CODE')).toBe(name);
  });

  it('is a name the zip writer takes as a folder', () => {
    const zip = new yazl.ZipFile();
    for (const text of ['. ..', '..', ' . ', 'a/../b', '\\..\\', 'Owls'])
      expect(() => zip.addBuffer(Buffer.from('x'), `${zipEntryName(text, 'T-CODE')}/1-photo.jpg`)).not.toThrow();
  });
});
