import { formatPrice, type Language } from '@streethunt/shared';
import {
  groupCardNumber,
  SANDBOX_CARDS,
  type SandboxCardError,
  type SandboxCardField,
} from '../../platform/payments/sandbox.ts';
import { escapeHtml } from '../../platform/mail/html.ts';
import type { SandboxPurchase } from './service.ts';

/**
 * The sandbox provider's hosted payment page: plain HTML served by us, outside the SPA. No script
 * at all (the CSP allows none inline) and no outside resources; one inline <style>.
 */

const wording = {
  he: {
    title: 'תשלום מאובטח',
    heading: 'תשלום',
    game: 'משחק',
    event: 'אירוע',
    teams: (count: number) => `${count} קבוצות`,
    amount: 'סכום לתשלום',
    buyer: 'שם הקונה',
    cardNumber: 'מספר כרטיס',
    expiry: 'תוקף (MM/YY)',
    cvc: 'CVC (3 ספרות)',
    pay: 'לתשלום',
    cancel: 'ביטול וחזרה למשחק',
    fixFields: 'יש לתקן את הפרטים המסומנים.',
    declined: 'הכרטיס נדחה ולא בוצע חיוב. אפשר לנסות כרטיס אחר.',
    previouslyDeclined: 'הכרטיס הקודם נדחה ולא בוצע חיוב. אפשר לנסות כרטיס אחר.',
    sandboxTitle: 'סביבת בדיקה: לא מתבצע חיוב אמיתי',
    sandboxIntro: 'זה דף התשלום של סביבת הבדיקה. אין להזין כרטיס אמיתי; אפשר להשתמש בכרטיסי הבדיקה:',
    succeeds: 'התשלום מצליח',
    alsoSucceeds: 'התשלום מצליח, בכרטיס אחר',
    declines: 'הכרטיס נדחה',
    anyExpiry: (example: string) => `תוקף: כל תאריך עתידי, למשל ${example}`,
    anyCvc: 'CVC: כל 3 ספרות, למשל 123',
    errors: {
      card_number_format: 'מספר הכרטיס אינו תקין.',
      card_number_not_test: 'זו סביבת בדיקה: יש להשתמש באחד ממספרי כרטיסי הבדיקה שלמטה.',
      expiry_format: 'יש להזין תוקף בתבנית MM/YY, למשל 08/29.',
      expiry_past: 'תוקף הכרטיס עבר.',
      cvc_format: 'ה-CVC הוא 3 ספרות.',
    } satisfies Record<SandboxCardError, string>,
    notFoundTitle: 'התשלום לא נמצא',
    notFoundText: 'הקישור לתשלום אינו תקף. אפשר לחזור לרשימת המשחקים ולהתחיל את הרכישה מחדש.',
    toGames: 'לרשימת המשחקים',
    badFormTitle: 'לא הצלחנו לקרוא את הטופס',
    badFormText: 'הפרטים שנשלחו לא התקבלו. אפשר לחזור לדף התשלום ולנסות שוב.',
    backToPayment: 'חזרה לדף התשלום',
    tooManyTitle: 'יותר מדי ניסיונות',
    tooManyText: 'נשלחו יותר מדי בקשות בזמן קצר. אפשר לנסות שוב בעוד דקה.',
    failedTitle: 'משהו השתבש אצלנו',
    failedText: 'לא בוצע חיוב. אפשר לנסות שוב בעוד כמה רגעים.',
  },
  en: {
    title: 'Secure payment',
    heading: 'Payment',
    game: 'Game',
    event: 'Event',
    teams: (count: number) => (count === 1 ? '1 team' : `${count} teams`),
    amount: 'Amount to pay',
    buyer: 'Buyer',
    cardNumber: 'Card number',
    expiry: 'Expiry (MM/YY)',
    cvc: 'CVC (3 digits)',
    pay: 'Pay',
    cancel: 'Cancel and return to the game',
    fixFields: 'Please correct the marked fields.',
    declined: 'The card was declined and you were not charged. You can try another card.',
    previouslyDeclined: 'The previous card was declined and you were not charged. You can try another card.',
    sandboxTitle: 'Sandbox: no real charge is made',
    sandboxIntro: 'This is the sandbox payment page. Do not enter a real card; use the test cards:',
    succeeds: 'the payment succeeds',
    alsoSucceeds: 'the payment succeeds, with another card',
    declines: 'the card is declined',
    anyExpiry: (example: string) => `Expiry: any future date, for example ${example}`,
    anyCvc: 'CVC: any 3 digits, for example 123',
    errors: {
      card_number_format: 'The card number is not valid.',
      card_number_not_test: 'This is the sandbox: use one of the test card numbers below.',
      expiry_format: 'Enter the expiry as MM/YY, for example 08/29.',
      expiry_past: 'The card has expired.',
      cvc_format: 'The CVC is 3 digits.',
    } satisfies Record<SandboxCardError, string>,
    notFoundTitle: 'Payment not found',
    notFoundText: 'This payment link is not valid. Go back to the games list and start the purchase again.',
    toGames: 'To the games list',
    badFormTitle: 'We could not read the form',
    badFormText: 'What was sent did not arrive whole. Go back to the payment page and try again.',
    backToPayment: 'Back to the payment page',
    tooManyTitle: 'Too many attempts',
    tooManyText: 'Too many requests were sent in a short time. Try again in a minute.',
    failedTitle: 'Something went wrong on our side',
    failedText: 'You were not charged. Try again in a few moments.',
  },
} as const;

