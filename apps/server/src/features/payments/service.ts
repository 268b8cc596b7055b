import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { readPrice, type CheckTokenReply, type Language, type PaymentUrlRequest } from '@streethunt/shared';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { games, purchases, users } from '../../db/schema.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { Checkout, PaymentProvider, PaymentReport } from '../../platform/payments/provider.ts';
import { judgeSandboxCard, type SandboxCardError, type SandboxCardField, type SandboxCardForm } from '../../platform/payments/sandbox.ts';
import { readGameMetadata } from '../../db/read-game-content.ts';
import { boughtBy, fulfilPurchase, type FulfilDeps, type Fulfilment } from './fulfil.ts';
import { readEventOrder } from './event-order.ts';
import { SALE_CURRENCY } from './sale-metadata.ts';
import { purchaseIdOfToken, successToken } from './success-token.ts';
import { purchaseCancellation } from '../refunds/service.ts';
import type { CodeGate } from '../codes/service.ts';
import { trialToBuy } from '../trials/service.ts';

export type PaymentsDeps = {
  db: Db;
  mailer: Mailer;
  /** jwtSecret signs the success page's token (success-token.ts). */
  config: Pick<Config, 'publicUrl' | 'jwtSecret' | 'vatPercent'>;
  provider: PaymentProvider;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
  /** To tell a bought trial's phones (fulfil.ts). */
  realtime?: FulfilDeps['realtime'];
};

/**
 * Records a pending purchase of an approved game and starts the provider's checkout; the browser is
 * sent to the returned URL.
 */
export async function requestPaymentUrl(
  deps: PaymentsDeps,
  input: { gameId: string; buyer: PaymentUrlRequest; affCode: string | null; buyerUserId: string | null; language: Language; client: string; codes: CodeGate },
): Promise<{ url: string }> {
  const [game] = await deps.db
    .select({ id: games.id, metadata: games.metadata })
    .from(games)
    .where(and(eq(games.id, input.gameId), eq(games.status, 'APPROVED')));
  if (!game) throw notFound('No such game');
  const { name, price } = readGameMetadata(game.metadata);
  const reading = readPrice(price);
  if (reading.kind === 'free') throw conflict('This game is free: no payment is needed');
  if (reading.kind === 'invalid') throw conflict('This game has no price it can be bought at');
  const { trialCode, ...buyer } = input.buyer;
  // Bought on a trial: once paid, the trial's play is the bought one (fulfil.ts).
  const trialCodeId =
    trialCode === undefined ? null : await trialToBuy(input.codes, { gameId: game.id, trialCode, client: input.client, buyerUserId: input.buyerUserId }, deps.db);
  return startCheckout(deps, {
    purchase: {
      gameId: game.id,
      ...buyer,
      trialCodeId,
      amount: reading.agorot,
      affCode: await affCodeOfAnother(deps.db, input.affCode, input.buyerUserId),
      language: input.language,
      buyerId: input.buyerUserId,
    },
    description: name,
    cancelUrl: `${deps.config.publicUrl}/game/${game.id}`,
  });
}

/**
 * Records the pending purchase and starts the provider's checkout for it: a single game's code, or an
 * event for many teams (event-purchase.ts). The browser is sent to the returned URL.
 */
export async function startCheckout(
  deps: PaymentsDeps,
  order: {
    purchase: Pick<typeof purchases.$inferInsert, 'gameId' | 'fullName' | 'email' | 'phone' | 'amount' | 'affCode' | 'language' | 'eventOrder' | 'buyerId' | 'trialCodeId'>;
    description: string;
    cancelUrl: string;
  },
): Promise<{ url: string }> {
  const { amount } = order.purchase;
  const [purchase] = await deps.db
    .insert(purchases)
    .values({ ...order.purchase, currency: SALE_CURRENCY, provider: deps.provider.name })
    .returning();
  let checkout: Checkout;
  try {
    checkout = await deps.provider.createCheckout({
      purchaseId: purchase.id,
      amount,
      currency: SALE_CURRENCY,
      description: order.description,
      buyer: { fullName: purchase.fullName, email: purchase.email, phone: purchase.phone },
      language: purchase.language,
      successUrl: `${deps.config.publicUrl}/payment-success?Token=${successToken(deps.config.jwtSecret, purchase.id)}`,
      cancelUrl: order.cancelUrl,
    });
  } catch (error) {
    // A checkout that never started leaves no purchase behind.
    await deps.db.delete(purchases).where(eq(purchases.id, purchase.id));
    deps.log.error({ err: error, provider: deps.provider.name }, 'the payment provider did not start a checkout');
    throw new AppError(502, 'internal', 'The payment service is not available right now, please try again');
  }
  await deps.db.update(purchases).set({ providerRef: checkout.providerRef }).where(eq(purchases.id, purchase.id));
  return { url: checkout.url };
}

