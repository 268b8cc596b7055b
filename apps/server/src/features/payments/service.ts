import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { LANGUAGES, type CheckTokenReply, type Language, type PaymentUrlRequest } from '@streethunt/shared';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { gameCodes, games, purchases } from '../../db/schema.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { PaymentProvider } from '../../platform/payments/provider.ts';
import { judgeSandboxCard, type SandboxCardError, type SandboxCardField, type SandboxCardForm } from '../../platform/payments/sandbox.ts';
import { createGameCodes, type GameCode } from '../codes/service.ts';
import { gameCodeEmail } from './emails.ts';

export type PaymentsDeps = {
  db: Db;
  mailer: Mailer;
  config: Pick<Config, 'publicUrl'>;
  provider: PaymentProvider;
  /** A failed code email is logged; the buyer still gets the code on the page. */
  log: Pick<FastifyBaseLogger, 'error'>;
};

/** Games are sold in ILS only (spec section 9). */
export const SALE_CURRENCY = 'ILS';

/** The name and price a game's metadata holds, whatever else is in it. */
export function readSaleMetadata(metadata: unknown): { name: string; price: string } {
  const m = (metadata && typeof metadata === 'object' ? metadata : {}) as Record<string, unknown>;
  const name = typeof m.name === 'string' ? m.name : '';
  const price = typeof m.price === 'string' || typeof m.price === 'number' ? String(m.price).trim() : '';
  return { name, price };
}

/** The game's own language (metadata.language), or null when it names none. */
function gameLanguage(metadata: unknown): Language | null {
  const value = metadata && typeof metadata === 'object' ? (metadata as Record<string, unknown>).language : undefined;
  return (LANGUAGES as readonly unknown[]).includes(value) ? (value as Language) : null;
}

/** The price in minor units (agorot); 'free' for '' or 0 (spec section 9); null when it is not a usable amount. */
export function priceInMinorUnits(price: string): number | 'free' | null {
  if (price === '') return 'free';
  const value = Number(price);
  if (!Number.isFinite(value) || value < 0) return null;
  if (value === 0) return 'free';
  return Math.round(value * 100);
}

/**
 * Records a pending purchase of an approved game and starts the provider's checkout; the browser is
 * sent to the returned URL.
 */
export async function requestPaymentUrl(
  deps: PaymentsDeps,
  input: { gameId: string; buyer: PaymentUrlRequest; affCode: string | null; language: Language },
): Promise<{ url: string }> {
  const [game] = await deps.db
    .select({ id: games.id, metadata: games.metadata })
    .from(games)
    .where(and(eq(games.id, input.gameId), eq(games.status, 'APPROVED')));
  if (!game) throw notFound('No such game');
  const { name, price } = readSaleMetadata(game.metadata);
  const amount = priceInMinorUnits(price);
  if (amount === 'free') throw conflict('This game is free: no payment is needed');
  if (amount === null) throw conflict('This game has no price it can be bought at');

  const [purchase] = await deps.db
    .insert(purchases)
    .values({
      gameId: game.id,
      fullName: input.buyer.fullName,
      email: input.buyer.email,
      phone: input.buyer.phone,
      amount,
      currency: SALE_CURRENCY,
      affCode: input.affCode,
      provider: deps.provider.name,
      language: input.language,
    })
    .returning();
  try {
    const checkout = await deps.provider.createCheckout({
      purchaseId: purchase.id,
      amount,
      currency: SALE_CURRENCY,
      description: name,
      buyer: input.buyer,
      language: input.language,
    });
    await deps.db.update(purchases).set({ providerRef: checkout.providerRef }).where(eq(purchases.id, purchase.id));
    return { url: checkout.url };
  } catch (error) {
    // A checkout that never started leaves no purchase behind.
    await deps.db.delete(purchases).where(eq(purchases.id, purchase.id));
    throw error;
  }
}

/** What the sandbox payment page shows of a purchase. */
export type SandboxPurchase = {
  ref: string;
  status: (typeof purchases.$inferSelect)['status'];
  gameId: string;
  gameName: string;
  /** Minor units. */
  amount: number;
  currency: string;
  fullName: string;
  language: Language;
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
    ref,
    status: purchase.status,
    gameId: purchase.gameId,
    gameName: readSaleMetadata(row.metadata).name,
    amount: purchase.amount,
    currency: purchase.currency,
    fullName: purchase.fullName,
    language: purchase.language,
  };
}

