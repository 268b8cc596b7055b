import { useRef, type FormEvent } from 'react';
import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { emailOnlyRequestSchema } from '@streethunt/shared';
import { AccountPage, ErrorAlert, SuccessAlert, emailInputProps } from './account-page.tsx';
import { accountApi } from './api.ts';
import { errorMessage, serverFieldErrors } from './errors.ts';
import { focusFirstInvalid, useFields, validateFields } from '../../ui/form-fields.ts';
import { accountIssueText } from './issue-text.ts';

/** `/forgot-password`: asks for a reset link by email. On OK says so and hides the button (spec section 8). */
export function Component() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFields({ email: params.get('email') ?? '' });

  const request = useMutation({
    mutationFn: (email: string) => accountApi.requestPasswordReset(email, i18n.language),
    onError: (error) => form.setErrors(serverFieldErrors(error, ['email'])),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = validateFields(emailOnlyRequestSchema, form.values, accountIssueText(t));
    if (!result.ok) {
      request.reset();
      form.setErrors(result.errors);
      focusFirstInvalid(formRef.current);
      return;
    }
    request.mutate(result.data.email);
  };

  return (
    <AccountPage title={t('account.forgot.title')}>
      <Text>{t('account.forgot.intro')}</Text>
      <form ref={formRef} onSubmit={submit} noValidate aria-label={t('account.forgot.title')}>
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
      <Group gap="md" component="nav" aria-label={t('account.common.moreLinks')}>
        <Anchor component={Link} to="/" size="sm">
          {t('account.common.toHome')}
        </Anchor>
        <Anchor component={Link} to="/login" size="sm">
          {t('account.common.toLogin')}
        </Anchor>
        <Anchor component={Link} to="/signup" size="sm">
          {t('account.common.toSignup')}
        </Anchor>
      </Group>
    </AccountPage>
  );
}