/** The purchase's affiliate code, or null when it is the logged-in buyer's own: nobody earns a share of their own purchase. */
export async function affCodeOfAnother(db: Db, affCode: string | null, buyerUserId: string | null): Promise<string | null> {
  if (!affCode || !buyerUserId) return affCode;
  const [buyer] = await db.select({ affiliateCode: users.affiliateCode }).from(users).where(eq(users.id, buyerUserId));
  return buyer && buyer.affiliateCode.toUpperCase() === affCode.trim().toUpperCase() ? null : affCode;
}

/** What the sandbox payment page shows of a purchase. */
export type SandboxPurchase = {
  id: string;
  ref: string;
  status: (typeof purchases.$inferSelect)['status'];
  gameId: string;
  gameName: string;
  /** Minor units. */
  amount: number;
  currency: string;
  fullName: string;
  language: Language;
  /** An event bought for many teams: its name and team count. */
  event: { name: string; teamCount: number } | null;
};

export async function findSandboxPurchase(deps: Pick<PaymentsDeps, 'db'>, ref: string): Promise<SandboxPurchase | null> {
  const [row] = await deps.db
    .select({ purchase: purchases, metadata: games.metadata })
    .from(purchases)
    .innerJoin(games, eq(games.id, purchases.gameId))
    .where(and(eq(purchases.provider, 'sandbox'), eq(purchases.providerRef, ref)));
  if (!row) return null;
  const { purchase } = row;
  return {
    id: purchase.id,
    ref,
    status: purchase.status,
    gameId: purchase.gameId,
    gameName: readGameMetadata(row.metadata).name,
    amount: purchase.amount,
    currency: purchase.currency,
    fullName: purchase.fullName,
    language: purchase.language,
    event: eventOf(purchase.eventOrder),
  };
}

function eventOf(stored: unknown): SandboxPurchase['event'] {
  const order = readEventOrder(stored);
  return order && { name: order.name, teamCount: order.teamCount };
}

export type SandboxPayment =
  | { kind: 'not_found' }
  /** Paid now or before: the browser goes on to the success page. */
  | { kind: 'paid' }
  | { kind: 'declined'; purchase: SandboxPurchase }
  | { kind: 'invalid'; purchase: SandboxPurchase; errors: Partial<Record<SandboxCardField, SandboxCardError>> };

/**
 * The sandbox page's form was sent. A paid purchase stays paid; a pending or declined one becomes
 * paid (through fulfilPurchase, as a real provider's payment does) or declined by the test card.
 * The decline is a conditional UPDATE too, so a double submit cannot turn a paid purchase back.
 */
export async function paySandboxPurchase(deps: FulfilDeps, ref: string, form: SandboxCardForm): Promise<SandboxPayment> {
  const purchase = await findSandboxPurchase(deps, ref);
  if (!purchase) return { kind: 'not_found' };
  if (purchase.status === 'paid') return { kind: 'paid' };
  const judged = judgeSandboxCard(form);
  if (judged.outcome === 'invalid') return { kind: 'invalid', purchase, errors: judged.errors };
  if (judged.outcome === 'succeeds') {
    // The sandbox charges exactly the purchase's amount, and names the card as a real provider does.
    await fulfilPurchase(deps, purchase.id, { amount: purchase.amount, currency: purchase.currency, payerId: judged.payerId });
    return { kind: 'paid' };
  }
  const open = and(eq(purchases.id, purchase.id), inArray(purchases.status, ['pending', 'declined']));
  const [declined] = await deps.db.update(purchases).set({ status: 'declined' }).where(open).returning({ id: purchases.id });
  // No row changed means a parallel submit paid it first: paid either way.
  if (!declined) return { kind: 'paid' };
  return { kind: 'declined', purchase: { ...purchase, status: 'declined' } };
}

