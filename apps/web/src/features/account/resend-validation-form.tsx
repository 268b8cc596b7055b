import { ACCOUNT_TEXTS } from '../../i18n/account-translations.ts';
import type { FormEvent } from 'react';
import { Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { emailOnlyRequestSchema } from '@streethunt/shared';
import { ErrorAlert, SuccessAlert, emailInputProps } from './account-page.tsx';
import { accountApi } from './api.ts';
import { errorMessage, serverFieldErrors } from './errors.ts';
import { useFields, validateFields, submitChecked } from '../../ui/form-fields.ts';
import { accountIssueText } from './issue-text.ts';

/**
 * Asks for a new confirmation link. The server answers OK whatever the address, so the reply says no
 * more than "if it is registered and not yet confirmed, a link was sent".
 */
export function ResendValidationForm({ initialEmail = '', withHeading = false }: { initialEmail?: string; withHeading?: boolean }) {
  const { t, i18n } = useTranslation(ACCOUNT_TEXTS);
  const form = useFields({ email: initialEmail });

  const resend = useMutation({
    mutationFn: (email: string) => accountApi.resendValidation(email, i18n.language),
    onError: (error) => form.setErrors(serverFieldErrors(error, ['email'])),
  });

  const submit = (event: FormEvent<HTMLFormElement>) =>
    submitChecked(event, validateFields(emailOnlyRequestSchema, form.values, accountIssueText(t)), form, (data) => resend.mutate(data.email), resend.reset);

  return (
    <form onSubmit={submit} noValidate aria-label={t('account.validate.resendTitle')} data-testid="resend-form">
      <Stack gap="sm">
        {withHeading && (
          <Title order={2} size="h4">
            {t('account.validate.resendTitle')}
          </Title>
        )}
        <Text size="sm">{t('account.validate.resendIntro')}</Text>
        {resend.isError && <ErrorAlert>{errorMessage(resend.error, t)}</ErrorAlert>}
        {resend.isSuccess && <SuccessAlert>{t('account.validate.resendSent')}</SuccessAlert>}
        <TextInput label={t('account.fields.email')} required {...emailInputProps} {...form.field('email')} />
        <Button type="submit" loading={resend.isPending} fullWidth>
          {t('account.validate.resendSubmit')}
        </Button>
      </Stack>
    </form>
  );
}
