import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconQrcode } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { normalizePresenceCode, type PlayerQuestion } from '@streethunt/shared';
import { ResultAnnouncement, ResultIcon } from '../../../ui/game/result-icon.tsx';
import { playSound } from '../../../ui/sounds.ts';
import { usePlay } from '../play-context.tsx';
import { CameraScanner } from './camera-scanner.tsx';
import { forgetPresenceLink, looksLikePresenceCode, presenceCodeInLink } from './presence-link.ts';

type Result = 'right' | 'wrong' | 'checking' | 'queued' | 'out' | 'over' | 'wait' | null;

export type PresenceProofProps = {
  index: number;
  question: PlayerQuestion;
  /** A `gps-or-qr` question in a game with a map: say that walking into the area also opens it. */
  orArrive?: boolean;
  /** The heading's level: 2 when this is the whole step (a game without a map). */
  headingOrder?: 2 | 3;
};

/**
 * The spot's QR code as the proof of being there: scanned with the camera, or typed. The phone holds
 * nothing to judge it by (a hash could be cracked offline): the server judges every code, and a right
 * one begins the question (STARTED). Offline the code is queued, and the phone says it will be checked
 * once the network is back; the question opens when the server takes it.
 */
export function PresenceProof({ index, question, orArrive = false, headingOrder = 3 }: PresenceProofProps) {
  const { t } = useTranslation('presence');
  const { session, snapshot } = usePlay();
  // A sign's link opened by the phone's own camera app: its code is tried at once (below).
  const [linked] = useState(presenceCodeInLink);
  const [typed, setTyped] = useState(linked ?? '');
  const [result, setResult] = useState<Result>(null);
  const [tries, setTries] = useState(0);
  const [scanning, setScanning] = useState(false);
  const [notOurs, setNotOurs] = useState(false);

  const settle = (verdict: 'right' | 'wrong') => {
    setResult(verdict);
    playSound(verdict === 'right' ? 'good' : 'bad');
  };
  const prove = async (text: string) => {
    const code = normalizePresenceCode(text);
    if (code === '') return;
    setTries((n) => n + 1);
    const change = { action: 'set-question-status', questionIndex: index, questionId: question.id, questionStatus: 'STARTED', presenceCode: code } as const;
    setResult('checking');
    const verdict = await session.judgeOnServer(change);
    if (verdict === 'right' || verdict === 'wrong') settle(verdict);
    else setResult(verdict);
  };

  const linkTried = useRef(false);
  useEffect(() => {
    if (!linked || linkTried.current) return;
    linkTried.current = true;
    forgetPresenceLink();
    void prove(linked);
    // Once, on the first showing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void prove(typed);
  };
  const scanned = (text: string) => {
    if (!looksLikePresenceCode(text)) {
      setNotOurs(true);
      return false;
    }
    setNotOurs(false);
    setScanning(false);
    setTyped(normalizePresenceCode(text));
    void prove(text);
    return true;
  };

  const queuedNow = snapshot.presenceQueued.includes(index);
  // A queued code gone from the queue while this step still shows: the server refused it.
  const wrong = result === 'wrong' || (result === 'queued' && !queuedNow);
  const message =
    result === 'right' ? t('presence.right') : wrong ? t('presence.wrong') : result === 'checking' ? t('presence.checking') : result === 'wait' ? t('presence.wait') : null;
  return (
    <Paper withBorder radius="md" p="md" data-testid="presence-proof" data-result={result ?? 'none'}>
      <Stack gap="sm">
        <Title order={headingOrder} size="h4">
          {t('presence.title', { n: index + 1 })}
        </Title>
        <Text>{t('presence.text')}</Text>
        {orArrive && (
          <Text size="sm" c="dimmed">
            {t('presence.orArrive')}
          </Text>
        )}
        {scanning ? (
          <CameraScanner onText={scanned} onClose={() => setScanning(false)} />
        ) : (
          <Button size="lg" fullWidth leftSection={<IconQrcode size={22} aria-hidden />} onClick={() => setScanning(true)} data-testid="presence-scan">
            {t('presence.scan')}
          </Button>
        )}
        {notOurs && scanning && (
          <Alert color="orange" variant="light" data-testid="presence-not-ours">
            {t('presence.camera.notOurs')}
          </Alert>
        )}
        <form onSubmit={submit} noValidate data-testid="presence-form">
          <Stack gap="sm">
            <Group gap="sm" align="flex-end" wrap="nowrap">
              <TextInput
                label={t('presence.codeLabel')}
                value={typed}
                onChange={(event) => {
                  setTyped(event.currentTarget.value);
                  if (result !== 'checking') setResult(null);
                }}
                error={wrong && t('presence.wrong')}
                readOnly={result === 'checking'}
                size="md"
                // A code is Latin letters and digits: typed left to right in Hebrew too.
                dir="ltr"
                maxLength={64}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                enterKeyHint="send"
                data-testid="presence-code"
                style={{ flex: 1, minInlineSize: 0 }}
              />
              {(wrong || result === 'right') && <ResultIcon ok={!wrong} label={message ?? ''} testId="presence-result" />}
            </Group>
            <ResultAnnouncement message={message} attempt={tries} testId="presence-announcement" />
            {(result === 'out' || result === 'over') && (
              <Alert color="orange" variant="light" data-testid="presence-not-counted" data-reason={result}>
                {t(`presence.notCounted.${result}`)}
              </Alert>
            )}
            {result === 'wait' && (
              <Alert color="orange" variant="light" data-testid="presence-wait">
                {t('presence.wait')}
              </Alert>
            )}
            {queuedNow && (
              <Alert color="yellow" variant="light" data-testid="presence-queued">
                {t('presence.queued')}
              </Alert>
            )}
            <Button type="submit" size="lg" fullWidth variant="light" loading={result === 'checking'} data-testid="presence-check">
              {t('presence.check')}
            </Button>
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}
