import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError, NetworkError } from '../../api/client.ts';

/** The game could not be loaded: unknown (404), no network, or another failure. */
export function PlayerError({ error, onRetry }: { error: unknown; onRetry(): void }) {
  const { t } = useTranslation();
  const notFound = error instanceof ApiError && (error.status === 404 || error.status === 400);
  if (notFound) {
    return (
      <Stack gap="md" data-testid="game-not-found">
        <Title order={1}>{t('player.errors.notFoundTitle')}</Title>
        <Text>{t('player.errors.notFound')}</Text>
        <Anchor component={Link} to="/games" fw={600}>
          {t('player.errors.toGames')}
        </Anchor>
      </Stack>
    );
  }
  return (
    <Stack gap="md" data-testid="game-error">
      <Alert color={error instanceof NetworkError ? 'orange' : 'red'} role="alert">
        {t(error instanceof NetworkError ? 'player.errors.network' : 'player.errors.generic')}
      </Alert>
      <Button size="md" onClick={onRetry} style={{ alignSelf: 'flex-start' }}>
        {t('player.common.retry')}
      </Button>
    </Stack>
  );
}
