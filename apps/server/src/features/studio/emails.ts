import type { Language } from '@streethunt/shared';
import type { MailContent } from '../../platform/mail/mailer.ts';
import { emailDocument, mailHtml, typedText } from '../../platform/mail/html.ts';

/**
 * To an admin, in the admin's language: a creator sent a game to approval; the link opens it in the
 * editor. The subject is ours alone: a creator's text there (a game's name) would let anyone put a
 * line of their choosing in every admin's inbox.
 */
export function gameSentToApprovalEmail(input: { gameName: string; creatorName: string; link: string; language: Language }): MailContent {
  const { link, language } = input;
  // Names callers typed: one short plain line each, never a link (platform/mail/html.ts).
  const [gameName, creatorName] = [typedText(input.gameName), typedText(input.creatorName)];
  const w =
    language === 'en'
      ? {
          subject: 'A game is waiting for approval',
          paragraphs: [`${creatorName} sent the game “${gameName}” to approval.`, 'Open it in the editor to review it, then approve it from the pending games.'],
          button: 'Open the game',
        }
      : {
          subject: 'משחק ממתין לאישור',
          paragraphs: [`${creatorName} שלח/ה את המשחק "${gameName}" לאישור.`, 'פתחו אותו בעורך כדי לעבור עליו, ואשרו אותו מרשימת המשחקים הממתינים.'],
          button: 'לפתיחת המשחק',
        };
  const html = emailDocument(language, w.subject, [...w.paragraphs.map(mailHtml.paragraph), mailHtml.button(link, w.button), mailHtml.small(link)]);
  const text = [...w.paragraphs, '', `${w.button}: ${link}`, ''].join('\n');
  return { subject: w.subject, html, text, language };
}
