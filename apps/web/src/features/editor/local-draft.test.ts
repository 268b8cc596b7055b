import { afterEach, describe, expect, it } from 'vitest';
import { setMetadata } from './editor-store.ts';
import { clearDraft, decideDraft, draftKey, readDraft, writeDraft } from './local-draft.ts';
import { editableGame } from './test-game.ts';

const stored = { version: 4, game: editableGame(2, 1) };
const edited = setMetadata(stored.game, { name: 'Edited on the bus' });

describe('local draft', () => {
  afterEach(() => localStorage.clear());

  it('keeps a copy per game with the version it started from, and forgets it', () => {
    writeDraft('g1', 4, edited, new Date('2026-05-01T10:00:00.000Z'));
    expect(readDraft('g1')).toEqual({ version: 4, game: edited, savedAt: '2026-05-01T10:00:00.000Z' });
    expect(readDraft('g2')).toBeNull();
    clearDraft('g1');
    expect(readDraft('g1')).toBeNull();
  });

  it('ignores what is not a kept game', () => {
    localStorage.setItem(draftKey('g1'), '{not json');
    expect(readDraft('g1')).toBeNull();
    localStorage.setItem(draftKey('g1'), JSON.stringify({ version: 1, game: { metadata: {} } }));
    expect(readDraft('g1')).toBeNull();
    localStorage.setItem(draftKey('g1'), JSON.stringify({ game: edited }));
    expect(readDraft('g1')).toBeNull();
  });

  it('restores a copy of the same version that differs, asks about an older one, and ignores one equal to the stored game', () => {
    const draft = (version: number, game = edited) => ({ version, game, savedAt: '' });
    expect(decideDraft(null, stored)).toEqual({ kind: 'none' });
    expect(decideDraft(draft(4, stored.game), stored)).toEqual({ kind: 'none' });
    expect(decideDraft(draft(3, stored.game), stored)).toEqual({ kind: 'none' });
    expect(decideDraft(draft(4), stored)).toEqual({ kind: 'restore', draft: draft(4) });
    expect(decideDraft(draft(3), stored)).toEqual({ kind: 'ask', draft: draft(3) });
  });
});
