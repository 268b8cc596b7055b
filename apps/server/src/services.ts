import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { TokenSigner } from './platform/auth.ts';
import type { MailQueue } from './platform/mail/mail-queue.ts';
import type { Realtime } from './platform/realtime.ts';
import type { Storage } from './platform/storage/storage.ts';
import type { Geocoder } from './platform/geocoder/geocoder.ts';
import type { PaymentProvider } from './platform/payments/provider.ts';
import type { SharedState } from './platform/shared-state/shared-state.ts';

/**
 * What every feature gets from the app (`app.services`). Its own module, so features depend on this
 * and never on app.ts, which imports them.
 */
export type Services = {
  config: Config;
  db: Database['db'];
  /** Every email goes through this durable queue (platform/mail/mail-queue.ts), never straight to the transport. */
  mailer: MailQueue;
  signer: TokenSigner;
  /** Socket.IO on the same HTTP server. */
  realtime: Realtime;
  /** Media files (DATA_DIR/media). */
  storage: Storage;
  /** The editor's places search: the offline gazetteer, and the GEOCODER_URL upstream when set. */
  geocoder: Geocoder;
  /** The payment provider PAYMENT_PROVIDER names (platform/payments): checkouts, and its calls to us. */
  payments: PaymentProvider;
  /** What the processes share (counts, word of changed rows): Redis with REDIS_URL, else this process's memory. */
  shared: SharedState;
};

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export type App = FastifyInstance;
