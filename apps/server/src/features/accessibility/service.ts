import { count, desc, eq, isNull } from 'drizzle-orm';
import {
  ACCESSIBILITY_REPORTS_PAGE_SIZE,
  type AccessibilityReport,
  type AccessibilityReportForm,
  type AccessibilityReportsQuery,
  type Language,
} from '@streethunt/shared';
import { accessibilityReports, users } from '../../db/schema.ts';
import type { Services } from '../../services.ts';
import { notFound } from '../../platform/errors.ts';
import { queueMail, type MailLog } from '../../platform/mail/mail-later.ts';
import { barrierReportedEmail } from './emails.ts';

export type AccessibilityDeps = Pick<Services, 'db' | 'config' | 'mailer'>;

/** Where the admins' email sends them. */
const reportsPath = '/admin-accessibility-reports';

type Row = typeof accessibilityReports.$inferSelect;

const toReport = (row: Row): AccessibilityReport => ({
  _id: row.id,
  where: row.place,
  what: row.what,
  email: row.email,
  language: row.language,
  createdAt: row.createdAt.toISOString(),
  handledAt: row.handledAt?.toISOString() ?? null,
});

/** POST /api/accessibility/reports: stores the report; every admin's email is queued before the reply. */
export async function saveReport(deps: AccessibilityDeps, form: AccessibilityReportForm, language: Language, log: MailLog): Promise<void> {
  await deps.db.insert(accessibilityReports).values({ place: form.where, what: form.what, email: form.email, language });
  await queueMail(log, () => emailAdmins(deps, { ...form, language }));
}

/** Every admin gets one email in their language; one failed send does not stop the others (and is logged). */
async function emailAdmins(deps: AccessibilityDeps, report: AccessibilityReportForm & { language: Language }): Promise<void> {
  const admins = await deps.db.select({ email: users.email, language: users.language }).from(users).where(eq(users.role, 'admin'));
  const link = `${deps.config.publicUrl}${reportsPath}`;
  const sent = await Promise.allSettled(admins.map((admin) => deps.mailer.send({ to: admin.email, ...barrierReportedEmail({ report, link, language: admin.language }) })));
  const failed = sent.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) throw failed.reason;
}

/** GET /api/admin/accessibility-reports: one page, the newest first (id breaks ties), with the totals. */
export async function listReports(deps: Pick<AccessibilityDeps, 'db'>, query: AccessibilityReportsQuery) {
  const page = query.page ?? 1;
  const pageSize = ACCESSIBILITY_REPORTS_PAGE_SIZE;
  const [rows, [{ total }], [{ open }]] = await Promise.all([
    deps.db
      .select()
      .from(accessibilityReports)
      .orderBy(desc(accessibilityReports.createdAt), desc(accessibilityReports.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    deps.db.select({ total: count() }).from(accessibilityReports),
    deps.db.select({ open: count() }).from(accessibilityReports).where(isNull(accessibilityReports.handledAt)),
  ]);
  return { data: rows.map(toReport), total, open, page, pageSize };
}

/** PATCH /api/admin/accessibility-reports/{reportId}: handled now (a second mark keeps the first time), or open again. */
export async function markReport(deps: Pick<AccessibilityDeps, 'db'>, reportId: string, handled: boolean): Promise<AccessibilityReport> {
  const [current] = await deps.db.select().from(accessibilityReports).where(eq(accessibilityReports.id, reportId));
  if (!current) throw notFound('No such accessibility report');
  if (handled === Boolean(current.handledAt)) return toReport(current);
  const [row] = await deps.db
    .update(accessibilityReports)
    .set({ handledAt: handled ? new Date() : null })
    .where(eq(accessibilityReports.id, reportId))
    .returning();
  return toReport(row);
}
