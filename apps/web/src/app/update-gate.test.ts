import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdUpdates, isUpdateSafe, onUpdateSafe } from './update-gate.ts';

describe('the update gate', () => {
  const cleanups: Array<() => void> = [];
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  });

  it('is safe until something holds, and again once every hold is released', () => {
    expect(isUpdateSafe()).toBe(true);
    const answer = holdUpdates('answer');
    const photo = holdUpdates('photo');
    cleanups.push(answer, photo);
    expect(isUpdateSafe()).toBe(false);
    answer();
    expect(isUpdateSafe()).toBe(false);
    photo();
    expect(isUpdateSafe()).toBe(true);
  });

  it('tells its listeners when the last hold goes, once, and a release called twice counts once', () => {
    const safe = vi.fn();
    cleanups.push(onUpdateSafe(safe));
    const first = holdUpdates('answer');
    const second = holdUpdates('answer');
    first();
    first();
    expect(safe).not.toHaveBeenCalled();
    expect(isUpdateSafe()).toBe(false);
    second();
    expect(safe).toHaveBeenCalledTimes(1);
    second();
    expect(safe).toHaveBeenCalledTimes(1);
  });

  it('stops telling a listener that unsubscribed', () => {
    const safe = vi.fn();
    const unsubscribe = onUpdateSafe(safe);
    unsubscribe();
    holdUpdates('answer')();
    expect(safe).not.toHaveBeenCalled();
  });
});