const styles = `
*, *::before, *::after { box-sizing: border-box; }
body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Arial, sans-serif; line-height: 1.5; color: #1a1b1e; background: #f1f3f5; }
main { max-inline-size: 28rem; margin-inline: auto; padding-block: 1.5rem; padding-inline: 1rem; }
h1 { font-size: 1.5rem; margin-block: 0 1rem; }
h2 { font-size: 1.05rem; margin-block: 0 0.5rem; }
.card { background: #ffffff; border-radius: 0.75rem; padding: 1rem; margin-block-end: 1rem; box-shadow: 0 1px 3px rgba(0, 0, 0, 0.12); }
dl { margin: 0; }
dl div { display: flex; justify-content: space-between; gap: 1rem; padding-block: 0.35rem; border-block-end: 1px solid #e9ecef; }
dl div:last-child { border-block-end: 0; }
dt { color: #495057; }
dd { margin: 0; font-weight: 600; text-align: end; overflow-wrap: anywhere; }
.field { margin-block-end: 0.9rem; }
label { display: block; font-weight: 600; margin-block-end: 0.25rem; }
input { inline-size: 100%; font-size: 1.1rem; padding: 0.6rem 0.7rem; border: 1px solid #868e96; border-radius: 0.5rem; background: #ffffff; color: inherit; }
input:focus { outline: 3px solid #66d9e8; outline-offset: 1px; }
input[aria-invalid="true"] { border-color: #c92a2a; }
.row { display: flex; gap: 0.75rem; }
.row .field { flex: 1; }
.error { color: #c92a2a; margin-block: 0.25rem 0; font-size: 0.95rem; }
.alert { border-radius: 0.5rem; padding: 0.75rem; margin-block-end: 1rem; background: #fff5f5; border: 1px solid #c92a2a; color: #a61e1e; }
button { inline-size: 100%; font-size: 1.1rem; font-weight: 700; padding: 0.8rem; border: 0; border-radius: 0.5rem; background: #0b7285; color: #ffffff; cursor: pointer; }
button:focus-visible { outline: 3px solid #66d9e8; outline-offset: 2px; }
.sandbox { background: #fff9db; border: 1px solid #e67700; }
.sandbox ul { margin: 0; padding-inline-start: 1.25rem; }
.num { font-family: ui-monospace, Menlo, Consolas, monospace; white-space: nowrap; }
a { color: #0b7285; }
`;

