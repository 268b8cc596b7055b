import { formatMoney, MONEY_TIME_ZONE, PRODUCT_NAME, type Language } from '@streethunt/shared';
import type { MailMessage } from '../../platform/mail/mailer.ts';
import { emailDocument, escapeHtml, mailHtml, typedText } from '../../platform/mail/html.ts';

type Email = Omit<MailMessage, 'to'>;

export type GameCodeEmailInput = {
  fullName: string;
  gameName: string;
  code: string;
  gameLink: string;
  /** The web app's cancel page for this purchase, with its token (DESIGN.md section 15). */
  cancelLink?: string;
  language: Language;
};

/** The receipt's cancel notice: 14 days, unused, the whole amount back; its link in HTML and in the text. */
function cancelNotice(language: Language, cancelLink: string | undefined, forEvent: boolean): { html: string[]; text: string[] } {
  if (!cancelLink) return { html: [], text: [] };
  const w =
    language === 'en'
      ? {
          line: `Changed your mind? Within 14 days of the purchase, as long as ${forEvent ? 'no team has started the game' : 'the game has not been started'}, you can cancel it and get the whole amount back.`,
          label: 'Cancel the purchase',
        }
      : {
          line: `התחרטת? בתוך 14 יום מהרכישה, כל עוד ${forEvent ? 'אף קבוצה לא התחילה את המשחק' : 'המשחק לא התחיל'}, אפשר לבטל את הרכישה ולקבל את מלוא הסכום בחזרה.`,
          label: 'לביטול הרכישה',
        };
  return {
    html: [mailHtml.small(w.line), `<p style="font-size: 13px;"><a href="${escapeHtml(cancelLink)}">${escapeHtml(w.label)}</a></p>`],
    text: [w.line, `${w.label}: ${cancelLink}`, ''],
  };
}

/** The purchased code, with the game's link and how to start (HTML and plain text), in `language`: the game's. */
export function gameCodeEmail({ fullName: typedFull, gameName: typedGame, code, gameLink, cancelLink, language }: GameCodeEmailInput): Email {
  // Names callers typed: one short plain line each, never a link (platform/mail/html.ts).
  const [fullName, gameName] = [typedText(typedFull), typedText(typedGame)];
  const w =
    language === 'en'
      ? {
          subject: `Your code for ${gameName}`,
          greeting: `Hello ${fullName},`,
          intro: `Thank you for buying ${gameName}. Your game code is:`,
          howTitle: 'How to start',
          how: [
            'Open the game link on your phone when you are at the starting point.',
            'Tap “Let’s play” and enter the code.',
            'Everyone in your group can enter the same code on their own phone: you all share one game and see each other’s progress.',
          ],
          button: 'Open the game',
          footer: 'Keep this email: the code lets you continue the game on another device.',
          signature: `The ${PRODUCT_NAME.en} team`,
        }
      : {
          subject: `הקוד שלך למשחק ${gameName}`,
          greeting: `שלום ${fullName},`,
          intro: `תודה שרכשת את המשחק ${gameName}. קוד המשחק שלך:`,
          howTitle: 'איך מתחילים',
          how: [
            'פותחים את הקישור למשחק בטלפון כשמגיעים לנקודת ההתחלה.',
            'לוחצים על "בואו נשחק" ומקלידים את הקוד.',
            'כל חברי הקבוצה יכולים להקליד את אותו הקוד בטלפון שלהם: כולם משחקים באותו משחק ורואים את ההתקדמות של כולם.',
          ],
          button: 'למשחק',
          footer: 'כדאי לשמור את ההודעה הזו: עם הקוד אפשר להמשיך את המשחק גם ממכשיר אחר.',
          signature: `צוות ${PRODUCT_NAME.he}`,
        };
  const cancel = cancelNotice(language, cancelLink, false);
  const html = emailDocument(language, w.subject, [
    mailHtml.paragraph(w.greeting),
    mailHtml.paragraph(w.intro),
    `<p dir="ltr" style="font-size: 26px; font-weight: bold; letter-spacing: 3px; font-family: monospace;">${escapeHtml(code)}</p>`,
    `<h2 style="font-size: 18px;">${escapeHtml(w.howTitle)}</h2>`,
    `<ol>\n${w.how.map((step) => `<li>${escapeHtml(step)}</li>`).join('\n')}\n</ol>`,
    mailHtml.button(gameLink, w.button),
    mailHtml.small(gameLink),
    mailHtml.small(w.footer),
    ...cancel.html,
    mailHtml.paragraph(w.signature),
  ]);
  const text = [
    w.greeting,
    '',
    w.intro,
    code,
    '',
    `${w.howTitle}:`,
    ...w.how.map((step, i) => `${i + 1}. ${step}`),
    '',
    `${w.button}: ${gameLink}`,
    '',
    w.footer,
    '',
    ...cancel.text,
    w.signature,
    '',
  ].join('\n');
  return { subject: w.subject, html, text, language };
}

