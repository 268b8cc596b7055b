import type { Language } from '@streethunt/shared';

/**
 * Reading aloud through the browser's own speech synthesis (the Web Speech API): no audio is
 * downloaded and no text leaves the phone. Everything here is silent where the API is missing.
 */

/** The locale each game language is spoken in. */
const LOCALES: Record<Language, string> = { he: 'he-IL', en: 'en-US' };
/** Older systems name Hebrew by its withdrawn code. */
const LANGUAGE_CODES: Record<Language, readonly string[]> = { he: ['he', 'iw'], en: ['en'] };
/** Chrome stops an utterance after about 15 s of speech: long text goes as several, at sentence ends. */
const MAX_CHUNK = 220;
/** How long to wait for the list of voices, which some browsers fill in only after a moment. */
const VOICES_WAIT_MS = 1_500;

export type VoiceCheck = { kind: 'ready'; voice: SpeechSynthesisVoice } | { kind: 'no-voice' } | { kind: 'unsupported' };

function synthesis(): SpeechSynthesis | null {
  if (typeof window === 'undefined' || !('speechSynthesis' in window) || typeof window.SpeechSynthesisUtterance !== 'function') return null;
  return window.speechSynthesis;
}

function voicesNow(synth: SpeechSynthesis): SpeechSynthesisVoice[] {
  try {
    return synth.getVoices();
  } catch {
    return [];
  }
}

/** The voices, once the browser has them (or an empty list after a short wait). */
async function voices(synth: SpeechSynthesis): Promise<SpeechSynthesisVoice[]> {
  const now = voicesNow(synth);
  if (now.length > 0) return now;
  return new Promise((resolve) => {
    const done = () => {
      synth.removeEventListener?.('voiceschanged', done);
      clearTimeout(timer);
      resolve(voicesNow(synth));
    };
    const timer = setTimeout(done, VOICES_WAIT_MS);
    synth.addEventListener?.('voiceschanged', done);
  });
}

/** The best voice for `language`: the phone's default for it, else a local one, else any. */
export function pickVoice(all: readonly SpeechSynthesisVoice[], language: Language): SpeechSynthesisVoice | null {
  const codes = LANGUAGE_CODES[language];
  const fits = all.filter((voice) => codes.includes(voice.lang.toLowerCase().split(/[-_]/)[0] ?? ''));
  return fits.find((voice) => voice.default) ?? fits.find((voice) => voice.localService) ?? fits[0] ?? null;
}

/** Whether this phone can read `language` aloud, and with which voice. */
export async function checkVoice(language: Language): Promise<VoiceCheck> {
  const synth = synthesis();
  if (!synth) return { kind: 'unsupported' };
  const voice = pickVoice(await voices(synth), language);
  return voice ? { kind: 'ready', voice } : { kind: 'no-voice' };
}

/**
 * The words of rich content as one reads them: each paragraph, heading or list item on its own line,
 * images and media left out.
 */
export function htmlToSpeech(html: string): string {
  if (typeof DOMParser === 'undefined' || !html.trim()) return '';
  const doc = new DOMParser().parseFromString(html, 'text/html');
  doc.querySelectorAll('script, style, img, video, audio, iframe').forEach((element) => element.remove());
  doc.querySelectorAll('br').forEach((element) => element.replaceWith('\n'));
  doc.querySelectorAll('p, div, li, h1, h2, h3, h4, h5, h6, blockquote, tr').forEach((element) => element.append('\n'));
  return (doc.body.textContent ?? '')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

/** Lines of text cut into utterances: a line each, a long line at its sentence ends (or spaces). */
export function speechChunks(text: string): string[] {
  const chunks: string[] = [];
  for (const line of text.split('\n').map((l) => l.trim()).filter(Boolean)) {
    let rest = line;
    while (rest.length > MAX_CHUNK) {
      const window = rest.slice(0, MAX_CHUNK);
      const sentenceEnd = Math.max(...['. ', '! ', '? ', '; ', ': '].map((mark) => window.lastIndexOf(mark)));
      const cut = sentenceEnd > MAX_CHUNK / 3 ? sentenceEnd + 1 : window.lastIndexOf(' ') > 0 ? window.lastIndexOf(' ') : MAX_CHUNK;
      chunks.push(rest.slice(0, cut).trim());
      rest = rest.slice(cut).trim();
    }
    if (rest) chunks.push(rest);
  }
  return chunks;
}

type SpeakingListener = (speaking: boolean) => void;
const listeners = new Set<SpeakingListener>();
let speaking = false;
/** Counts the readings started, so the end of one that was cut off does not end the next. */
let reading = 0;

function setSpeaking(next: boolean) {
  if (next === speaking) return;
  speaking = next;
  for (const listener of listeners) listener(next);
}

export function isSpeaking(): boolean {
  return speaking;
}

export function onSpeakingChange(listener: SpeakingListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Reads `text` in `language` with `voice`, instead of whatever was being read. */
export function speak(text: string, language: Language, voice: SpeechSynthesisVoice): void {
  const synth = synthesis();
  if (!synth) return;
  synth.cancel();
  const chunks = speechChunks(text);
  const current = ++reading;
  if (chunks.length === 0) {
    setSpeaking(false);
    return;
  }
  chunks.forEach((chunk, index) => {
    const utterance = new window.SpeechSynthesisUtterance(chunk);
    utterance.lang = LOCALES[language];
    utterance.voice = voice;
    if (index === chunks.length - 1) {
      const finish = () => {
        if (current === reading) setSpeaking(false);
      };
      utterance.onend = finish;
      utterance.onerror = finish;
    }
    synth.speak(utterance);
  });
  setSpeaking(true);
}

/** Stops reading at once. */
export function stopSpeaking(): void {
  reading++;
  synthesis()?.cancel();
  setSpeaking(false);
}
