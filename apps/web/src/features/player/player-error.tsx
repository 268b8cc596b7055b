import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError, NetworkError } from '../../api/client.ts';
import type { CodeResult } from './play-session.ts';

/**
 * The game could not be loaded: unknown (404), no network, or another failure. A game that is not
 * published (a draft being play-tested) answers 404 to strangers but opens with one of its codes, so
 * the not-found screen asks for one.
 */
export function PlayerError({ error, onRetry, onCode }: { error: unknown; onRetry(): void; onCode(code: string): Promise<CodeResult> }) {
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
        <CodeForUnlisted onCode={onCode} />
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

/** What the unlisted game's code entry says for each outcome (null: nothing, as for a right code). */
const CODE_MESSAGES: Record<CodeResult, string | null> = {
  ok: null,
  over: null,
  wrong: 'player.payment.codeWrong',
  refunded: 'player.payment.codeRefunded',
  disqualified: 'player.payment.codeDisqualified',
  rate_limited: 'player.payment.rateLimited',
  network: 'player.errors.network',
  error: 'player.errors.generic',
};

/** A valid code becomes the active play, and the game then loads with it (player-page's useGame). */
function CodeForUnlisted({ onCode }: { onCode(code: string): Promise<CodeResult> }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [result, setResult] = useState<CodeResult | null>(null);
  const [sending, setSending] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending || !code.trim()) return;
    setSending(true);
    setResult(null);
    setResult(await onCode(code));
    setSending(false);
  };
  const refused = result === 'wrong' || result === 'refunded' || result === 'disqualified';
  const message = result === null ? null : CODE_MESSAGES[result];
  return (
    <form onSubmit={submit} noValidate aria-label={t('player.errors.haveCode')} data-testid="unlisted-code">
      <Stack gap="sm">
        <Text fw={600}>{t('player.errors.haveCode')}</Text>
        <Group gap="sm" align="flex-end" wrap="nowrap">
          <TextInput
            label={t('player.payment.codeLabel')}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            error={refused}
            dir="ltr"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            style={{ flex: 1 }}
          />
          <Button type="submit" loading={sending}>
            {t('player.payment.sendCode')}
          </Button>
        </Group>
        {message && (
          <Alert color={refused ? 'red' : 'orange'} role="alert">
            {t(message)}
          </Alert>
        )}
      </Stack>
    </form>
  );
}
