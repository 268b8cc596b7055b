import { ACCOUNT_TEXTS } from '../../i18n/account-translations.ts';
import { useEffect, useRef, type FormEvent } from 'react';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PASSWORD_MIN_LENGTH, POST_RESET_REDIRECT_MS, updatePasswordRequestSchema } from '@streethunt/shared';
import { PasswordField } from '../../ui/password-field.tsx';
import { AccountPage, ErrorAlert, SuccessAlert } from './account-page.tsx';
import { accountApi } from './api.ts';
import { errorMessage, serverFieldErrors } from './errors.ts';
import { focusFirstInvalid, useFields, validateFields, type FieldErrors } from '../../ui/form-fields.ts';
import { accountIssueText } from './issue-text.ts';

type Field = 'password' | 'confirm';

/**
 * `/reset-password/{id}/{token}`: a new password, twice. OK shows the server's message and goes to
 * /login after 3 s; ERROR shows it and goes to /forgot-password after 3 s (spec section 8).
 */
export function Component() {
  const { t, i18n } = useTranslation(ACCOUNT_TEXTS);
  const navigate = useNavigate();
  const { id = '', token = '' } = useParams();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFields<Field>({ password: '', confirm: '' });
  const linkIsWellFormed = updatePasswordRequestSchema.pick({ id: true, token: true }).safeParse({ id, token }).success;

  const update = useMutation({
    mutationFn: (password: string) => accountApi.updatePassword({ password, id, token }, i18n.language),
    onError: (error) => form.setErrors(serverFieldErrors<Field>(error, ['password'])),
  });
  const outcome = update.data;

  useEffect(() => {
    if (!outcome) return;
    const target = outcome.status === 'OK' ? '/login' : '/forgot-password';
    const timer = window.setTimeout(() => void navigate(target, { replace: true }), POST_RESET_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [outcome, navigate]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = validateFields(updatePasswordRequestSchema.pick({ password: true }), { password: form.values.password }, accountIssueText(t));
    const errors: FieldErrors<Field> = result.ok ? {} : { ...result.errors };
    if (form.values.password !== form.values.confirm) errors.confirm = t('account.validation.passwordsMismatch');
    if (errors.password || errors.confirm) {
      update.reset();
      form.setErrors(errors);
      focusFirstInvalid(formRef.current);
      return;
    }
    update.mutate(form.values.password);
  };

  if (!linkIsWellFormed) {
    return (
      <AccountPage title={t('account.reset.title')}>
        <ErrorAlert>{t('account.reset.invalidLink')}</ErrorAlert>
        <Anchor component={Link} to="/forgot-password" fw={600}>
          {t('account.reset.requestNew')}
        </Anchor>
      </AccountPage>
    );
  }

  return (
    <AccountPage title={t('account.reset.title')}>
      {outcome?.status === 'OK' && (
        <SuccessAlert>
          <Stack gap={6}>
            <Text size="sm">{outcome.message || t('account.reset.done')}</Text>
            <Text size="sm">{t('account.reset.toLoginSoon')}</Text>
          </Stack>
        </SuccessAlert>
      )}
      {outcome?.status === 'ERROR' && (
        <ErrorAlert>
          <Stack gap={6}>
            <Text size="sm">{outcome.message || t('account.reset.invalidLink')}</Text>
            <Text size="sm">{t('account.reset.toForgotSoon')}</Text>
          </Stack>
        </ErrorAlert>
      )}
      {!outcome && (
        <form ref={formRef} onSubmit={submit} noValidate aria-label={t('account.reset.title')}>
          <Stack gap="sm">
            <Text>{t('account.reset.intro')}</Text>
            {update.isError && <ErrorAlert>{errorMessage(update.error, t)}</ErrorAlert>}
            <PasswordField
              label={t('account.fields.newPassword')}
              description={t('account.signup.passwordHint', { min: PASSWORD_MIN_LENGTH })}
              required
              autoComplete="new-password"
              {...form.field('password')}
            />
            <PasswordField
              label={t('account.fields.confirmPassword')}
              required
              autoComplete="new-password"
              {...form.field('confirm')}
            />
            <Button type="submit" loading={update.isPending} fullWidth>
              {t('account.reset.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </AccountPage>
  );
}
