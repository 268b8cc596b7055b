import { ACCOUNT_TEXTS } from '../../i18n/account-translations.ts';
import type { FormEvent } from 'react';
import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { emailOnlyRequestSchema } from '@streethunt/shared';
import { AccountPage, ErrorAlert, SuccessAlert, emailInputProps } from './account-page.tsx';
import { accountApi } from './api.ts';
import { errorMessage, serverFieldErrors } from './errors.ts';
import { useFields, validateFields, submitChecked } from '../../ui/form-fields.ts';
import { accountIssueText } from './issue-text.ts';
import { LinkRow } from '../../ui/link-row.tsx';

/** `/forgot-password`: asks for a reset link by email. On OK says so and hides the button (spec section 8). */
export function Component() {
  const { t, i18n } = useTranslation(ACCOUNT_TEXTS);
  const [params] = useSearchParams();
  const form = useFields({ email: params.get('email') ?? '' });

  const request = useMutation({
    mutationFn: (email: string) => accountApi.requestPasswordReset(email, i18n.language),
    onError: (error) => form.setErrors(serverFieldErrors(error, ['email'])),
  });

  const submit = (event: FormEvent<HTMLFormElement>) =>
    submitChecked(event, validateFields(emailOnlyRequestSchema, form.values, accountIssueText(t)), form, (data) => request.mutate(data.email), request.reset);

  return (
    <AccountPage title={t('account.forgot.title')}>
      <Text>{t('account.forgot.intro')}</Text>
      <form onSubmit={submit} noValidate aria-label={t('account.forgot.title')}>
        <Stack gap="sm">
          {request.isError && <ErrorAlert>{errorMessage(request.error, t)}</ErrorAlert>}
          {request.isSuccess && <SuccessAlert>{t('account.forgot.sent')}</SuccessAlert>}
          <TextInput
            label={t('account.fields.email')}
            required
            readOnly={request.isSuccess}
            {...emailInputProps}
            {...form.field('email')}
          />
          {!request.isSuccess && (
            <Button type="submit" loading={request.isPending} fullWidth>
              {t('account.forgot.submit')}
            </Button>
          )}
        </Stack>
      </form>
      <LinkRow
        label={t('account.common.moreLinks')}
        links={[
          { to: '/', label: t('account.common.toHome') },
          { to: '/login', label: t('account.common.toLogin') },
          { to: '/signup', label: t('account.common.toSignup') },
        ]}
      />
    </AccountPage>
  );
}