export type EventPurchaseEmailInput = {
  fullName: string;
  gameName: string;
  eventName: string;
  teamCount: number;
  /** ISO time. */
  startsAt: string;
  /** What was paid, in agorot (cents), and its currency: the email is the buyer's receipt. */
  amountPaid: number;
  currency: string;
  controlRoomLink: string;
  /** The web app's cancel page for this purchase, with its token (DESIGN.md section 15). */
  cancelLink?: string;
  language: Language;
};

/** The event was paid: what was bought, when it starts, and the link to its control room (where its team codes are). */
export function eventPurchaseEmail(input: EventPurchaseEmailInput): Email {
  const [fullName, gameName, eventName] = [typedText(input.fullName), typedText(input.gameName), typedText(input.eventName)];
  const { language, teamCount, controlRoomLink } = input;
  const paid = formatMoney(input.amountPaid, language, input.currency);
  // Israeli time: the games are played there.
  const startsAt = new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'he-IL', { dateStyle: 'medium', timeStyle: 'short', timeZone: MONEY_TIME_ZONE }).format(new Date(input.startsAt));
  const w =
    language === 'en'
      ? {
          subject: `Your event ${eventName} is ready`,
          greeting: `Hello ${fullName},`,
          lines: [
            `Thank you for buying the event ${eventName} of the game ${gameName} for ${teamCount} teams. It starts on ${startsAt}.`,
            `Amount paid: ${paid}.`,
            'Its control room has a code for each team: hand them out, then follow the teams live, send them messages and see the ranking.',
          ],
          button: 'Open the control room',
          footer: 'The control room opens when you are signed in with the account that bought the event.',
          signature: `The ${PRODUCT_NAME.en} team`,
        }
      : {
          subject: `האירוע ${eventName} מוכן`,
          greeting: `שלום ${fullName},`,
          lines: [
            `תודה שרכשת את האירוע ${eventName} של המשחק ${gameName} עבור ${teamCount} קבוצות. הוא מתחיל ב־${startsAt}.`,
            `הסכום ששולם: ${paid}.`,
            'בחדר הבקרה של האירוע יש קוד לכל קבוצה: מחלקים את הקודים, ואז עוקבים אחרי הקבוצות בזמן אמת, שולחים להן הודעות ורואים את הדירוג.',
          ],
          button: 'לחדר הבקרה',
          footer: 'חדר הבקרה נפתח כשמחוברים עם החשבון שרכש את האירוע.',
          signature: `צוות ${PRODUCT_NAME.he}`,
        };
  const cancel = cancelNotice(language, input.cancelLink, true);
  const html = emailDocument(language, w.subject, [
    mailHtml.paragraph(w.greeting),
    ...w.lines.map((line) => mailHtml.paragraph(line)),
    mailHtml.button(controlRoomLink, w.button),
    mailHtml.small(controlRoomLink),
    mailHtml.small(w.footer),
    ...cancel.html,
    mailHtml.paragraph(w.signature),
  ]);
  const text = [w.greeting, '', ...w.lines, '', `${w.button}: ${controlRoomLink}`, '', w.footer, '', ...cancel.text, w.signature, ''].join('\n');
  return { subject: w.subject, html, text, language };
}
