import type { Language } from '@streethunt/shared';
import type { MailContent } from '../../platform/mail/mailer.ts';
import { emailDocument, mailHtml, typedText } from '../../platform/mail/html.ts';

type Words = { subject: string; greeting: string; paragraphs: string[]; reason?: { label: string; text: string }; button: string };

/** One email of the admin's decisions: greeting, paragraphs, the admin's reason (if any, kept as its lines), a link. */
function decisionEmail(language: Language, w: Words, link: string): MailContent {
  const reasonLines = w.reason ? w.reason.text.split(/\r?\n/).filter((line) => line.trim() !== '') : [];
  const html = emailDocument(language, w.subject, [
    mailHtml.paragraph(w.greeting),
    ...w.paragraphs.map(mailHtml.paragraph),
    ...(w.reason ? [mailHtml.paragraph(w.reason.label), ...reasonLines.map(mailHtml.paragraph)] : []),
    mailHtml.button(link, w.button),
    mailHtml.small(link),
  ]);
  const text = [w.greeting, '', ...w.paragraphs, ...(w.reason ? ['', w.reason.label, w.reason.text] : []), '', `${w.button}: ${link}`, ''].join('\n');
  return { subject: w.subject, html, text, language };
}

type Input = { firstName: string; gameName: string; link: string; language: Language };

/** To the creator, in the creator's language: the game is approved and listed; the link opens it as players see it. */
export function gameApprovedEmail({ firstName: typedFirst, gameName: typedGame, link, language }: Input): MailContent {
  const [firstName, gameName] = [typedText(typedFirst), typedText(typedGame)];
  const w: Words =
    language === 'en'
      ? {
          subject: `Approved: ${gameName}`,
          greeting: `Hello ${firstName},`,
          paragraphs: [`Your game “${gameName}” has been approved and is now listed on the site.`, 'Players can buy it and play it from now on.'],
          button: 'Open the game',
        }
      : {
          subject: `המשחק אושר: ${gameName}`,
          greeting: `שלום ${firstName},`,
          paragraphs: [`המשחק שלך "${gameName}" אושר ומופיע עכשיו באתר.`, 'מעכשיו שחקנים יכולים לקנות אותו ולשחק בו.'],
          button: 'לפתיחת המשחק',
        };
  return decisionEmail(language, w, link);
}

/** To the creator: an admin sent the game back to draft, with the reason; the link opens it in the editor. */
export function gameSentBackEmail({ firstName: typedFirst, gameName: typedGame, link, language, reason }: Input & { reason: string }): MailContent {
  const [firstName, gameName] = [typedText(typedFirst), typedText(typedGame)];
  const w: Words =
    language === 'en'
      ? {
          subject: `Your game needs changes: ${gameName}`,
          greeting: `Hello ${firstName},`,
          paragraphs: [`Your game “${gameName}” was not approved yet and is back in draft.`, 'Make the changes and send it to approval again.'],
          reason: { label: 'What to change:', text: reason },
          button: 'Open the editor',
        }
      : {
          subject: `המשחק שלך צריך שינויים: ${gameName}`,
          greeting: `שלום ${firstName},`,
          paragraphs: [`המשחק שלך "${gameName}" עוד לא אושר וחזר לטיוטה.`, 'אחרי השינויים אפשר לשלוח אותו שוב לאישור.'],
          reason: { label: 'מה צריך לשנות:', text: reason },
          button: 'לפתיחת העורך',
        };
  return decisionEmail(language, w, link);
}

/** To the creator: an admin took the approved game off the list, with the reason; plays and codes keep working. */
export function gameUnpublishedEmail({ firstName: typedFirst, gameName: typedGame, link, language, reason }: Input & { reason: string }): MailContent {
  const [firstName, gameName] = [typedText(typedFirst), typedText(typedGame)];
  const w: Words =
    language === 'en'
      ? {
          subject: `Taken off the list: ${gameName}`,
          greeting: `Hello ${firstName},`,
          paragraphs: [
            `Your game “${gameName}” is no longer listed on the site and is back in draft.`,
            'Players who already have a code can still play it. After the changes, send it to approval again.',
          ],
          reason: { label: 'The reason:', text: reason },
          button: 'Open the editor',
        }
      : {
          subject: `המשחק הוסר מהרשימה: ${gameName}`,
          greeting: `שלום ${firstName},`,
          paragraphs: [
            `המשחק שלך "${gameName}" כבר לא מופיע באתר וחזר לטיוטה.`,
            'מי שכבר יש לו קוד עדיין יכול לשחק בו. אחרי השינויים אפשר לשלוח אותו שוב לאישור.',
          ],
          reason: { label: 'הסיבה:', text: reason },
          button: 'לפתיחת העורך',
        };
  return decisionEmail(language, w, link);
}