function layout(language: Language, title: string, body: string): string {
  const dir = language === 'he' ? 'rtl' : 'ltr';
  return `<!doctype html>
<html lang="${language}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · StreetHunt</title>
<style>${styles}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

/** Minor units as the price is written: 4900 -> '49', 4990 -> '49.90'. */
function formatAmount(minor: number): string {
  return minor % 100 === 0 ? String(minor / 100) : (minor / 100).toFixed(2);
}

/** The price the way the rest of the product shows it (₪ before the number). */
const displayAmount = (minor: number, currency: string) => {
  const shown = formatPrice(formatAmount(minor), currency);
  return shown.kind === 'amount' ? shown.text : formatAmount(minor);
};

/** An expiry example that is always in the future. */
const expiryExample = (now: Date) => `12/${String((now.getUTCFullYear() + 3) % 100).padStart(2, '0')}`;

export type SandboxPageView = {
  purchase: SandboxPurchase;
  publicUrl: string;
  /** The outcome of the form just sent, if any. */
  notice?: 'declined' | 'invalid';
  errors?: Partial<Record<SandboxCardField, SandboxCardError>>;
  /** What was typed, to keep in the form (never the CVC). */
  values?: { cardNumber?: string; expiry?: string };
  now?: Date;
};

export function renderSandboxPage({ purchase, publicUrl, notice, errors = {}, values = {}, now = new Date() }: SandboxPageView): string {
  const w = wording[purchase.language];
  const amount = displayAmount(purchase.amount, purchase.currency);
  const alertText =
    notice === 'declined' ? w.declined : notice === 'invalid' ? w.fixFields : purchase.status === 'declined' ? w.previouslyDeclined : null;
  const alert = alertText ? `<div class="alert" role="alert">${escapeHtml(alertText)}</div>` : '';

  const field = (name: SandboxCardField, label: string, attributes: string, value = '') => {
    const error = errors[name];
    const describedBy = error ? ` aria-invalid="true" aria-describedby="${name}-error"` : '';
    const message = error ? `\n<p class="error" id="${name}-error">${escapeHtml(w.errors[error])}</p>` : '';
    return `<div class="field">
<label for="${name}">${escapeHtml(label)}</label>
<input id="${name}" name="${name}" dir="ltr" required ${attributes} value="${escapeHtml(value)}"${describedBy}>${message}
</div>`;
  };

  const body = `<h1>${escapeHtml(w.heading)}</h1>
<section class="card" aria-label="${escapeHtml(w.title)}">
<dl>
<div><dt>${escapeHtml(w.game)}</dt><dd dir="auto">${escapeHtml(purchase.gameName)}</dd></div>
${purchase.event ? `<div><dt>${escapeHtml(w.event)}</dt><dd><bdi>${escapeHtml(purchase.event.name)}</bdi>, ${escapeHtml(w.teams(purchase.event.teamCount))}</dd></div>\n` : ''}<div><dt>${escapeHtml(w.amount)}</dt><dd><span dir="ltr">${escapeHtml(amount)}</span></dd></div>
<div><dt>${escapeHtml(w.buyer)}</dt><dd dir="auto">${escapeHtml(purchase.fullName)}</dd></div>
</dl>
</section>
${alert}
<form class="card" method="post" action="/sandbox-pay/${encodeURIComponent(purchase.ref)}" novalidate>
${field('cardNumber', w.cardNumber, 'inputmode="numeric" autocomplete="cc-number" maxlength="23" placeholder="1234 5678 9012 3456"', values.cardNumber)}
<div class="row">
${field('expiry', w.expiry, 'inputmode="numeric" autocomplete="cc-exp" maxlength="7" placeholder="MM/YY"', values.expiry)}
${field('cvc', w.cvc, 'inputmode="numeric" autocomplete="cc-csc" maxlength="4" placeholder="123"')}
</div>
<button type="submit">${escapeHtml(w.pay)} <span dir="ltr">${escapeHtml(amount)}</span></button>
</form>
<aside class="card sandbox" aria-labelledby="sandbox-title">
<h2 id="sandbox-title">${escapeHtml(w.sandboxTitle)}</h2>
<p>${escapeHtml(w.sandboxIntro)}</p>
<ul>
<li><span class="num" dir="ltr">${groupCardNumber(SANDBOX_CARDS.succeeds)}</span>: ${escapeHtml(w.succeeds)}</li>
<li><span class="num" dir="ltr">${groupCardNumber(SANDBOX_CARDS.alsoSucceeds)}</span>: ${escapeHtml(w.alsoSucceeds)}</li>
<li><span class="num" dir="ltr">${groupCardNumber(SANDBOX_CARDS.declined)}</span>: ${escapeHtml(w.declines)}</li>
<li>${escapeHtml(w.anyExpiry(expiryExample(now)))}</li>
<li>${escapeHtml(w.anyCvc)}</li>
</ul>
</aside>
<p><a href="${escapeHtml(`${publicUrl}${purchase.event ? '/events/buy' : '/game'}/${encodeURIComponent(purchase.gameId)}`)}">${escapeHtml(w.cancel)}</a></p>`;
  return layout(purchase.language, `${w.title}: ${purchase.gameName}`, body);
}

export type SandboxMessageKind = 'not_found' | 'bad_form' | 'too_many' | 'failed';

/** A page with a heading, a sentence and one link: unknown payment, unreadable form, rate limit, our failure. */
export function renderSandboxMessage(kind: SandboxMessageKind, language: Language, ref?: string): string {
  const w = wording[language];
  const [title, text] = {
    not_found: [w.notFoundTitle, w.notFoundText],
    bad_form: [w.badFormTitle, w.badFormText],
    too_many: [w.tooManyTitle, w.tooManyText],
    failed: [w.failedTitle, w.failedText],
  }[kind];
  const link = ref && kind !== 'not_found' ? { href: `/sandbox-pay/${encodeURIComponent(ref)}`, label: w.backToPayment } : { href: '/games', label: w.toGames };
  const body = `<h1>${escapeHtml(title)}</h1>
<section class="card">
<p>${escapeHtml(text)}</p>
<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>
</section>`;
  return layout(language, title, body);
}
