import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('sounds', () => {
  it('fail silently where there is no audio', async () => {
    vi.stubGlobal('AudioContext', undefined);
    const { playSound, primeSounds } = await import('./sounds.ts');
    expect(() => {
      primeSounds();
      playSound('good');
      playSound('bad');
      playSound('code-ok');
    }).not.toThrow();
  });

  it('fail silently when the audio context throws', async () => {
    vi.stubGlobal(
      'AudioContext',
      class {
        constructor() {
          throw new Error('not allowed');
        }
      },
    );
    const { playSound } = await import('./sounds.ts');
    expect(() => playSound('bad')).not.toThrow();
  });

  it('synthesize short tones with oscillators, no audio files', async () => {
    const started: Array<{ type: string; frequency: number; stopAt: number }> = [];
    class FakeContext {
      state = 'suspended';
      currentTime = 0;
      destination = {};
      resume = vi.fn(async () => {
        this.state = 'running';
      });
      createGain() {
        return { gain: { setValueAtTime: vi.fn(), exponentialRampToValueAtTime: vi.fn() }, connect: (next: unknown) => next };
      }
      createOscillator() {
        const osc = {
          type: 'sine',
          frequency: { value: 0, setValueAtTime: (value: number) => (osc.frequency.value = value) },
          connect: (next: unknown) => next,
          start: vi.fn(),
          stop: (at: number) => started.push({ type: osc.type, frequency: osc.frequency.value, stopAt: at }),
        };
        return osc;
      }
    }
    vi.stubGlobal('AudioContext', FakeContext);
    const { playSound, SOUND_NOTES } = await import('./sounds.ts');
    playSound('code-ok');
    expect(started.map((s) => s.frequency)).toEqual(SOUND_NOTES['code-ok'].map((n) => n.frequency));
    expect(Math.max(...started.map((s) => s.stopAt))).toBeLessThan(1);
    started.length = 0;
    playSound('bad');
    expect(started.every((s) => s.type === 'square')).toBe(true);
  });
});
