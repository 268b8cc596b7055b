/**
 * The player's sounds: a correct answer, a wrong one and an accepted code (spec section 9), and a live
 * event's message from its organiser. Synthesized with the Web Audio API, so no audio files load; silent wherever audio is unavailable.
 */
export type SoundName = 'good' | 'bad' | 'code-ok' | 'message';

type Note = { frequency: number; start: number; duration: number; type: OscillatorType; gain: number };

export const SOUND_NOTES: Record<SoundName, Note[]> = {
  // Two rising notes: a bright "ding-ding".
  good: [
    { frequency: 880, start: 0, duration: 0.12, type: 'sine', gain: 0.25 },
    { frequency: 1318.5, start: 0.11, duration: 0.22, type: 'sine', gain: 0.25 },
  ],
  // A low falling buzz.
  bad: [
    { frequency: 220, start: 0, duration: 0.18, type: 'square', gain: 0.08 },
    { frequency: 164.8, start: 0.16, duration: 0.26, type: 'square', gain: 0.08 },
  ],
  // An upward major arpeggio.
  'code-ok': [
    { frequency: 523.25, start: 0, duration: 0.12, type: 'triangle', gain: 0.25 },
    { frequency: 659.25, start: 0.1, duration: 0.12, type: 'triangle', gain: 0.25 },
    { frequency: 783.99, start: 0.2, duration: 0.12, type: 'triangle', gain: 0.25 },
    { frequency: 1046.5, start: 0.3, duration: 0.3, type: 'triangle', gain: 0.25 },
  ],
  // A falling two-tone chime, like a doorbell: unlike any answer's sound, so the team looks up.
  message: [
    { frequency: 1174.66, start: 0, duration: 0.25, type: 'sine', gain: 0.3 },
    { frequency: 880, start: 0.22, duration: 0.45, type: 'sine', gain: 0.3 },
  ],
};

type AudioContextClass = typeof AudioContext;
let context: AudioContext | null = null;

function audioContext(): AudioContext | null {
  if (context) return context;
  const Ctor: AudioContextClass | undefined =
    typeof window === 'undefined'
      ? undefined
      : (window.AudioContext ?? (window as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext);
  if (!Ctor) return null;
  context = new Ctor();
  return context;
}

/**
 * Creates and resumes the audio context inside a tap, so that a sound played later (after a network
 * reply) is allowed on phones that only start audio from a user gesture.
 */
export function primeSounds(): void {
  try {
    const ctx = audioContext();
    if (ctx?.state === 'suspended') void ctx.resume().catch(() => undefined);
  } catch {
    /* no audio */
  }
}

/** Plays a sound; never throws (no audio device, autoplay refused, old browser). */
export function playSound(name: SoundName): void {
  try {
    const ctx = audioContext();
    if (!ctx) return;
    if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
    const now = ctx.currentTime;
    for (const note of SOUND_NOTES[name]) {
      const oscillator = ctx.createOscillator();
      const gain = ctx.createGain();
      oscillator.type = note.type;
      oscillator.frequency.setValueAtTime(note.frequency, now + note.start);
      // A quick attack and an exponential release, so the notes do not click.
      gain.gain.setValueAtTime(0.0001, now + note.start);
      gain.gain.exponentialRampToValueAtTime(note.gain, now + note.start + 0.015);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + note.start + note.duration);
      oscillator.connect(gain).connect(ctx.destination);
      oscillator.start(now + note.start);
      oscillator.stop(now + note.start + note.duration + 0.02);
    }
  } catch {
    /* sound is a nicety */
  }
}
