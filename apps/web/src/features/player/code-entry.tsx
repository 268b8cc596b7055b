import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isFreePrice } from '@streethunt/shared';
import { playSound, primeSounds } from '../../ui/sounds.ts';
import { FreeStartAlert } from './free-start-alert.tsx';
import { GameLine } from '../../ui/game/game-line.tsx';
import type { CodeResult } from './play-session.ts';
import { usePlay } from './play-context.tsx';
import { ResultAnnouncement, ResultIcon } from '../../ui/game/result-icon.tsx';
import { useFreeStart } from './use-free-start.ts';

/**
 * The code entry: a wrong code gets the bad sound and a red X (no text, spec section 8); a right one
 * the code-ok sound, a green check and the continue button. A real code that cannot play says why
 * instead (its purchase refunded, its event team disqualified). Under the title, the game and its price. On
 * a free game the code joins a team's play, and a new play starts without one instead of buying a code.
 */
export function CodeEntry({ onPurchase }: { onPurchase(): void }) {
  const { t } = useTranslation();
  const { game, session, setPage, snapshot } = usePlay();
  const free = isFreePrice(game.metadata.price);
  const freeStart = useFreeStart();
  // A code bought a moment ago (kept by the payment page) is filled in, ready to send.
  const [code, setCode] = useState(() => (snapshot.progress?.startTime ? '' : (snapshot.secret ?? '')));
  const [result, setResult] = useState<CodeResult | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // An empty code is not sent (the send button is disabled until something is typed).
    if (sending || !code.trim()) return;
    primeSounds();
    setSending(true);
    setResult(null);
    const outcome = await session.submitCode(code);
    setSending(false);
    setResult(outcome);
    if (outcome === 'ok') playSound('code-ok');
    else if (outcome === 'wrong' || outcome === 'refunded' || outcome === 'disqualified') playSound('bad');
    // A right code of an event that has ended: straight to how it ended and the final ranking.
    else if (outcome === 'over') setPage('questions');
  };

  const accepted = result === 'ok';
  return (
    <Stack gap="md" data-testid="code-entry">
      <Title order={1}>{t('player.payment.title')}</Title>
      <GameLine metadata={game.metadata} />
      <Text>{t(free ? 'player.free.explanation' : 'player.payment.explanation')}</Text>
      <form onSubmit={submit} noValidate aria-label={t('player.payment.title')}>
        <Stack gap="sm">
          <Group gap="sm" align="flex-end" wrap="nowrap">
            <TextInput
              label={t('player.payment.codeLabel')}
              value={code}
              onChange={(event) => {
                setCode(event.currentTarget.value);
                if (!accepted) setResult(null);
              }}
              readOnly={accepted}
              error={result === 'wrong' || result === 'refunded' || result === 'disqualified'}
              size="md"
              dir="ltr"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              data-testid="code-input"
              style={{ flex: 1 }}
            />
            {(result === 'ok' || result === 'wrong') && (
              <ResultIcon ok={accepted} label={t(accepted ? 'player.payment.codeRight' : 'player.payment.codeWrong')} testId="code-result" />
            )}
          </Group>
          <ResultAnnouncement
            message={result === 'ok' || result === 'wrong' ? t(accepted ? 'player.payment.codeRight' : 'player.payment.codeWrong') : null}
            testId="code-announcement"
          />
          {result === 'refunded' && (
            <Alert color="red" data-testid="code-refunded">
              {t('player.payment.codeRefunded')}
            </Alert>
          )}
          {result === 'disqualified' && (
            <Alert color="red" data-testid="code-disqualified">
              {t('player.payment.codeDisqualified')}
            </Alert>
          )}
          {result === 'rate_limited' && <Alert color="orange">{t('player.payment.rateLimited')}</Alert>}
          {result === 'network' && <Alert color="orange">{t('player.errors.network')}</Alert>}
          {result === 'error' && <Alert color="red">{t('player.errors.generic')}</Alert>}
          {accepted ? (
            <Button size="lg" fullWidth onClick={() => setPage('questions')} data-testid="code-continue">
              {t('player.payment.continue')}
            </Button>
          ) : (
            <Button type="submit" size="lg" fullWidth loading={sending} disabled={!code.trim()}>
              {t('player.payment.sendCode')}
            </Button>
          )}
        </Stack>
      </form>
      {!accepted && free && (
        <>
          <FreeStartAlert result={freeStart.result} />
          <Button variant="light" size="md" fullWidth loading={freeStart.starting} onClick={() => void freeStart.start()} data-testid="free-start">
            {t('player.free.startNew')}
          </Button>
        </>
      )}
      {!accepted && !free && (
        <Button variant="subtle" size="sm" onClick={onPurchase} style={{ alignSelf: 'flex-start' }}>
          {t('player.payment.purchase')}
        </Button>
      )}
    </Stack>
  );
}
