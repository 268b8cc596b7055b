/**
 * For tests: the browser's speech synthesis replaced at its boundary (window.speechSynthesis and
 * SpeechSynthesisUtterance), with the voices given; it records what it was asked to say.
 */
export type FakeVoice = { lang: string; name: string; default?: boolean };
type Spoken = { text: string; lang: string; voice: string | undefined };

type FakeUtterance = { text: string; lang: string; voice: { name: string } | null; onend: (() => void) | null; onerror: (() => void) | null };

export function installFakeSpeech(voices: readonly FakeVoice[]) {
  const spoken: Spoken[] = [];
  const queued: FakeUtterance[] = [];
  let cancels = 0;
  class Utterance implements FakeUtterance {
    lang = '';
    voice: { name: string } | null = null;
    onend: (() => void) | null = null;
    onerror: (() => void) | null = null;
    constructor(public text: string) {}
  }
  const synthesis = {
    getVoices: () => voices.map((voice) => ({ ...voice, default: voice.default ?? false, localService: true, voiceURI: voice.name })),
    speak(utterance: FakeUtterance) {
      spoken.push({ text: utterance.text, lang: utterance.lang, voice: utterance.voice?.name });
      queued.push(utterance);
    },
    cancel() {
      cancels++;
      queued.length = 0;
    },
    addEventListener() {},
    removeEventListener() {},
  };
  Object.defineProperty(window, 'speechSynthesis', { value: synthesis, configurable: true, writable: true });
  Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: Utterance, configurable: true, writable: true });
  return {
    spoken,
    /** The texts said since the last call, one string per utterance. */
    take(): string[] {
      return spoken.splice(0).map((s) => s.text);
    },
    cancels: () => cancels,
    /** The phone finishes reading everything queued. */
    finish() {
      for (const utterance of queued.splice(0)) utterance.onend?.();
    },
    uninstall() {
      Reflect.deleteProperty(window, 'speechSynthesis');
      Reflect.deleteProperty(window, 'SpeechSynthesisUtterance');
    },
  };
}
