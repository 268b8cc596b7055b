import { eq } from 'drizzle-orm';
import { eventTeamPrice, type CreateEventRequest, type Language } from '@streethunt/shared';
import { findGame } from '../../db/game-rows.ts';
import { readGameMetadata } from '../../db/read-game-content.ts';
import { users } from '../../db/schema.ts';
import type { AccessClaims } from '../../platform/auth.ts';
import { may } from '../../platform/policy.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { eventTimes, insertEvent } from '../events/service.ts';
import type { EventOrder } from './event-order.ts';
import { affCodeOfAnother, startCheckout, type PaymentsDeps } from './service.ts';

/**
 * POST /api/events/purchase: anyone signed in buys an event of an approved game for N teams, as any
 * purchase: N times the price per team (the creator's group price, else the game's), one payment,
 * split and refunded as one sale; once paid, fulfil.ts makes the event with the buyer as organiser.
 * Nothing to pay (the game's own creator or an admin, or a free price) makes the event at once.
 */
export async function requestEventPurchase(
  deps: PaymentsDeps,
  caller: AccessClaims,
  input: { order: CreateEventRequest; affCode: string | null; language: Language },
): Promise<{ URL: string; eventId: string | null }> {
  const { order } = input;
  // The same checks as POST /api/events, in the same order, before anything is stored.
  eventTimes(order);
  const game = await findGame(deps.db, order.gameId);
  const own = game !== null && may(caller, 'edit-game', game);
  if (!game || (game.status !== 'APPROVED' && !own)) throw notFound('No such game');
  if (game.status !== 'APPROVED') throw conflict('Only a published game can be played as an event');
  const metadata = readGameMetadata(game.metadata);
  const teamPrice = eventTeamPrice(metadata);
  if (own || teamPrice.kind === 'free') {
    const event = await deps.db.transaction((tx) => insertEvent(tx, { gameId: game.id, organiserId: caller.userId, input: order }));
    return { URL: `${deps.config.publicUrl}/events/${event.id}`, eventId: event.id };
  }
  if (teamPrice.kind === 'invalid') throw conflict('This game has no price it can be bought at');

  const [buyer] = await deps.db.select().from(users).where(eq(users.id, caller.userId));
  if (!buyer) throw notFound('No such user');
  const eventOrder: EventOrder = { ...order, showLeaderboard: order.showLeaderboard ?? true, timeLimitMinutes: order.timeLimitMinutes ?? null, organiserId: caller.userId };
  const { url } = await startCheckout(deps, {
    purchase: {
      gameId: game.id,
      fullName: `${buyer.firstName} ${buyer.lastName}`.trim(),
      email: buyer.email,
      phone: buyer.phone,
      amount: teamPrice.agorot * order.teamCount,
      affCode: await affCodeOfAnother(deps.db, input.affCode, caller.userId),
      language: input.language,
      eventOrder,
      buyerId: caller.userId,
    },
    description: `${metadata.name}: ${order.name} (${order.teamCount})`,
    cancelUrl: `${deps.config.publicUrl}/events/buy/${game.id}`,
  });
  return { URL: url, eventId: null };
}
