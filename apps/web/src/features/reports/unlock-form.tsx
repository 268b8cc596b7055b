import { useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Card, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconClock, IconLock } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ActionError } from '../../ui/studio/studio-page.tsx';
import { errorText, isUnauthorized } from '../../ui/studio/errors.ts';
import { TooManyTries, reportsApi, isWrongPassword, type ReportsGrant } from './api.ts';
import { PasswordField } from '../../ui/password-field.tsx';
import { useCountdown, type Wait } from './use-countdown.ts';

type Props = {
  /** The reports closed (expired, or refused by the server): say why the password is asked again. */
  expired: boolean;
  onUnlocked(grant: ReportsGrant): void;
  /** A 401: the session itself is over (a wrong password is a 403 and keeps it). */
  onUnauthorized(error: unknown): void;
};

/** The password again, before the figures (the terms: 'a dedicated page reached by password'). */
export function UnlockForm({ expired, onUnlocked, onUnauthorized }: Props) {
  const { t } = useTranslation('studio');
  const inputRef = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [retry, setRetry] = useState<Wait | null>(null);
  const secondsLeft = useCountdown(retry);
  const locked = secondsLeft > 0;

  const unlock = useMutation({
    mutationFn: reportsApi.unlock,
    onSuccess: (grant) => {
      setPassword('');
      onUnlocked(grant);
    },
    onError: (error) => {
      if (isWrongPassword(error)) {
        setFieldError(t('finance.unlock.wrong'));
        inputRef.current?.focus();
      } else if (error instanceof TooManyTries) {
        setRetry({ at: Date.now() + error.retryAfterSeconds * 1000, seconds: error.retryAfterSeconds });
      } else {
        onUnauthorized(error);
      }
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (locked || unlock.isPending) return;
    unlock.reset();
    if (!password) {
      setFieldError(t('finance.unlock.required'));
      inputRef.current?.focus();
      return;
    }
    setFieldError(null);
    unlock.mutate(password);
  };

  // Said once above the form, unless it is said at the field (wrong password) or by the countdown.
  const otherError = unlock.error !== null && !isWrongPassword(unlock.error) && !(unlock.error instanceof TooManyTries) && !isUnauthorized(unlock.error);

  return (
    <Card withBorder padding="lg" maw={480} w="100%" data-testid="reports-unlock">
      <form onSubmit={submit} noValidate aria-labelledby="reports-unlock-title">
        <Stack gap="md">
          <Stack gap={6}>
            <Title order={2} size="h3" id="reports-unlock-title">
              {t('finance.unlock.title')}
            </Title>
            <Text size="sm">{t('finance.unlock.text')}</Text>
          </Stack>
          {expired && (
            <Alert color="blue" variant="light" icon={<IconLock aria-hidden />} title={t('finance.unlock.expiredTitle')} data-testid="reports-expired">
              {t('finance.unlock.expired')}
            </Alert>
          )}
          {otherError && <ActionError>{errorText(unlock.error, t)}</ActionError>}
          {locked && (
            <Alert color="orange" variant="light" icon={<IconClock aria-hidden />} data-testid="reports-too-many">
              {t('finance.unlock.tooMany', { count: secondsLeft })}
            </Alert>
          )}
          {/* Said once to a screen reader: the countdown above would be read out every second. */}
          <VisuallyHidden role="status">{locked && retry ? t('finance.unlock.tooMany', { count: retry.seconds }) : ''}</VisuallyHidden>
          <PasswordField
            inputRef={inputRef}
            label={t('finance.unlock.password')}
            required
            autoComplete="current-password"
            value={password}
            onChange={(event) => {
              setPassword(event.currentTarget.value);
              setFieldError(null);
            }}
            error={fieldError}
            // Mantine marks the field with data-invalid only; assistive technology reads aria-invalid.
            aria-invalid={fieldError ? true : undefined}
          />
          <Button type="submit" loading={unlock.isPending} disabled={locked} leftSection={<IconLock size={18} aria-hidden />}>
            {t('finance.unlock.submit')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
