import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { setMetadata } from './editor-store.ts';
import { draftKey, readDraft } from './local-draft.ts';
import { editableGame } from './test-game.ts';
import { DRAFT_DELAY_MS, useLocalDraft } from './use-local-draft.ts';

const edited = setMetadata(editableGame(2, 1), { name: 'Mine' });
const kept = (overrides: Partial<Parameters<typeof useLocalDraft>[1]> = {}) => ({ game: edited, version: 3, dirty: true, paused: false, ...overrides });

describe('useLocalDraft', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    localStorage.clear();
  });

  it('writes the copy a short pause after the last change, and forgets it once it agrees with the stored game', () => {
    const { rerender } = renderHook((props) => useLocalDraft('g1', props), { initialProps: kept() });
    expect(readDraft('g1')).toBeNull();
    act(() => void vi.advanceTimersByTime(DRAFT_DELAY_MS));
    expect(readDraft('g1')).toMatchObject({ version: 3, game: { metadata: { name: 'Mine' } } });
    rerender(kept({ dirty: false }));
    expect(readDraft('g1')).toBeNull();
  });

  it('a write still waiting when the copy is dropped never lands, even while the stored game is loading', () => {
    // Dropped for a reload: the page keeps this editor on screen until the stored game arrives, and a
    // copy written in between would meet the reloaded game as an older draft to ask about.
    const { result, unmount } = renderHook((props) => useLocalDraft('g1', props), { initialProps: kept() });
    act(() => result.current.drop());
    act(() => void vi.advanceTimersByTime(DRAFT_DELAY_MS * 3));
    expect(localStorage.getItem(draftKey('g1'))).toBeNull();
    unmount();
    expect(localStorage.getItem(draftKey('g1'))).toBeNull();
  });

  it('keeps the copy at once when the page is hidden or the editor left, and not while paused', () => {
    const { rerender, unmount } = renderHook((props) => useLocalDraft('g1', props), { initialProps: kept({ paused: true }) });
    window.dispatchEvent(new Event('pagehide'));
    expect(readDraft('g1')).toBeNull();
    rerender(kept());
    window.dispatchEvent(new Event('pagehide'));
    expect(readDraft('g1')?.game.metadata.name).toBe('Mine');
    localStorage.clear();
    unmount();
    expect(readDraft('g1')?.game.metadata.name).toBe('Mine');
  });
});
