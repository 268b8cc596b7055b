import type { BrowserContext, Page } from 'playwright-core';

/** What a page asked the (fake) speech synthesis to say. */
export type Spoken = { text: string; lang: string; voice: string | null };

/**
 * Replaces the browser's speech synthesis at its boundary (window.speechSynthesis and
 * SpeechSynthesisUtterance) in every page of `context`, with a Hebrew and an English voice: Debian's
 * headless Chromium has no voices. What the page asks to say is kept in `window.__spoken`; each
 * utterance ends 50 ms after it starts.
 */
export async function installFakeSpeech(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    type Utterance = { text: string; lang: string; voice: { name: string } | null; onend: (() => void) | null; onerror: (() => void) | null };
    const spoken: Array<{ text: string; lang: string; voice: string | null }> = [];
    const voices = [
      { lang: 'he-IL', name: 'Carmit', default: false, localService: true, voiceURI: 'Carmit' },
      { lang: 'en-US', name: 'Samantha', default: true, localService: true, voiceURI: 'Samantha' },
    ];
    let timers: number[] = [];
    class FakeUtterance implements Utterance {
      lang = '';
      voice: { name: string } | null = null;
      onend: (() => void) | null = null;
      onerror: (() => void) | null = null;
      constructor(public text: string) {}
    }
    const synthesis = {
      getVoices: () => voices,
      speak(utterance: Utterance) {
        spoken.push({ text: utterance.text, lang: utterance.lang, voice: utterance.voice?.name ?? null });
        timers.push(window.setTimeout(() => utterance.onend?.(), 50 * (timers.length + 1)));
      },
      cancel() {
        for (const timer of timers) window.clearTimeout(timer);
        timers = [];
      },
      addEventListener() {},
      removeEventListener() {},
    };
    Object.defineProperty(window, 'speechSynthesis', { value: synthesis, configurable: true });
    Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: FakeUtterance, configurable: true });
    Object.defineProperty(window, '__spoken', { value: spoken });
  });
}

/** What the page said since the last call, one string per utterance (waits until it said something). */
export async function takeSpoken(page: Page): Promise<Spoken[]> {
  await page.waitForFunction(() => ((window as unknown as { __spoken: unknown[] }).__spoken ?? []).length > 0);
  return page.evaluate(() => (window as unknown as { __spoken: Spoken[] }).__spoken.splice(0));
}
