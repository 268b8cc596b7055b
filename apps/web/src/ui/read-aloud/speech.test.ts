import { afterEach, describe, expect, it } from 'vitest';
import { installFakeSpeech } from '../../test/fake-speech.ts';
import { checkVoice, htmlToSpeech, pickVoice, speak, speechChunks, stopSpeaking, isSpeaking } from './speech.ts';

const voice = (lang: string, name: string, extra: Partial<SpeechSynthesisVoice> = {}) =>
  ({ lang, name, default: false, localService: false, voiceURI: name, ...extra }) as SpeechSynthesisVoice;

describe('htmlToSpeech', () => {
  it('reads paragraphs, headings, list items and line breaks as lines, without images, media or markup', () => {
    const html = '<h2>Bialik&nbsp;house</h2><p>Find the <b>blue</b> door.<br>Count its windows.</p><ul><li>one</li><li>two</li></ul><img src="x.png" alt="a photo"><p>  </p><video src="v.mp4"></video>';
    expect(htmlToSpeech(html)).toBe('Bialik house\nFind the blue door.\nCount its windows.\none\ntwo');
    expect(htmlToSpeech('<p>שלום <i>עולם</i></p>')).toBe('שלום עולם');
    expect(htmlToSpeech('')).toBe('');
  });
});

describe('speechChunks', () => {
  it('says each line on its own and cuts a long line at sentence ends, each piece short enough to be read whole', () => {
    const sentence = 'The old water tower stands where the orchards once ended, and every child in the street knew it. ';
    const chunks = speechChunks(`Title\n${sentence.repeat(5)}`);
    expect(chunks[0]).toBe('Title');
    expect(chunks.length).toBeGreaterThan(3);
    for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(220);
    expect(chunks.slice(1).join(' ')).toBe(sentence.repeat(5).trim());
    expect(chunks.slice(1).every((chunk) => chunk.endsWith('.'))).toBe(true);
    // No sentence end: cut at a space.
    const words = 'word '.repeat(100).trim();
    expect(speechChunks(words).join(' ')).toBe(words);
  });
});

describe('pickVoice', () => {
  it('picks the phone’s default voice of the language, else a local one, else any; Hebrew also as iw', () => {
    const voices = [voice('en-US', 'Remote English'), voice('en-GB', 'Local English', { localService: true }), voice('iw_IL', 'Old Hebrew')];
    expect(pickVoice(voices, 'en')?.name).toBe('Local English');
    expect(pickVoice([...voices, voice('en-AU', 'Default English', { default: true })], 'en')?.name).toBe('Default English');
    expect(pickVoice(voices, 'he')?.name).toBe('Old Hebrew');
    expect(pickVoice([voice('fr-FR', 'French')], 'he')).toBeNull();
  });
});

describe('checkVoice and speak', () => {
  let fake: ReturnType<typeof installFakeSpeech> | null = null;
  afterEach(() => {
    stopSpeaking();
    fake?.uninstall();
    fake = null;
  });

  it('tells a browser without speech synthesis, and a phone without a voice for the language', async () => {
    expect(await checkVoice('he')).toEqual({ kind: 'unsupported' });
    fake = installFakeSpeech([{ lang: 'en-US', name: 'English' }]);
    expect(await checkVoice('he')).toEqual({ kind: 'no-voice' });
    expect(await checkVoice('en')).toMatchObject({ kind: 'ready', voice: { name: 'English' } });
  });

  it('reads in the game’s locale with the voice, instead of what it was reading, and says when it is done', async () => {
    fake = installFakeSpeech([{ lang: 'he-IL', name: 'Carmit' }]);
    const check = await checkVoice('he');
    if (check.kind !== 'ready') throw new Error('no voice');
    speak('שאלה 1\nמי גר בבית?', 'he', check.voice);
    expect(fake.spoken).toEqual([
      { text: 'שאלה 1', lang: 'he-IL', voice: 'Carmit' },
      { text: 'מי גר בבית?', lang: 'he-IL', voice: 'Carmit' },
    ]);
    expect(isSpeaking()).toBe(true);
    const cancelsBefore = fake.cancels();
    speak('רמז 1', 'he', check.voice);
    expect(fake.cancels()).toBe(cancelsBefore + 1);
    fake.finish();
    expect(isSpeaking()).toBe(false);
  });
});