/** The purchase a success page token names: the sandbox's page reference, or a signed token (success-token.ts). */
async function purchaseOfToken(deps: PaymentsDeps, token: string): Promise<typeof purchases.$inferSelect | undefined> {
  const byRef = deps.provider.name === 'sandbox';
  const purchaseId = byRef ? null : purchaseIdOfToken(deps.config.jwtSecret, token);
  if (!byRef && !purchaseId) return undefined;
  const [purchase] = await deps.db
    .select()
    .from(purchases)
    .where(and(eq(purchases.provider, deps.provider.name), purchaseId ? eq(purchases.id, purchaseId) : eq(purchases.providerRef, token)));
  return purchase;
}

/**
 * The success page redeems its token: a paid purchase's one code (made and emailed when it became
 * paid), and whether the buyer may still cancel it (with this same token) and until when. A purchase still pending is checked with the provider, in case its notification is late or
 * never comes; paid there, it is fulfilled here.
 */
export async function checkPaymentToken(deps: PaymentsDeps, token: string): Promise<CheckTokenReply['data']> {
  const purchase = await purchaseOfToken(deps, token);
  if (!purchase) throw notFound('No such payment');

  if (purchase.status === 'paid') {
    const bought = await boughtBy(deps.db, purchase.id, purchase.eventOrder !== null);
    if (bought) return { ...boughtReply(purchase.gameId, bought), ...(await purchaseCancellation(deps.db, purchase.id)) };
    // fulfilPurchase makes the code with the payment; a paid purchase without one predates it.
    deps.log.error({ purchaseId: purchase.id }, 'a paid purchase has no code');
    throw conflict('payment has no code');
  }
  if (purchase.status === 'refunded') throw conflict('payment refunded');

  const { provider } = deps;
  // A provider that cannot be asked pays the purchase itself (the sandbox's own page does).
  if (!provider.lookUpPayment || !purchase.providerRef) throw conflict('payment not completed');
  let report: PaymentReport;
  try {
    report = await provider.lookUpPayment({ id: purchase.id, providerRef: purchase.providerRef });
  } catch (error) {
    deps.log.error({ err: error, purchaseId: purchase.id, provider: provider.name }, 'could not ask the payment provider about a purchase');
    throw new AppError(502, 'internal', 'The payment service is not available right now, please try again');
  }
  const result = await recordProviderPayment(deps, purchase, report);
  if (result.kind === 'paid') return { ...boughtReply(result.gameId, result), ...(await purchaseCancellation(deps.db, purchase.id)) };
  throw conflict('payment not completed');
}

/** The success page's answer: the game's code, or the event (whose codes its control room shows). */
const boughtReply = (gameId: string, bought: { code: string } | { eventId: string }): CheckTokenReply['data'] =>
  'code' in bought ? { gameId, secretCode: bought.code } : { gameId, eventId: bought.eventId };

type RecordedPayment = Fulfilment | { kind: 'unpaid' } | { kind: 'not_ours' };

/**
 * A provider's report about one of our purchases, from its webhook, its notification confirmed by
 * a server call, or the return page's question: fulfilled when it is paid and is about this very
 * purchase and payment; acknowledged to the provider by the call that made it paid.
 */
export async function recordProviderPayment(
  deps: PaymentsDeps,
  purchase: Pick<typeof purchases.$inferSelect, 'id' | 'providerRef'>,
  report: PaymentReport,
): Promise<RecordedPayment> {
  if (!report.paid) return { kind: 'unpaid' };
  if ((report.purchaseId !== null && report.purchaseId !== purchase.id) || report.providerRef !== purchase.providerRef) {
    deps.log.warn({ purchaseId: purchase.id, reported: { purchaseId: report.purchaseId, providerRef: report.providerRef } }, 'a payment report names another purchase: refused');
    return { kind: 'not_ours' };
  }
  const result = await fulfilPurchase(deps, purchase.id, report);
  if (result.kind === 'paid' && result.first && deps.provider.acknowledge) {
    // The charge stands either way (Grow's words); a failed acknowledgement is only logged.
    await deps.provider.acknowledge(report).catch((error: unknown) => deps.log.error({ err: error, purchaseId: purchase.id }, 'could not acknowledge a payment to the provider'));
  }
  return result;
}
