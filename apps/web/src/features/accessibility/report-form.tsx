import { useEffect, useRef } from 'react';
import { Alert, Button, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import {
  ACCESSIBILITY_WHAT_MAX,
  ACCESSIBILITY_WHERE_MAX,
  accessibilityReportRequestSchema,
  type AccessibilityReportForm,
} from '@streethunt/shared';
import type { TFunction } from 'i18next';
import { ApiError, NetworkError } from '../../api/client.ts';
import { submitChecked, useFields, validateFields, type IssueText } from '../../ui/form-fields.ts';
import { useAccessibilityTexts } from '../../ui/texts/use-accessibility-texts.ts';
import { accessibilityApi } from './api.ts';

type Field = 'where' | 'what' | 'email';

/** A field's problem in the page's words: what the server's schema (the same one) would refuse. */
const issueText =
  (t: TFunction): IssueText =>
  (field, issue) => {
    if (field === 'where') return issue.code === 'too_big' ? t('accessibility.report.errors.whereTooLong', { max: ACCESSIBILITY_WHERE_MAX }) : t('accessibility.report.errors.whereRequired');
    if (field === 'what') return issue.code === 'too_big' ? t('accessibility.report.errors.whatTooLong', { max: ACCESSIBILITY_WHAT_MAX }) : t('accessibility.report.errors.whatTooShort');
    if (field === 'email') return t('accessibility.report.errors.emailInvalid');
    return t('accessibility.report.errors.invalid');
  };

/** What the form says when sending failed: the server's own message for a 4xx (it answers in the page's language), else ours. */
function sendErrorText(error: unknown, t: TFunction): string {
  if (error instanceof NetworkError) return t('accessibility.report.network');
  if (error instanceof ApiError && error.status < 500 && error.message.trim()) return error.message;
  return t('accessibility.report.generic');
}

/**
 * Report a barrier: where (the page that brought the visitor here, or their own words), what happened,
 * and an email for an answer if they like. Checked with the server's schema; on failure everything typed
 * stays and the message shows above the form; once sent, a thanks that takes the focus.
 */
export function ReportForm({ from }: { from: string }) {
  const { t, i18n } = useAccessibilityTexts();
  const form = useFields<Field>({ where: from, what: '', email: '' });
  const send = useMutation({ mutationFn: (body: AccessibilityReportForm) => accessibilityApi.sendReport(body, i18n.language) });

  if (send.isSuccess) {
    return (
      <ReportSent
        onAnother={() => {
          form.setValue('what', '');
          send.reset();
        }}
      />
    );
  }

  return (
    <form
      noValidate
      aria-labelledby="accessibility-report"
      data-testid="accessibility-report-form"
      onSubmit={(event) => {
        if (send.isPending) {
          event.preventDefault();
          return;
        }
        const result = validateFields(accessibilityReportRequestSchema, form.values, issueText(t));
        submitChecked(event, result, form, (data) => send.mutate(data), send.reset);
      }}
    >
      <Stack gap="sm">
        {send.isError && (
          <Alert color="red" variant="light" title={t('accessibility.report.errorTitle')} role="alert" data-testid="accessibility-report-error">
            <Text size="sm" dir="auto">
              {sendErrorText(send.error, t)}
            </Text>
          </Alert>
        )}
        <TextInput
          label={t('accessibility.report.where')}
          description={t('accessibility.report.whereHint')}
          required
          dir="auto"
          maxLength={ACCESSIBILITY_WHERE_MAX}
          {...form.field('where')}
        />
        <Textarea
          label={t('accessibility.report.what')}
          description={t('accessibility.report.whatHint')}
          required
          dir="auto"
          autosize
          minRows={4}
          maxLength={ACCESSIBILITY_WHAT_MAX}
          name="what"
          value={form.values.what}
          error={form.errors.what}
          onChange={(event) => form.setValue('what', event.currentTarget.value)}
        />
        <TextInput label={t('accessibility.report.email')} type="email" inputMode="email" autoComplete="email" dir="ltr" spellCheck={false} {...form.field('email')} />
        <Button type="submit" loading={send.isPending} data-testid="accessibility-report-submit" style={{ alignSelf: 'flex-start' }}>
          {t('accessibility.report.submit')}
        </Button>
      </Stack>
    </form>
  );
}

/** The thanks, which takes the focus once when it shows, so a screen reader reads it and the keyboard goes on from it. */
function ReportSent({ onAnother }: { onAnother(): void }) {
  const { t } = useAccessibilityTexts();
  const thanks = useRef<HTMLDivElement>(null);
  useEffect(() => thanks.current?.focus(), []);
  return (
    <Stack gap="sm" align="flex-start">
      <Alert color="teal" variant="light" role="status" tabIndex={-1} ref={thanks} data-testid="accessibility-report-sent" w="100%">
        <Text size="sm">{t('accessibility.report.sent')}</Text>
      </Alert>
      <Button variant="subtle" onClick={onAnother}>
        {t('accessibility.report.sendAnother')}
      </Button>
    </Stack>
  );
}
