import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, Container, Group, Loader, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCircleCheck, IconCopy } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { checkTokenReplySchema, checkTokenRequestSchema } from '@streethunt/shared';
import { ApiError, NetworkError, apiRequest } from '../../api/client.ts';
import { useTokenCall } from '../../api/use-token-call.ts';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { usePurchaseTexts } from '../../ui/texts/use-purchase-texts.ts';
import { CancelPurchase } from '../../ui/purchases/cancel-purchase.tsx';
import { keptPut, loadKept } from './offline/kept-play.ts';
import { useCopyCode } from './use-copy-code.ts';
import type { PlayerLinkState } from './play-context.tsx';


/** Where the browser keeps the game being played (spec section 3, 'Local persistence'); the player reads it. */
export const ACTIVE_GAME_KEY = 'activeGame';
export type ActiveGame = { game_id: string; game_secret: string };

/** Keeps `{ game_id, game_secret }` as `activeGame`, so /game/{id} opens straight into the bought game. */
export function storeActiveGame(activeGame: ActiveGame): Promise<void> {
  // After what the phone kept was read: the game's page reads it from there.
  return loadKept().then(() => keptPut(ACTIVE_GAME_KEY, { game_id: activeGame.game_id, game_secret: activeGame.game_secret }));
}

/** POST /api/payment/checkToken: the paid game and the code created for this purchase (the same one on a repeat). */
async function checkToken(token: string, signal?: AbortSignal) {
  const reply = await apiRequest('/api/payment/checkToken', { method: 'POST', body: { token }, schema: checkTokenReplySchema, signal });
  return reply.data;
}

/**
 * `/payment-success?Token=…`, where the payment page sends the buyer back: validating, then the game code
 * (large, copyable), the notice that it was emailed too and a button back to the game; or a generic error
 * (spec sections 4 and 8).
 */
export function Component() {
  const { t } = usePurchaseTexts();
  const [params] = useSearchParams();
  const token = (params.get('Token') ?? params.get('token') ?? '').trim();
  usePageTitle(t('paymentSuccess.title'));

  const check = useTokenCall({
    queryKey: ['payment', 'check-token', token],
    call: (signal) => checkToken(token, signal),
    wellFormed: checkTokenRequestSchema.safeParse({ token }).success,
    // Worth another try: the server was not reached, was busy (429) or failed; a refused token (404, 409) is final.
    retryable: (error) => error instanceof NetworkError || (error instanceof ApiError && (error.status === 429 || error.status >= 500)),
  });

  const approved = check.status === 'done' ? check.data : undefined;
  // Cancelled here: the code stopped, so it is no longer offered.
  const [cancelled, setCancelled] = useState(false);
  const cancellation = approved?.cancellable && approved.purchaseId && approved.cancelBefore && (
    <CancelPurchase
      purchaseId={approved.purchaseId}
      token={token}
      cancelBefore={approved.cancelBefore}
      {...('secretCode' in approved ? { code: approved.secretCode } : { event: true })}
      onCancelled={() => setCancelled(true)}
    />
  );
  useEffect(() => {
    if (approved && 'secretCode' in approved) void storeActiveGame({ game_id: approved.gameId, game_secret: approved.secretCode });
  }, [approved]);

  return (
    <Container size={480} px="md" py="xl">
      <Stack gap="lg">
        <Title order={1} size="h2">
          {t('paymentSuccess.title')}
        </Title>
        {check.status === 'refused' || check.status === 'failed' ? (
          <Stack gap="md" align="stretch" data-testid="payment-error">
            <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title={t('paymentSuccess.errorTitle')}>
              {check.status === 'failed' && check.error instanceof NetworkError ? t('paymentSuccess.networkError') : t('paymentSuccess.error')}
            </Alert>
            {check.status === 'failed' && (
              <Button variant="light" onClick={check.retry} loading={check.retrying}>
                {t('paymentSuccess.retry')}
              </Button>
            )}
            <Button component={Link} to="/games" variant="default">
              {t('paymentSuccess.toGames')}
            </Button>
          </Stack>
        ) : check.status === 'checking' ? (
          <Stack gap="sm" align="center" py="xl" role="status" data-testid="payment-validating">
            <Loader aria-hidden />
            <Text>{t('paymentSuccess.validating')}</Text>
          </Stack>
        ) : 'eventId' in check.data ? (
          // An event bought for many teams: its codes are in its control room.
          <Stack gap="md" data-testid="event-approved">
            <Alert color="teal" variant="light" icon={<IconCircleCheck aria-hidden />} title={t('paymentSuccess.eventReady')}>
              {t('paymentSuccess.eventEmailed')}
            </Alert>
            <Button component={Link} to={`/events/${encodeURIComponent(check.data.eventId)}`} size="lg" fullWidth data-testid="to-control-room">
              {t('paymentSuccess.toControlRoom')}
            </Button>
            {cancellation}
          </Stack>
        ) : (
          <Stack gap="md" data-testid="payment-approved">
            <Alert color="teal" variant="light" icon={<IconCircleCheck aria-hidden />} title={t('paymentSuccess.approved')}>
              {t('paymentSuccess.emailed')}
            </Alert>
            {!cancelled && (
              <>
                <GameCode code={check.data.secretCode} />
                {/* To the code screen, where the bought code waits filled in (storeActiveGame): one tap from playing. */}
                <Button
                  component={Link}
                  to={`/game/${encodeURIComponent(check.data.gameId)}`}
                  state={{ page: 'payment' } satisfies PlayerLinkState}
                  size="lg"
                  fullWidth
                  data-testid="back-to-game"
                >
                  {t('paymentSuccess.backToGame')}
                </Button>
              </>
            )}
            <Anchor component={Link} to="/games" ta="center" size="sm">
              {t('paymentSuccess.toGames')}
            </Anchor>
            {cancellation}
          </Stack>
        )}
      </Stack>
    </Container>
  );
}


/** The code, large and left to right in a monospace face, with a copy button. */
function GameCode({ code }: { code: string }) {
  const { t } = usePurchaseTexts();
  const { codeRef, copyState, copy } = useCopyCode(code);

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm" align="center">
        <Text id="game-code-label" size="sm" fw={600}>
          {t('paymentSuccess.codeLabel')}
        </Text>
        <Text
          ref={codeRef}
          aria-labelledby="game-code-label"
          dir="ltr"
          ff="monospace"
          fz={{ base: 28, xs: 34 }}
          fw={700}
          ta="center"
          data-testid="game-code"
          style={{ letterSpacing: '0.08em', overflowWrap: 'anywhere', userSelect: 'all' }}
        >
          {code}
        </Text>
        <Group justify="center">
          <Button
            variant={copyState === 'copied' ? 'filled' : 'light'}
            leftSection={copyState === 'copied' ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
            onClick={() => void copy()}
          >
            {copyState === 'copied' ? t('paymentSuccess.copied') : t('paymentSuccess.copy')}
          </Button>
        </Group>
        <div aria-live="polite" data-testid="copy-status">
          {copyState === 'copied' && <VisuallyHidden>{t('paymentSuccess.copied')}</VisuallyHidden>}
          {copyState === 'failed' && (
            <Text size="sm" c="red.8">
              {t('paymentSuccess.copyFailed')}
            </Text>
          )}
        </div>
      </Stack>
    </Paper>
  );
}
