import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { affiliateCodeSchema, gameNameIn, isOwnPurchase, languageFor, mailboxOf, splitSale } from '@streethunt/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { events, gameCodes, games, purchases, users } from '../../db/schema.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { createGameCodes, type GameCode } from '../codes/service.ts';
import { announceBoughtTrial, buyTrialCode } from '../trials/service.ts';
import type { Services } from '../../services.ts';
import { insertEvent } from '../events/service.ts';
import { eventPurchaseEmail, gameCodeEmail } from './emails.ts';
import { readEventOrder } from './event-order.ts';
import { readGameMetadata, readTranslations } from '../../db/read-game-content.ts';
import { cancelToken } from './success-token.ts';

export type FulfilDeps = {
  db: Db;
  mailer: Mailer;
  /** jwtSecret signs the receipt email's cancel link (success-token.ts). */
  config: Pick<Config, 'publicUrl' | 'vatPercent' | 'jwtSecret'>;
  /** Refusals and a failed code email are logged; the buyer still gets the code on the page. */
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
  /** To tell a bought trial's phones (features/trials); absent in tests that fulfil directly. */
  realtime?: Services['realtime'];
};

/**
 * What the provider says it charged, in minor units and upper-case ISO 4217 (its own word, never the
 * browser's), and the paying card or account when it names one (PaymentReport's payerId).
 */
export type ChargedAmount = { amount: number; currency: string; payerId?: string | null };

/** What a paid purchase bought: one game code, or an event with one code per team. */
type Bought = { code: string } | { eventId: string };

export type Fulfilment =
  /** Paid, now or before; `first` when this call made it paid (and emailed the code, or the event's link). */
  | ({ kind: 'paid'; gameId: string; first: boolean } & Bought)
  /** The charge does not match the purchase: refused, logged, the purchase left as it was. */
  | { kind: 'mismatch' }
  | { kind: 'not_found' }
  /** Not payable any more (refunded): nothing changed. */
  | { kind: 'closed'; status: string };

/** Statuses a payment may complete: pending, or declined (the sandbox page lets the buyer try another card). */
const OPEN: ('pending' | 'declined')[] = ['pending', 'declined'];

/**
 * THE place where a purchase becomes paid, for the sandbox and every provider alike: checks what the
 * provider charged against the purchase, then marks it paid and creates its one code in one
 * transaction. The conditional UPDATE makes a repeat (a webhook twice, the return page racing the
 * notification) find it paid already and return the same code; only the first call emails it.
 */
export async function fulfilPurchase(deps: FulfilDeps, purchaseId: string, charged: ChargedAmount): Promise<Fulfilment> {
  const payerId = charged.payerId ?? null;
  const outcome = await deps.db.transaction(async (tx) => {
    const [purchase] = await tx.select().from(purchases).where(eq(purchases.id, purchaseId));
    if (!purchase) return { kind: 'not_found' } as const;
    if (charged.amount !== purchase.amount || charged.currency.toUpperCase() !== purchase.currency) {
      deps.log.error(
        { purchaseId, expected: { amount: purchase.amount, currency: purchase.currency }, charged },
        'a payment does not match its purchase: refused, the purchase is left as it was',
      );
      return { kind: 'mismatch' } as const;
    }

    const [marked] = await tx
      .update(purchases)
      .set({ status: 'paid', paidAt: new Date(), payerId, ...(await saleSplit(tx, { ...purchase, payerId }, deps.config.vatPercent)) })
      .where(and(eq(purchases.id, purchaseId), inArray(purchases.status, OPEN)))
      .returning();
    const order = readEventOrder(purchase.eventOrder);
    if (marked) {
      if (order) {
        const { organiserId, ...input } = order;
        const event = await insertEvent(tx, { gameId: marked.gameId, organiserId, input, purchaseId });
        return { kind: 'paid', purchase: marked, bought: { eventId: event.id }, first: true } as const;
      }
      // Bought on a trial: its code (and so its play, on every phone holding it) is the bought one.
      const trial = marked.trialCodeId ? await buyTrialCode(tx, marked.trialCodeId, purchaseId) : null;
      const [code] = trial ? [trial] : await createGameCodes(tx, { gameId: marked.gameId, count: 1, source: 'purchase', purchaseId });
      return { kind: 'paid', purchase: marked, bought: { code: code.code }, first: true, trial } as const;
    }

    // Paid before (this statement waited for that transaction, so its code or event is there), or closed.
    const [now] = await tx.select({ status: purchases.status }).from(purchases).where(eq(purchases.id, purchaseId));
    const bought = await boughtBy(tx, purchaseId, order !== null);
    if (now?.status !== 'paid' || !bought) return { kind: 'closed', status: now?.status ?? 'unknown' } as const;
    return { kind: 'paid', purchase, bought, first: false } as const;
  });

  if (outcome.kind !== 'paid') return outcome;
  // The code was read as a trial until now: no process may go on limiting it from its code cache.
  const trial: GameCode | null = 'trial' in outcome ? (outcome.trial ?? null) : null;
  if (trial) await announceBoughtTrial(deps, trial);
  if (outcome.first) await emailBought(deps, outcome.purchase, outcome.bought);
  return { kind: 'paid', gameId: outcome.purchase.gameId, ...outcome.bought, first: outcome.first };
}

