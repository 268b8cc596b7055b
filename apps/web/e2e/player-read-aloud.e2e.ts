import { beforeAll, describe, expect, it } from 'vitest';
import { openPage } from './support/app.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { newPhonePage, type Language } from './support/browser.ts';
import { englishGame, freeGame, writtenAnswers, type DemoGame } from './support/demo-games.ts';
import { installFakeSpeech, takeSpoken } from './support/fake-speech.ts';
import { startE2e } from './support/fixture.ts';
import { expectFitsScreen } from './support/phone-layout.ts';
import { buyCodeViaApi, enterCode, questionView } from './support/player.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { texts } from './support/texts.ts';

// Read aloud: a player with the phone in one hand has the intro, each question, a hint opened and the
// text after a right answer read in the game's language; the choice is kept on the phone. Debian's
// headless Chromium has no voices: with its own speech synthesis it says the phone has none.

const e2e = startE2e();
let games: Record<Language, DemoGame>;
beforeAll(async () => {
  const [he, en] = await Promise.all([freeGame(), englishGame()]);
  games = { he, en };
});

/** The words of rich content as the page reads them: a line per paragraph or list item, without markup. */
const lines = (html: string) =>
  html
    .replace(/<\/(p|li|h\d)>|<br\s*\/?>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean);

describe('read aloud', () => {
  const cases: Array<[Language, { width: number; height: number }]> = [
    ['he', { width: 390, height: 844 }],
    ['en', { width: 360, height: 800 }],
  ];
  for (const [language, viewport] of cases) {
    it(`reads the intro, a question, a hint and the text after the answer in the game's language, and keeps the choice (${language}, ${viewport.width} px)`, { timeout: 120_000 }, async () => {
      const t = texts[language];
      const game = games[language];
      const { metadata, introPage, questions } = game.content;
      const locale = language === 'he' ? 'he-IL' : 'en-US';
      const p = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language, viewport });
      const { page, context } = p;
      await installFakeSpeech(context);
      try {
        await openPage(page, `/game/${game.id}`);
        const intro = page.getByTestId('intro-page');
        const toggle = intro.getByRole('switch', { name: t.player.readAloud.label });
        await toggle.waitFor({ state: 'attached' });
        expect(await toggle.isChecked()).toBe(false);
        await intro.getByTestId('read-aloud-switch').click();
        const introSaid = await takeSpoken(page);
        expect(introSaid.map((s) => s.text)).toEqual([metadata.name, `${metadata.locationText}, ${metadata.locationCity}`, ...lines(introPage.content)]);
        expect(new Set(introSaid.map((s) => `${s.lang} ${s.voice}`))).toEqual(new Set([`${locale} ${language === 'he' ? 'Carmit' : 'Samantha'}`]));
        await expectFitsScreen(page, `read-aloud-intro-${language}-${viewport.width}`);
        await saveScreenshot(page, `read-aloud-intro-${language}-${viewport.width}`);

        // Into the play: the free game starts from the intro, the paid one with a bought code.
        if (language === 'he') await intro.getByTestId('free-start').click();
        else await enterCode(page, t, (await buyCodeViaApi(e2e.server, game.id)).code);
        const question = questionView(page, 0);
        await question.waitFor();
        const first = questions[0]!;
        expect((await takeSpoken(page)).map((s) => s.text)).toEqual([t.player.question.title.replace('{{n}}', '1'), ...lines(first.content), ...lines(first.answer.content)]);
        await expectNoSeriousA11yViolations(page);

        // A hint opened: just the hint.
        await question.getByTestId('hint-1').click();
        await page.getByRole('dialog').getByRole('button', { name: t.player.hints.confirmYes }).click();
        const hint = first.hints[0]!;
        expect((await takeSpoken(page)).map((s) => s.text)).toEqual([hint.title?.trim() || t.player.hints.untitled.replace('{{n}}', '1'), ...lines(hint.content)]);

        // The right answer: the text after it.
        await question.getByTestId('answer-input').fill(writtenAnswers(game, 0)[0]!);
        await question.getByTestId('answer-input').press('Enter');
        await question.getByTestId('after-answer').waitFor();
        expect((await takeSpoken(page)).map((s) => s.text)).toEqual(lines(first.answer.contentAfterAnswer));
        await saveScreenshot(page, `read-aloud-question-${language}-${viewport.width}`);

        // Kept on the phone: after a reload (back at the question it was on) the switch is on and the
        // question is read as it opens.
        await page.reload();
        await questionView(page, 0).waitFor();
        expect(await page.getByRole('switch', { name: t.player.readAloud.label }).isChecked()).toBe(true);
        expect((await takeSpoken(page))[0]?.text).toBe(t.player.question.title.replace('{{n}}', '1'));
        p.expectNoErrors();
      } finally {
        await p.close();
      }
    });
  }

  it('says so where the phone has no voice for the game’s language, and the page works on (he, 360 px, Chromium’s own speech)', { timeout: 60_000 }, async () => {
    const t = texts.he;
    const p = await newPhonePage(e2e.browser, { baseURL: e2e.server.url, language: 'he', viewport: { width: 360, height: 800 } });
    const { page } = p;
    try {
      await openPage(page, `/game/${games.he.id}`);
      // Debian's headless Chromium has the API and no voice at all.
      expect(await page.evaluate(() => 'speechSynthesis' in window && speechSynthesis.getVoices().length)).toBe(0);
      await page.getByTestId('read-aloud-switch').click();
      const message = page.getByTestId('read-aloud-unavailable');
      await message.waitFor();
      expect(await message.textContent()).toBe(t.player.readAloud.noVoice.replace('{{language}}', t.player.readAloud.languages.he));
      expect(await message.getAttribute('role')).toBe('status');
      await expectFitsScreen(page, 'read-aloud-no-voice-he-360');
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, 'read-aloud-no-voice-he-360');
      // The page works on: the game starts.
      await page.getByTestId('free-start').click();
      await questionView(page, 0).waitFor();
      p.expectNoErrors();
    } finally {
      await p.close();
    }
  });
});
