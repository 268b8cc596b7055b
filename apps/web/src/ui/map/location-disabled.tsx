import { Alert, Button, List, Stack, Text, Title } from '@mantine/core';
import { IconMapPinOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { GEOLOCATION_UNSUPPORTED, PERMISSION_DENIED, POSITION_UNAVAILABLE, TIMEOUT } from './use-geolocation.ts';

export type LocationError = { code?: number; message: string };

/** GeolocationPositionError's codes (1 to 3), and ours for a browser without geolocation. */
const REASON_KEYS: Record<number, string> = {
  [GEOLOCATION_UNSUPPORTED]: 'map.disabled.reason.unsupported',
  [PERMISSION_DENIED]: 'map.disabled.reason.denied',
  [POSITION_UNAVAILABLE]: 'map.disabled.reason.unavailable',
  [TIMEOUT]: 'map.disabled.reason.timeout',
};

/** The translation key that says why the location failed. */
function locationErrorKey(error: LocationError): string {
  return (error.code !== undefined && REASON_KEYS[error.code]) || 'map.disabled.reason.unknown';
}

/**
 * Why the location failed, in the active language. The browser's own message ('User denied
 * Geolocation') is in the browser's language, often not the page's, so it is never shown.
 */
export function LocationErrorText({ error }: { error: LocationError }) {
  const { t } = useTranslation();
  return (
    <Text size="sm" data-testid="location-error-text" data-code={error.code}>
      {t(locationErrorKey(error))}
    </Text>
  );
}

/**
 * The page body shown when the phone does not share its location (spec section 8): what happened, why
 * (translated from the error's code), and how to turn location on. `onRetry` defaults to reloading the
 * page, which asks for the permission again.
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