/** The code or the event a paid purchase made; undefined when there is none. */
export async function boughtBy(db: Db, purchaseId: string, isEvent: boolean): Promise<Bought | undefined> {
  if (isEvent) {
    const [event] = await db.select({ id: events.id }).from(events).where(eq(events.purchaseId, purchaseId));
    return event && { eventId: event.id };
  }
  const [code] = await db.select({ code: gameCodes.code }).from(gameCodes).where(eq(gameCodes.purchaseId, purchaseId));
  return code && { code: code.code };
}

/**
 * Who earns what from this sale (packages/shared/src/money, decision record 005), fixed now with
 * today's VAT rate: the game's owner as builder; as affiliate, the user whose code came with the
 * purchase, unless that is the builder (their own code earns them nothing extra) or the buyer
 * (shared isOwnPurchase: the account whose email reaches the buyer's mailbox, or whose own earlier
 * purchases were paid by this sale's card or account: nobody earns a share of their own purchase).
 */
async function saleSplit(db: Db, purchase: typeof purchases.$inferSelect, vatPercent: number) {
  const [game] = await db.select({ userId: games.userId }).from(games).where(eq(games.id, purchase.gameId));
  const affCode = affiliateCodeSchema.safeParse(purchase.affCode ?? '').data ?? null;
  const [owner] = affCode
    ? await db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(and(eq(users.affiliateCode, affCode), ...(game ? [ne(users.id, game.userId)] : [])))
    : [];
  // The buyer's own mailbox under another spelling (a +tag, Gmail's dots), or their own card, is still the buyer.
  const samePayer = owner ? await samePayerPurchases(db, purchase, owner) : [];
  const affiliate = owner && !isOwnPurchase(owner, purchase, samePayer) ? owner : undefined;
  const split = splitSale({ price: purchase.amount, vatPercent, withAffiliate: Boolean(affiliate) });
  return {
    builderId: game?.userId ?? null,
    affiliateId: affiliate?.id ?? null,
    vatPercent,
    vat: split.vat,
    commission: split.commission,
    affiliateShare: split.affiliateShare,
    builderShare: split.builderShare,
  };
}

/**
 * The earlier paid (or since refunded) purchases this sale's payer made that may be the affiliate's:
 * bought while logged in as them, or with an address at their mailbox's domain (isOwnPurchase then
 * compares the mailboxes exactly). None when the provider named no payer.
 */
async function samePayerPurchases(
  db: Db,
  purchase: { id: string; payerId: string | null },
  affiliate: { id: string; email: string },
): Promise<{ buyerId: string | null; email: string }[]> {
  if (!purchase.payerId) return [];
  const mailbox = mailboxOf(affiliate.email);
  const domain = mailbox.slice(mailbox.lastIndexOf('@') + 1);
  const domains = domain === 'gmail.com' ? ['gmail.com', 'googlemail.com'] : [domain];
  return db
    .select({ buyerId: purchases.buyerId, email: purchases.email })
    .from(purchases)
    .where(
      and(
        eq(purchases.payerId, purchase.payerId),
        inArray(purchases.status, ['paid', 'refunded']),
        ne(purchases.id, purchase.id),
        or(eq(purchases.buyerId, affiliate.id), ...domains.map((d) => sql`lower(trim(${purchases.email})) like ${`%@${d}`}`)),
      ),
    );
}

async function emailBought(deps: FulfilDeps, purchase: typeof purchases.$inferSelect, bought: Bought): Promise<void> {
  try {
    const [game] = await deps.db.select({ metadata: games.metadata, translations: games.translations }).from(games).where(eq(games.id, purchase.gameId));
    const metadata = game ? readGameMetadata(game.metadata) : null;
    const translations = game ? readTranslations(game.translations) : undefined;
    const order = readEventOrder(purchase.eventOrder);
    // The buyer may cancel within 14 days while unused (DESIGN.md section 15): the web app's page at this path does it.
    const cancelLink = `${deps.config.publicUrl}/purchases/${purchase.id}/cancel?token=${cancelToken(deps.config.jwtSecret, purchase.id)}`;
    if ('eventId' in bought && order) {
      const message = eventPurchaseEmail({
        fullName: purchase.fullName,
        gameName: metadata?.name ?? '',
        eventName: order.name,
        teamCount: order.teamCount,
        startsAt: order.startsAt,
        amountPaid: purchase.amount,
        currency: purchase.currency,
        controlRoomLink: `${deps.config.publicUrl}/events/${bought.eventId}`,
        cancelLink,
        // The control room speaks the organiser's language, so the email does too.
        language: purchase.language,
      });
      await deps.mailer.send({ to: purchase.email, ...message }, { key: `purchase-code:${purchase.id}` });
      return;
    }
    if (!('code' in bought)) return;
    const { code } = bought;
    // The game's language, as its pages speak it (spec section 1), or the buyer's when the game is offered in it too; the buyer's browser language when the game has none.
    const language = metadata ? languageFor(metadata, purchase.language) : purchase.language;
    const message = gameCodeEmail({
      fullName: purchase.fullName,
      gameName: metadata ? gameNameIn({ metadata, translations }, language) : '',
      code,
      gameLink: `${deps.config.publicUrl}/game/${purchase.gameId}${metadata && language !== metadata.language ? `?lang=${language}` : ''}`,
      cancelLink,
      language,
    });
    // Keyed by the purchase: a second fulfilment that also thought itself first still queues one mail.
    await deps.mailer.send({ to: purchase.email, ...message }, { key: `purchase-code:${purchase.id}` });
  } catch (error) {
    deps.log.error({ err: error, purchaseId: purchase.id }, 'could not email a purchase’s code or event');
  }
}
