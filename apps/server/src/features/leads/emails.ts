import type { Language, LeadFormType } from '@streethunt/shared';
import type { MailContent } from '../../platform/mail/mailer.ts';
import { emailDocument, mailHtml, typedText } from '../../platform/mail/html.ts';

export type LeadForEmail = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  formType: LeadFormType;
  aff: string | null;
  /** The language the visitor filled the form in. */
  language: Language;
};

const words = {
  en: {
    form: { makeMoney: 'Make money (marketers)', guides: 'Guides' } satisfies Record<LeadFormType, string>,
    language: { he: 'Hebrew', en: 'English' } satisfies Record<Language, string>,
    subject: (name: string, form: string, repeat: boolean) => `${repeat ? 'Lead sent again' : 'New lead'}: ${name} (${form})`,
    intro: (name: string, form: string, repeat: boolean) =>
      repeat
        ? `${name} filled in the “${form}” affiliate form again; the lead now holds these details.`
        : `${name} filled in the “${form}” affiliate form.`,
    labels: { name: 'Name', email: 'Email', phone: 'Phone', aff: 'Affiliate code', language: 'Language', none: 'none' },
    button: 'Open the leads',
  },
  he: {
    form: { makeMoney: 'להרוויח כסף (משווקים)', guides: 'מדריכים' } satisfies Record<LeadFormType, string>,
    language: { he: 'עברית', en: 'אנגלית' } satisfies Record<Language, string>,
    subject: (name: string, form: string, repeat: boolean) => `${repeat ? 'פנייה חוזרת' : 'פנייה חדשה'}: ${name} (${form})`,
    intro: (name: string, form: string, repeat: boolean) =>
      repeat ? `${name} מילא/ה שוב את טופס השותפים "${form}"; הפנייה עודכנה לפרטים האלה.` : `${name} מילא/ה את טופס השותפים "${form}".`,
    labels: { name: 'שם', email: 'דוא״ל', phone: 'טלפון', aff: 'קוד שותף', language: 'שפה', none: 'אין' },
    button: 'לרשימת הפניות',
  },
};

/**
 * To an admin, in the admin's language: a visitor filled in an affiliate landing form (or filled it in
 * again: the lead was updated). The details are all there, so the admin can call back from the email.
 */
export function leadReceivedEmail(input: { lead: LeadForEmail; repeat: boolean; link: string; language: Language }): MailContent {
  const { lead, repeat, link, language } = input;
  const w = words[language];
  // What the visitor typed: one short plain line each, never a link (platform/mail/html.ts).
  const name = `${typedText(lead.firstName)} ${typedText(lead.lastName)}`;
  const form = w.form[lead.formType];
  const subject = w.subject(name, form, repeat);
  const details: [string, string][] = [
    [w.labels.name, name],
    [w.labels.email, lead.email],
    [w.labels.phone, lead.phone],
    [w.labels.aff, lead.aff ? typedText(lead.aff) : w.labels.none],
    [w.labels.language, w.language[lead.language]],
  ];
  const lines = details.map(([label, value]) => `${label}: ${value}`);
  const intro = w.intro(name, form, repeat);
  const html = emailDocument(language, subject, [
    mailHtml.paragraph(intro),
    ...lines.map(mailHtml.paragraph),
    mailHtml.button(link, w.button),
    mailHtml.small(link),
  ]);
  const text = [intro, '', ...lines, '', `${w.button}: ${link}`, ''].join('\n');
  return { subject, html, text, language };
}
