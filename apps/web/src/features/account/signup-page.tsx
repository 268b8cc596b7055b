import { ACCOUNT_TEXTS } from '../../i18n/account-translations.ts';
import { useRef, type FormEvent } from 'react';
import { Anchor, Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AFF_COOKIE_NAME, PASSWORD_MIN_LENGTH, signupRequestSchema, type SignupRequest } from '@streethunt/shared';
import { PasswordField } from '../../ui/password-field.tsx';
import { AccountPage, ErrorAlert, SuccessAlert, emailInputProps, nameInputProps, phoneInputProps } from './account-page.tsx';
import { languageOf } from '../../i18n/language-of.ts';
import { accountApi } from './api.ts';
import { readCookie } from './cookie.ts';
import { errorCode, errorMessage, serverFieldErrors } from './errors.ts';
import { focusFirstInvalid, useFields, validateFields, submitChecked } from '../../ui/form-fields.ts';
import { accountIssueText } from './issue-text.ts';

const FIELDS = ['firstName', 'lastName', 'email', 'password', 'phone'] as const;

/** `/signup`: all five fields are required; success means a confirmation link was emailed. */
export function Component() {
  const { t, i18n } = useTranslation(ACCOUNT_TEXTS);
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFields({ firstName: '', lastName: '', email: '', password: '', phone: '' });

  const signup = useMutation({
    mutationFn: (body: SignupRequest) => accountApi.signup(body, i18n.language),
    onError: (error) => {
      form.setErrors(serverFieldErrors(error, FIELDS));
      focusFirstInvalid(formRef.current);
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    const values = {
      ...form.values,
      // The affiliate who brought this visitor, kept for 7 days (spec section 2).
      aff: readCookie(AFF_COOKIE_NAME),
      language: languageOf(i18n.language),
    };
    submitChecked(event, validateFields(signupRequestSchema, values, accountIssueText(t)), form, (data) => signup.mutate(data), signup.reset);
  };

  if (signup.isSuccess) {
    const email = signup.variables.email;
    return (
      <AccountPage title={t('account.signup.successTitle')}>
        <SuccessAlert>
          <Text size="sm">
            <Trans ns={ACCOUNT_TEXTS} i18nKey="account.signup.successText" values={{ email }} components={{ email: <bdi dir="ltr" /> }} />
          </Text>
        </SuccessAlert>
        <Text size="sm">{t('account.signup.successHint')}</Text>
        <Group gap="md">
          <Anchor component={Link} to="/login" fw={600}>
            {t('account.common.toLogin')}
          </Anchor>
          <Anchor component={Link} to={`/validate-email/resend?email=${encodeURIComponent(email)}`}>
            {t('account.signup.resend')}
          </Anchor>
        </Group>
      </AccountPage>
    );
  }

  return (
    <AccountPage title={t('account.signup.title')}>
      <Text>{t('account.signup.intro')}</Text>
      <form ref={formRef} onSubmit={submit} noValidate aria-label={t('account.signup.title')}>
        <Stack gap="sm">
          {signup.isError && (
            <ErrorAlert>
              <Stack gap={6}>
                <Text size="sm">{errorMessage(signup.error, t)}</Text>
                {errorCode(signup.error) === 'email_taken' && (
                  <Group gap="md">
                    <Anchor component={Link} to="/login" size="sm" fw={600}>
                      {t('account.common.toLogin')}
                    </Anchor>
                    <Anchor component={Link} to="/forgot-password" size="sm">
                      {t('account.common.forgotPassword')}
                    </Anchor>
                  </Group>
                )}
              </Stack>
            </ErrorAlert>
          )}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
            <TextInput label={t('account.fields.firstName')} required autoComplete="given-name" {...nameInputProps} {...form.field('firstName')} />
            <TextInput label={t('account.fields.lastName')} required autoComplete="family-name" {...nameInputProps} {...form.field('lastName')} />
          </SimpleGrid>
          <TextInput label={t('account.fields.email')} required {...emailInputProps} {...form.field('email')} />
          <PasswordField
            label={t('account.fields.password')}
            description={t('account.signup.passwordHint', { min: PASSWORD_MIN_LENGTH })}
            required
            autoComplete="new-password"
            {...form.field('password')}
          />
          <TextInput label={t('account.fields.phone')} required {...phoneInputProps} {...form.field('phone')} />
          <Text size="xs" c="dimmed">
            <Trans ns={ACCOUNT_TEXTS} i18nKey="account.signup.terms" components={{ terms: <Anchor component={Link} to="/terms" size="xs" underline="always" /> }} />
          </Text>
          <Button type="submit" loading={signup.isPending} fullWidth>
            {t('account.signup.submit')}
          </Button>
        </Stack>
      </form>
      <Group gap={6}>
        <Text size="sm">{t('account.signup.haveAccount')}</Text>
        <Anchor component={Link} to="/login" size="sm" fw={600}>
          {t('account.common.toLogin')}
        </Anchor>
      </Group>
    </AccountPage>
  );
}
