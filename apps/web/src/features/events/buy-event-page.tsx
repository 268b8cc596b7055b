import type { ReactNode } from 'react';
import { Anchor, Card, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { eventTeamPrice, formatMoney, type GameReply } from '@streethunt/shared';
import { ApiError } from '../../api/client.ts';
import { useLogOutOnUnauthorized } from '../../api/use-require-login.ts';
import { LoadError, StudioLoader, StudioPage, useCreatorSession } from '../../ui/studio/studio-page.tsx';
import { eventsApi, eventsKeys } from './api.ts';
import { NewEventForm } from './new-event-form.tsx';

/**
 * `/events/buy/{gameId}`: anyone signed in buys an event of this game for their group, teams times the
 * price per team, through the payment page; the game's creator (or an admin) makes one without paying.
 */
function BuyEventPage() {
  const { t, i18n } = useTranslation('studio');
  const session = useCreatorSession();
  const gameId = useParams().gameId ?? '';
  const game = useQuery({ queryKey: eventsKeys.game(gameId), queryFn: ({ signal }) => eventsApi.game(gameId, signal), enabled: session.status === 'in', retry: false });
  useLogOutOnUnauthorized(game.error);
  const money = (agorot: number) => formatMoney(agorot, i18n.language === 'en' ? 'en' : 'he');

  const toGame = (
    <Anchor component={Link} to={`/game/${encodeURIComponent(gameId)}`}>
      {t('events.buy.backToGame')}
    </Anchor>
  );
  return (
    <StudioPage title={t('events.buy.title')} testId="buy-event-page" size="sm">
      {session.status !== 'in' || game.isPending ? (
        <StudioLoader label={t('events.buy.loading')} />
      ) : game.isError && !isMissing(game.error) ? (
        <LoadError title={t('events.buy.loadFailed')} error={game.error} onRetry={() => void game.refetch()} retrying={game.isFetching} />
      ) : (
        <BuyEvent
          game={game.isError ? null : game.data}
          own={(reply) => session.isAdmin || reply.userId === session.session?.userId}
          money={money}
          toGame={toGame}
          onUnauthorized={session.endOnUnauthorized}
        />
      )}
    </StudioPage>
  );
}

/** A game that is not there (or not the caller's to see) reads as not for sale. */
const isMissing = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 403);

type BuyEventProps = { game: GameReply | null; own(game: GameReply): boolean; money(agorot: number): string; toGame: ReactNode; onUnauthorized(error: unknown): void };

function BuyEvent({ game, own, money, toGame, onUnauthorized }: BuyEventProps) {
  const { t } = useTranslation('studio');
  const price = game ? eventTeamPrice(game.metadata) : null;
  if (!game || game.status !== 'APPROVED' || !price || (price.kind === 'invalid' && !own(game))) {
    return (
      <Card withBorder padding="lg" data-testid="not-for-sale">
        <Stack gap="sm" align="flex-start">
          <Text>{t('events.buy.notForSale')}</Text>
          {toGame}
        </Stack>
      </Card>
    );
  }
  const free = own(game) || price.kind !== 'amount';
  const name = game.metadata.name.trim() || t('studio.untitled');
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Text size="lg" fw={700} dir="auto" data-testid="buy-game-name">
          {name}
        </Text>
        <Text data-testid="buy-price">{own(game) ? t('events.buy.own') : price.kind === 'amount' ? t('events.buy.perTeam', { price: money(price.agorot) }) : t('events.buy.free')}</Text>
        <Text size="sm" c="dimmed">
          {t('events.buy.intro')}
        </Text>
      </Stack>
      <NewEventForm games={[{ _id: game._id, metadata: { name } }]} linkedGameId={game._id} onUnauthorized={onUnauthorized} teamPrice={free || price.kind !== 'amount' ? 0 : price.agorot} />
      {toGame}
    </Stack>
  );
}

export { BuyEventPage as Component };
