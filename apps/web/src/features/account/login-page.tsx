import { ACCOUNT_TEXTS } from '../../i18n/account-translations.ts';
import type { FormEvent } from 'react';
import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { loginRequestSchema, type LoginRequest } from '@streethunt/shared';
import { useSession } from '../../api/session.tsx';
import { PasswordField } from '../../ui/password-field.tsx';
import { AccountPage, ErrorAlert, emailInputProps } from './account-page.tsx';
import { accountApi } from './api.ts';
import { errorCode, errorMessage, serverFieldErrors } from './errors.ts';
import { useFields, validateFields, submitChecked } from '../../ui/form-fields.ts';
import { accountIssueText } from './issue-text.ts';
import { safeReturnPath } from '../../api/return-path.ts';

const FIELDS = ['email', 'password'] as const;

/** `/login?url=`: email and password; afterwards back to `url` when it is ours, else /my-games. */
export function Component() {
  const { t, i18n } = useTranslation(ACCOUNT_TEXTS);
  const { logIn } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = useFields({ email: params.get('email') ?? '', password: '' });

  const login = useMutation({
    mutationFn: (body: LoginRequest) => accountApi.login(body, i18n.language),
    onSuccess: (reply) => {
      logIn(reply);
      void navigate(safeReturnPath(params.get('url')), { replace: true });
    },
    onError: (error) => form.setErrors(serverFieldErrors(error, FIELDS)),
  });

  const submit = (event: FormEvent<HTMLFormElement>) =>
    submitChecked(event, validateFields(loginRequestSchema, form.values, accountIssueText(t)), form, (data) => login.mutate(data), login.reset);

  const needsValidation = errorCode(login.error) === 'need_email_validate';
  const resendTo = `/validate-email/resend?email=${encodeURIComponent(login.variables?.email ?? form.values.email)}`;

  return (
    <AccountPage title={t('account.login.title')}>
      <form onSubmit={submit} noValidate aria-label={t('account.login.title')}>
        <Stack gap="sm">
          {login.isError && (
            <ErrorAlert>
              <Stack gap={6}>
                <Text size="sm">{errorMessage(login.error, t)}</Text>
                {needsValidation && (
                  <Anchor component={Link} to={resendTo} size="sm" fw={600} data-testid="resend-validation-link">
                    {t('account.login.resendValidation')}
                  </Anchor>
                )}
              </Stack>
            </ErrorAlert>
          )}
          <TextInput label={t('account.fields.email')} required {...emailInputProps} {...form.field('email')} />
          <PasswordField
            label={t('account.fields.password')}
            required
            autoComplete="current-password"
            {...form.field('password')}
          />
          <Button type="submit" loading={login.isPending} fullWidth mt="xs">
            {t('account.login.submit')}
          </Button>
        </Stack>
      </form>
      <Stack gap={6}>
        <Anchor component={Link} to="/forgot-password" size="sm">
          {t('account.common.forgotPassword')}
        </Anchor>
        <Group gap={6}>
          <Text size="sm">{t('account.login.noAccount')}</Text>
          <Anchor component={Link} to="/signup" size="sm" fw={600}>
            {t('account.common.toSignup')}
          </Anchor>
        </Group>
      </Stack>
    </AccountPage>
  );
}
