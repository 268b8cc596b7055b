import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Language, LandingForm, LeadListItem, LeadsListQuery } from '@streethunt/shared';
import { containing } from '../../db/like.ts';
import { leads, users } from '../../db/schema.ts';
import type { Services } from '../../services.ts';
import { queueMail, type MailLog } from '../../platform/mail/mail-later.ts';
import { leadReceivedEmail, type LeadForEmail } from './emails.ts';

export type LeadsDeps = Pick<Services, 'db' | 'config' | 'mailer'>;

/** Where the admins' email sends them: the leads tab of the affiliates/users screen. */
const leadsPath = '/admin-users?tab=leads';

/**
 * POST /api/landing-page-form: stores the lead, one per email and form. A repeat updates the names,
 * phone and language (and the affiliate, when this visit brought one: an earlier one is kept otherwise),
 * in one statement, so two sends at once cannot make two rows. The admins' email is queued before the reply.
 */
export async function saveLead(deps: LeadsDeps, form: LandingForm, language: Language, log: MailLog): Promise<void> {
  const [saved] = await deps.db
    .insert(leads)
    .values({ ...form, language })
    .onConflictDoUpdate({
      target: [leads.email, leads.formType],
      set: {
        firstName: form.firstName,
        lastName: form.lastName,
        phone: form.phone,
        language,
        aff: sql`coalesce(excluded.aff, ${leads.aff})`,
        updatedAt: sql`now()`,
      },
    })
    // xmax is 0 on a row this statement inserted, and set on one it updated.
    .returning({ aff: leads.aff, inserted: sql<boolean>`(xmax = 0)` });
  const lead: LeadForEmail = { ...form, aff: saved.aff, language };
  await queueMail(log, () => emailAdmins(deps, lead, !saved.inserted));
}

/** Every admin gets one email in their language; one failed send does not stop the others (and is logged). */
async function emailAdmins(deps: LeadsDeps, lead: LeadForEmail, repeat: boolean): Promise<void> {
  const admins = await deps.db.select({ email: users.email, language: users.language }).from(users).where(eq(users.role, 'admin'));
  const link = `${deps.config.publicUrl}${leadsPath}`;
  const sent = await Promise.allSettled(
    admins.map((admin) => deps.mailer.send({ to: admin.email, ...leadReceivedEmail({ lead, repeat, link, language: admin.language }) })),
  );
  const failed = sent.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) throw failed.reason;
}

export type LeadsPage = { data: LeadListItem[]; total: number; page: number; pageSize: number };

/** A substring of "first last email phone", any case: "noa lev", "@gmail" or "054". Leads are few: a scan. */
const matching = (q: string): SQL =>
  sql`lower(${leads.firstName} || ' ' || ${leads.lastName} || ' ' || ${leads.email} || ' ' || ${leads.phone}) like ${containing(q.toLowerCase())}`;

/** GET /api/leads (admins): the leads of one form or both, searched, the latest sent first (id breaks ties), one page and the total. */
export async function listLeads(deps: Pick<LeadsDeps, 'db'>, query: LeadsListQuery): Promise<LeadsPage> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? 20;
  const where = and(query.formType ? eq(leads.formType, query.formType) : undefined, query.q ? matching(query.q) : undefined);
  const [rows, [{ total }]] = await Promise.all([
    deps.db
      .select({ lead: leads, affName: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')` })
      .from(leads)
      .leftJoin(users, eq(users.affiliateCode, leads.aff))
      .where(where)
      .orderBy(desc(leads.updatedAt), desc(leads.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    deps.db.select({ total: count() }).from(leads).where(where),
  ]);
  return {
    data: rows.map(({ lead, affName }) => ({
      _id: lead.id,
      firstName: lead.firstName,
      lastName: lead.lastName,
      email: lead.email,
      phone: lead.phone,
      formType: lead.formType === 'guides' ? 'guides' : 'makeMoney',
      aff: lead.aff,
      affName,
      language: lead.language,
      createdAt: lead.createdAt.toISOString(),
      updatedAt: lead.updatedAt.toISOString(),
    })),
    total,
    page,
    pageSize,
  };
}
