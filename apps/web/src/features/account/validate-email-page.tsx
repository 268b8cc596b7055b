import { Button, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { validateEmailRequestSchema } from '@streethunt/shared';
import { ApiError } from '../../api/client.ts';
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
  const { t } = useTranslation();
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
  const { t, i18n } = useTranslation();
  const wellFormed = validateEmailRequestSchema.safeParse({ token }).success;
  // A query, not an effect: one call per token even when React mounts the page twice.
  const validation = useQuery({
    queryKey: accountKeys.validateEmail(token),
    queryFn: () => accountApi.validateEmail(token, i18n.language),
    enabled: wellFormed,
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  // The server refused the token (invalid_token, or it failed the server's checks) or it is malformed.
  const invalid = !wellFormed || (validation.error instanceof ApiError && validation.error.status < 500);

  return (
    <AccountPage title={t('account.validate.title')}>
      {invalid ? (
        <Stack gap="lg">
          <ErrorAlert>{t('account.validate.invalid')}</ErrorAlert>
          <ResendValidationForm initialEmail={email} withHeading />
        </Stack>
      ) : validation.isPending ? (
        <Stack gap="xs" role="status">
          <Text>{t('account.validate.validating')}</Text>
          <PageLoader />
        </Stack>
      ) : validation.isError ? (
        <Stack gap="sm">
          <ErrorAlert>{errorMessage(validation.error, t)}</ErrorAlert>
          <Button variant="light" onClick={() => void validation.refetch()} loading={validation.isFetching}>
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