export type SandboxPayment =
  | { kind: 'not_found' }
  /** Paid now or before: the browser goes on to the success page. */
  | { kind: 'paid' }
  | { kind: 'declined'; purchase: SandboxPurchase }
  | { kind: 'invalid'; purchase: SandboxPurchase; errors: Partial<Record<SandboxCardField, SandboxCardError>> };

/**
 * The sandbox page's form was sent. A paid purchase stays paid; a pending or declined one becomes
 * paid or declined by the test card. Each change is one conditional UPDATE, so a double submit
 * cannot turn a paid purchase back into a declined one.
 */
export async function paySandboxPurchase(deps: Pick<PaymentsDeps, 'db'>, ref: string, form: SandboxCardForm): Promise<SandboxPayment> {
  const purchase = await findSandboxPurchase(deps, ref);
  if (!purchase) return { kind: 'not_found' };
  if (purchase.status === 'paid') return { kind: 'paid' };
  const judged = judgeSandboxCard(form);
  if (judged.outcome === 'invalid') return { kind: 'invalid', purchase, errors: judged.errors };
  const open = and(eq(purchases.provider, 'sandbox'), eq(purchases.providerRef, ref), inArray(purchases.status, ['pending', 'declined']));
  if (judged.outcome === 'succeeds') {
    await deps.db.update(purchases).set({ status: 'paid', paidAt: new Date() }).where(open);
    // No row changed means a parallel submit paid it first: paid either way.
    return { kind: 'paid' };
  }
  const [declined] = await deps.db.update(purchases).set({ status: 'declined' }).where(open).returning({ id: purchases.id });
  if (!declined) return { kind: 'paid' };
  return { kind: 'declined', purchase: { ...purchase, status: 'declined' } };
}

function isUniqueViolation(error: unknown): boolean {
  // Drizzle wraps driver errors; the PostgreSQL code sits on the error or its cause.
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ((e as Error & { code?: unknown }).code === '23505') return true;
  }
  return false;
}

const codeOfPurchase = async (db: Db, purchaseId: string): Promise<GameCode | undefined> =>
  (await db.select().from(gameCodes).where(eq(gameCodes.purchaseId, purchaseId)))[0];

/**
 * The success page redeems the payment's token: a paid purchase gets exactly one code (made on the
 * first call, returned again on every later one), emailed to the buyer once, by the call that made it.
 */
export async function checkPaymentToken(deps: PaymentsDeps, token: string): Promise<CheckTokenReply['data']> {
  const [purchase] = await deps.db
    .select()
    .from(purchases)
    .where(and(eq(purchases.provider, deps.provider.name), eq(purchases.providerRef, token)));
  if (!purchase) throw notFound('No such payment');
  if (purchase.status !== 'paid') throw conflict('payment not completed');

  let code = await codeOfPurchase(deps.db, purchase.id);
  if (code) return { gameId: purchase.gameId, secretCode: code.code };
  try {
    [code] = await createGameCodes(deps.db, { gameId: purchase.gameId, count: 1, source: 'purchase', purchaseId: purchase.id });
  } catch (error) {
    // A parallel call made the code first (game_codes.purchase_id is unique): that call emails it.
    if (!isUniqueViolation(error)) throw error;
    const existing = await codeOfPurchase(deps.db, purchase.id);
    if (!existing) throw error;
    return { gameId: purchase.gameId, secretCode: existing.code };
  }
  await emailCode(deps, purchase, code.code);
  return { gameId: purchase.gameId, secretCode: code.code };
}

async function emailCode(deps: PaymentsDeps, purchase: typeof purchases.$inferSelect, code: string): Promise<void> {
  const [game] = await deps.db.select({ metadata: games.metadata }).from(games).where(eq(games.id, purchase.gameId));
  const message = gameCodeEmail({
    fullName: purchase.fullName,
    gameName: readSaleMetadata(game?.metadata).name,
    code,
    gameLink: `${deps.config.publicUrl}/game/${purchase.gameId}`,
    // The game's language, as its pages speak it (spec section 1); the buyer's browser language when the game has none.
    language: gameLanguage(game?.metadata) ?? purchase.language,
  });
  try {
    await deps.mailer.send({ to: purchase.email, ...message });
  } catch (error) {
    deps.log.error({ err: error, purchaseId: purchase.id }, 'could not email a purchased game code');
  }
}
