import { Alert, Button, List, Stack, Text, Title } from '@mantine/core';
import { IconMapPinOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { GEOLOCATION_UNSUPPORTED } from './use-geolocation.ts';

export type LocationError = { code?: number; message: string };

/** The browser's own words about the failure, or ours when it has no geolocation at all. */
export function LocationErrorText({ error }: { error: LocationError }) {
  const { t } = useTranslation();
  const text = error.code === GEOLOCATION_UNSUPPORTED ? t('map.disabled.unsupported') : error.message.trim();
  if (!text) return null;
  return (
    <Text size="sm" data-testid="location-error-text">
      {t('map.disabled.errorText', { message: text })}
    </Text>
  );
}

/**
 * The page body shown when the phone does not share its location (spec section 8): what happened, the
 * browser's error text, and how to turn location on. `onRetry` defaults to reloading the page, which
 * asks for the permission again.
 */
export function LocationDisabled({ error, onRetry }: { error: LocationError | null; onRetry?: () => void }) {
  const { t } = useTranslation();
  const retry = onRetry ?? (() => window.location.reload());
  return (
    <Stack gap="md" data-testid="location-disabled">
      <Alert color="orange" variant="light" icon={<IconMapPinOff aria-hidden />} role="alert">
        <Stack gap={6}>
          <Title order={2} size="h4">
            {t('map.disabled.title')}
          </Title>
          <Text>{t('map.disabled.text')}</Text>
          {error && <LocationErrorText error={error} />}
        </Stack>
      </Alert>
      <Stack gap={6}>
        <Title order={3} size="h5">
          {t('map.disabled.howTo')}
        </Title>
        <List type="ordered" spacing={4}>
          <List.Item>{t('map.disabled.step1')}</List.Item>
          <List.Item>{t('map.disabled.step2')}</List.Item>
          <List.Item>{t('map.disabled.step3')}</List.Item>
        </List>
      </Stack>
      <Button variant="light" onClick={retry} style={{ alignSelf: 'flex-start' }}>
        {t('map.disabled.retry')}
      </Button>
    </Stack>
  );
}
