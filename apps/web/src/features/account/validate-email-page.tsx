import { ACCOUNT_TEXTS } from '../../i18n/account-translations.ts';
import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { validateEmailRequestSchema } from '@streethunt/shared';
import { ApiError } from '../../api/client.ts';
import { useTokenCall } from '../../api/use-token-call.ts';
import { AccountPage, ErrorAlert, PageLoader, SuccessAlert } from './account-page.tsx';
import { accountKeys, accountApi } from './api.ts';
import { errorMessage } from './errors.ts';
import { ResendValidationForm } from './resend-validation-form.tsx';

/** The route's value that asks for the resend form instead of naming a token. */
const RESEND = 'resend';

/**
 * `/validate-email/{token}`: validating, then success (with a way to log in) or "the link is not valid"
 * with the resend form. `/validate-email/resend` shows the resend form only.
 */
export function Component() {
  const { t } = useTranslation(ACCOUNT_TEXTS);
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';

  if (token === RESEND) {
    return (
      <AccountPage title={t('account.validate.resendTitle')}>
        <ResendValidationForm initialEmail={email} />
      </AccountPage>
    );
  }
  return <ValidateToken token={token} email={email} />;
}

function ValidateToken({ token, email }: { token: string; email: string }) {
  const { t, i18n } = useTranslation(ACCOUNT_TEXTS);
  const validation = useTokenCall({
    queryKey: accountKeys.validateEmail(token),
    call: () => accountApi.validateEmail(token, i18n.language),
    wellFormed: validateEmailRequestSchema.safeParse({ token }).success,
    // The server refused the token (invalid_token, or it failed the server's checks): only a new link helps.
    retryable: (error) => !(error instanceof ApiError && error.status < 500),
  });

  return (
    <AccountPage title={t('account.validate.title')}>
      {validation.status === 'refused' ? (
        <Stack gap="lg">
          <ErrorAlert>{t('account.validate.invalid')}</ErrorAlert>
          <ResendValidationForm initialEmail={email} withHeading />
        </Stack>
      ) : validation.status === 'checking' ? (
        <Stack gap="xs" role="status">
          <Text>{t('account.validate.validating')}</Text>
          <PageLoader />
        </Stack>
      ) : validation.status === 'failed' ? (
        <Stack gap="sm">
          <ErrorAlert>{errorMessage(validation.error, t)}</ErrorAlert>
          <Button variant="light" onClick={validation.retry} loading={validation.retrying}>
            {t('account.common.retry')}
          </Button>
        </Stack>
      ) : (
        <Stack gap="sm">
          <SuccessAlert>{t('account.validate.success')}</SuccessAlert>
          <Button component={Link} to="/login">
            {t('account.common.toLogin')}
          </Button>
        </Stack>
      )}
    </AccountPage>
  );
}
