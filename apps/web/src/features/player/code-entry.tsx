import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { playSound, primeSounds } from '../../ui/sounds.ts';
import type { CodeResult } from './play-session.ts';
import { usePlay } from './play-context.tsx';
import { ResultIcon } from './result-icon.tsx';

/**
 * The code entry: a wrong code gets the bad sound and a red X (no text, spec section 8); a right one
 * the code-ok sound, a green check and the continue button.
 */
export function CodeEntry({ onPurchase }: { onPurchase(): void }) {
  const { t } = useTranslation();
  const { session, setPage, snapshot } = usePlay();
  // A code bought a moment ago (kept by the payment page) is filled in, ready to send.
  const [code, setCode] = useState(() => (snapshot.progress?.startTime ? '' : (snapshot.secret ?? '')));
  const [result, setResult] = useState<CodeResult | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    primeSounds();
    if (!code.trim()) {
      playSound('bad');
      setResult('wrong');
      return;
    }
    setSending(true);
    setResult(null);
    const outcome = await session.submitCode(code);
    setSending(false);
    setResult(outcome);
    if (outcome === 'ok') playSound('code-ok');
    else if (outcome === 'wrong') playSound('bad');
  };

  const accepted = result === 'ok';
  return (
    <Stack gap="md" data-testid="code-entry">
      <Title order={1}>{t('player.payment.title')}</Title>
      <Text>{t('player.payment.explanation')}</Text>
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
          {result === 'rate_limited' && <Alert color="orange">{t('player.payment.rateLimited')}</Alert>}
          {result === 'network' && <Alert color="orange">{t('player.errors.network')}</Alert>}
          {result === 'error' && <Alert color="red">{t('player.errors.generic')}</Alert>}
          {accepted ? (
            <Button size="lg" fullWidth onClick={() => setPage('questions')} data-testid="code-continue">
              {t('player.payment.continue')}
            </Button>
          ) : (
            <Button type="submit" size="lg" fullWidth loading={sending}>
              {t('player.payment.sendCode')}
            </Button>
          )}
        </Stack>
      </form>
      {!accepted && (
        <Button variant="subtle" size="sm" onClick={onPurchase} style={{ alignSelf: 'flex-start' }}>
          {t('player.payment.purchase')}
        </Button>
      )}
    </Stack>
  );
}
