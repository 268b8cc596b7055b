import { formatMoney, PRODUCT_NAME, type Language } from '@streethunt/shared';
import type { MailContent } from '../../platform/mail/mailer.ts';
import { emailDocument, mailHtml, typedText } from '../../platform/mail/html.ts';

export type RefundEmailInput = {
  fullName: string;
  gameName: string;
  code: string;
  /** An event bought for many teams: its codes stop working, not one. */
  event?: { name: string; teamCount: number };
  refund: number;
  kept: number;
  /** The buyer cancelled (the whole amount back), rather than an admin refunding. */
  cancelled?: boolean;
  language: Language;
};

/** The buyer's purchase was refunded: how much comes back, what the terms keep, and that the code no longer works. */
export function refundEmail({ fullName: typedFull, gameName: typedGame, code, event, refund, kept, cancelled = false, language }: RefundEmailInput): MailContent {
  // Names callers typed: one short plain line each, never a link (platform/mail/html.ts).
  const [fullName, gameName] = [typedText(typedFull), typedText(typedGame)];
  const money = (agorot: number) => formatMoney(agorot, language);
  const w =
    language === 'en'
      ? {
          subject: `Your purchase of ${gameName} was refunded`,
          greeting: `Hello ${fullName},`,
          lines: [
            cancelled
              ? `As you asked, your purchase of ${gameName} was cancelled and the whole amount, ${money(refund)}, is on its way back to the card you paid with.`
              : `Your purchase of ${gameName} was cancelled and ${money(refund)} is on its way back to the card you paid with.`,
            ...(kept > 0 ? [`As the terms say, ${money(kept)} of the price is kept for a cancellation.`] : []),
            event ? `The ${event.teamCount} team codes of the event ${typedText(event.name)} no longer work.` : `The game code ${code} no longer works.`,
          ],
          signature: `The ${PRODUCT_NAME.en} team`,
        }
      : {
          subject: `הרכישה של ${gameName} בוטלה`,
          greeting: `שלום ${fullName},`,
          lines: [
            cancelled
              ? `לבקשתך, הרכישה של המשחק ${gameName} בוטלה, והסכום המלא, ${money(refund)}, יוחזר לכרטיס שבו שילמת.`
              : `הרכישה של המשחק ${gameName} בוטלה, ו־${money(refund)} יוחזרו לכרטיס שבו שילמת.`,
            ...(kept > 0 ? [`כפי שכתוב בתקנון, ${money(kept)} מהמחיר נשמרים כדמי ביטול.`] : []),
            event ? `${event.teamCount} קודי הקבוצות של האירוע ${typedText(event.name)} כבר לא פעילים.` : `קוד המשחק ${code} כבר לא פעיל.`,
          ],
          signature: `צוות ${PRODUCT_NAME.he}`,
        };
  const html = emailDocument(language, w.subject, [mailHtml.paragraph(w.greeting), ...w.lines.map((line) => mailHtml.paragraph(line)), mailHtml.paragraph(w.signature)]);
  return { subject: w.subject, text: [w.greeting, '', ...w.lines, '', w.signature].join('\n'), html, language };
}
