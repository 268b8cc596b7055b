import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { landingFormRequestSchema, type LandingForm, type LeadFormType } from '@streethunt/shared';

const LANDING_FIELDS = ['firstName', 'lastName', 'email', 'phone'] as const;
export type LandingField = (typeof LANDING_FIELDS)[number];
export type LandingValues = Record<LandingField, string>;
export type LandingErrors = Partial<Record<LandingField, string>>;

export const emptyLandingValues: LandingValues = { firstName: '', lastName: '', email: '', phone: '' };

/** One problem in the visitor's words (`affiliates.form.errors.*`), never zod's own English. */
function issueText(field: LandingField, issue: z.core.$ZodIssue, value: string, t: TFunction): string {
  if (value.trim() === '') return t('affiliates.form.errors.required');
  if (issue.code === 'too_big') return t('affiliates.form.errors.tooLong', { max: Number(issue.maximum) });
  if (field === 'email') return t('affiliates.form.errors.email');
  if (field === 'phone') return t(issue.code === 'too_small' ? 'affiliates.form.errors.phoneShort' : 'affiliates.form.errors.phoneFormat');
  return t('affiliates.form.errors.format');
}

export type LandingCheck = { ok: true; data: LandingForm } | { ok: false; errors: LandingErrors };

/**
 * The form checked with the server's own schema (packages/shared), so what passes here passes there:
 * the first problem of each field, translated.
 */
export function checkLandingForm(values: LandingValues, formType: LeadFormType, aff: string | null, t: TFunction): LandingCheck {
  const result = landingFormRequestSchema.safeParse({ ...values, formType, aff });
  if (result.success) return { ok: true, data: result.data };
  const errors: LandingErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as LandingField;
    if (!LANDING_FIELDS.includes(field) || errors[field]) continue;
    errors[field] = issueText(field, issue, values[field], t);
  }
  return { ok: false, errors };
}

/** One field's problem, or undefined: for checking a field as the visitor leaves it. */
export function checkLandingField(field: LandingField, values: LandingValues, formType: LeadFormType, t: TFunction): string | undefined {
  const result = checkLandingForm(values, formType, null, t);
  return result.ok ? undefined : result.errors[field];
}
