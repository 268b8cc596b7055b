import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { APP_ENVS, DEFAULT_VAT_PERCENT, TILE_OFFLINE_MODES, type TileOfflineMode } from '@streethunt/shared';
import proxyaddr from '@fastify/proxy-addr';

/** OpenStreetMap's own Nominatim: used within its usage policy (platform/geocoder/nominatim.ts). */
const PUBLIC_NOMINATIM_URL = 'https://nominatim.openstreetmap.org';

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));
const list = z.string().transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean));
/** Each user's uploads may take 1 GB unless MEDIA_QUOTA_BYTES says otherwise. */
const DEFAULT_MEDIA_QUOTA_BYTES = 1024 * 1024 * 1024;

const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v);

/**
 * Which proxies in front of us may say who the client is (`X-Forwarded-For`): none, the nearest
 * `hops` of them, or those at the given addresses or ranges. Never "any": a client would then name
 * its own address and escape every per-address limit.
 */
export type TrustProxy = false | { hops: number } | { addresses: string[] };

const NO = ['', '0', 'false', 'no', 'off'];

/**
 * Reads TRUST_PROXY: unset or `false` trusts no proxy; a whole number trusts that many hops (`1`
 * behind one load balancer); a comma-separated list of addresses, ranges (`10.0.0.0/8`) or
 * `loopback`/`linklocal`/`uniquelocal` trusts those. `true` is refused: it would trust every hop.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy | { error: string } {
  const value = (raw ?? '').trim().toLowerCase();
  if (NO.includes(value)) return false;
  if (['true', 'yes', 'on', '*'].includes(value)) {
    return { error: 'trusting every proxy lets a client forge its address: set the number of proxies in front of the server (e.g. 1) or their addresses' };
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops >= 1 && hops <= 10 ? { hops } : { error: 'a hop count must be between 1 and 10' };
  }
  const addresses = value.split(',').map((part) => part.trim()).filter(Boolean);
  try {
    proxyaddr.compile(addresses);
  } catch (error) {
    return { error: `not an address, a range or a hop count (${(error as Error).message})` };
  }
  return { addresses };
}

const PAYMENT_PROVIDERS = ['sandbox', 'grow', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** Grow's (formerly Meshulam) 'light server' API; its test environment is https://sandbox.meshulam.co.il/api/light/server/1.0. */
const GROW_PRODUCTION_API_URL = 'https://secure.meshulam.co.il/api/light/server/1.0';

/** Where the accessibility statement sends its readers unless ACCESSIBILITY_CONTACT_EMAIL says otherwise. */
const DEFAULT_ACCESSIBILITY_EMAIL = 'accessibility@streethunt.co.il';

/** Every environment variable the server reads (README lists them with these defaults). */
/** A METRICS_TOKEN shorter than this is too easy to guess. */
const METRICS_TOKEN_MIN = 24;

const httpUrl = z
  .string()
  .url()
  .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), 'must start with http:// or https://');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  WEB_DIST: z.preprocess(emptyAsUndefined, z.string().optional()),
  DATABASE_URL: z.preprocess(emptyAsUndefined, z.string().url().optional()),
  REDIS_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .url('must be a URL such as redis://127.0.0.1:6379')
      .refine((v) => URL.canParse(v) && /^rediss?:$/.test(new URL(v).protocol), 'must start with redis:// or rediss://')
      .optional(),
  ),
  // Start even when Redis does not answer (one process's own limits and live events until it does).
  REDIS_OPTIONAL: z.preprocess(emptyAsUndefined, flag.default(false)),
  // Keys and channels of this deployment in Redis, so several deployments (or tests) can share one.
  REDIS_PREFIX: z.string().regex(/^[A-Za-z0-9:_-]{1,64}$/, 'letters, digits, ":", "_" and "-", at most 64').default('streethunt:'),
  PUBLIC_URL: z.preprocess(emptyAsUndefined, z.string().url().optional()),
  JWT_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32).optional()),
  MAIL_TRANSPORT: z.enum(['outbox', 'smtp']).default('outbox'),
  SMTP_URL: z.preprocess(emptyAsUndefined, z.string().url().optional()),
  MAIL_FROM: z.string().default('StreetHunt <no-reply@streethunt.local>'),
  PAYMENT_PROVIDER: z.enum(PAYMENT_PROVIDERS).default('sandbox'),
  STRIPE_SECRET_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
  STRIPE_WEBHOOK_SECRET: z.preprocess(emptyAsUndefined, z.string().optional()),
  // Another address for Stripe's API (stripe-mock, the tests' local server); Stripe's own when unset.
  STRIPE_API_URL: z.preprocess(emptyAsUndefined, z.string().url().optional()),
  GROW_USER_ID: z.preprocess(emptyAsUndefined, z.string().optional()),
  GROW_PAGE_CODE: z.preprocess(emptyAsUndefined, z.string().optional()),
  GROW_API_URL: z.preprocess(emptyAsUndefined, z.string().url().default(GROW_PRODUCTION_API_URL)),
  // Seconds before a refund the provider did not take is tried again (doubling each time; features/refunds).
  REFUND_RETRY_SECONDS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(86_400).default(60)),
  // Israeli VAT, included in every game's price; the money rules take it out (packages/shared/src/money).
  VAT_PERCENT: z.preprocess(emptyAsUndefined, z.coerce.number().min(0).max(100).optional()),
  // What each user's uploads (images and videos) may take in storage, in bytes (features/media).
  MEDIA_QUOTA_BYTES: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).default(DEFAULT_MEDIA_QUOTA_BYTES)),
  // The editor's streets-and-places search; `off` searches offline only (the gazetteer, typed coordinates).
  GEOCODER_URL: z.preprocess(
    emptyAsUndefined,
    z
      .union([z.literal('off'), z.string().url('must be a URL such as https://nominatim.openstreetmap.org, or off')])
      .default(PUBLIC_NOMINATIM_URL),
  ),
  // Media in an S3 bucket (any service speaking its API) instead of DATA_DIR/media: for several machines.
  S3_BUCKET: z.preprocess(emptyAsUndefined, z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name').optional()),
  S3_REGION: z.preprocess(emptyAsUndefined, z.string().default('us-east-1')),
  S3_ENDPOINT: z.preprocess(emptyAsUndefined, httpUrl.optional()),
  S3_ACCESS_KEY_ID: z.preprocess(emptyAsUndefined, z.string().optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
  S3_FORCE_PATH_STYLE: z.preprocess(emptyAsUndefined, flag.default(false)),
  // The bucket's public address (or a CDN's); /media/{key} then redirects there instead of sending the bytes.
  S3_PUBLIC_URL: z.preprocess(emptyAsUndefined, httpUrl.optional()),
  TILE_URL: z.string().default('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png'),
  // Whether 'Save for offline' may download a game's map area from TILE_URL: OpenStreetMap's own servers forbid bulk downloads.
  TILE_OFFLINE: z.preprocess(emptyAsUndefined, z.enum(TILE_OFFLINE_MODES).default('seen')),
  SEED_DEMO: z.preprocess(emptyAsUndefined, flag.optional()),
  APP_ENV: z.enum(APP_ENVS).default('development'),
  PRODUCTION_HOSTS: list.default(['www.streethunt.co.il', 'streethunt.co.il']),
  BARE_DOMAIN: z.preprocess(emptyAsUndefined, z.string().optional()).default('streethunt.co.il'),
  // false, a hop count or proxy addresses (platform/trust-proxy.ts); never "trust every hop".
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const trust = parseTrustProxy(raw);
      if (trust && 'error' in trust) {
        ctx.addIssue({ code: 'custom', message: trust.error });
        return z.NEVER;
      }
      return trust;
    }),
  // Who may read /metrics, by the connection's own address: addresses, ranges, loopback...; `none` for nobody.
  METRICS_ALLOW: z
    .string()
    .default('loopback')
    .transform((raw, ctx) => {
      const value = raw.trim().toLowerCase();
      if (value === 'none' || value === '') return [];
      const addresses = value.split(',').map((part) => part.trim()).filter(Boolean);
      try {
        proxyaddr.compile(addresses);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: `not an address or a range (${(error as Error).message})` });
        return z.NEVER;
      }
      return addresses;
    }),
  // When set, /metrics also needs `Authorization: Bearer <token>`: a proxy on the same machine makes
  // every caller look like loopback to METRICS_ALLOW. Unset or empty: the address check alone.
  METRICS_TOKEN: z
    .string()
    .optional()
    .transform((raw) => raw?.trim() || undefined)
    .pipe(
      z
        .string()
        .min(METRICS_TOKEN_MIN, `must be at least ${METRICS_TOKEN_MIN} characters`)
        .regex(/^[\x21-\x7e]+$/, 'may have only printable characters without spaces')
        .optional(),
    ),
  // The accessibility statement's coordinator (/accessibility): name (unset: the page names the role), email, phone (unset: not shown).
  ACCESSIBILITY_CONTACT_NAME: z.preprocess(emptyAsUndefined, z.string().trim().min(1).max(100).optional()),
  ACCESSIBILITY_CONTACT_EMAIL: z.preprocess(emptyAsUndefined, z.string().trim().max(254).pipe(z.email('must be an email address')).default(DEFAULT_ACCESSIBILITY_EMAIL)),
  ACCESSIBILITY_CONTACT_PHONE: z.preprocess(
    emptyAsUndefined,
    z.string().trim().regex(/^\+?[0-9][0-9 ()-]{5,24}$/, 'must be a phone number such as 03-1234567 or +972 3 123 4567').optional(),
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

/** The name of every environment variable the server reads: docs/configuration.md lists exactly these. */
export const CONFIG_VARIABLES = Object.keys(envSchema.shape);

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** REDIS_URL, with what to do when it does not answer at start, and the key prefix. */
  redis?: { url: string; optional: boolean; prefix: string };
  publicUrl: string;
  jwtSecret: string;
  mail: { transport: 'outbox' | 'smtp'; smtpUrl?: string; from: string };
  paymentProvider: PaymentProviderName;
  /** Set when PAYMENT_PROVIDER=stripe. `apiUrl`: another address for Stripe's API (tests, stripe-mock). */
  stripe?: { secretKey: string; webhookSecret: string; apiUrl?: string };
  /** Set when PAYMENT_PROVIDER=grow. */
  grow?: { userId: string; pageCode: string; apiUrl: string };
  /** VAT in percent, included in game prices (VAT_PERCENT). */
  vatPercent: number;
  /** Seconds before a provider refund that failed is tried again, doubling each time (REFUND_RETRY_SECONDS). */
  refundRetrySeconds: number;
  /** Bytes of uploads each user may keep (MEDIA_QUOTA_BYTES). */
  mediaQuotaBytes: number;
  /** The Nominatim-compatible service the places search asks (GEOCODER_URL); undefined when `off`. */
  geocoderUrl?: string;
  /** Media in an S3 bucket (S3_BUCKET and the rest); undefined: the local disk under DATA_DIR/media. */
  s3?: S3Config;
  /** Another build of the web app to serve than apps/web/dist (WEB_DIST); dist-server must sit beside it. */
  webDist?: string;
  tileUrl: string;
  /** `seen`: the offline pack keeps only tiles the phone has shown; `area`: it downloads the game's area (TILE_OFFLINE). */
  tileOffline: TileOfflineMode;
  seedDemo: boolean;
  appEnv: (typeof APP_ENVS)[number];
  productionHosts: string[];
  bareDomain: string | null;
  trustProxy: TrustProxy;
  /** Who may read /metrics (METRICS_ALLOW); empty: nobody. */
  metricsAllow: string[];
  /** The bearer token /metrics also needs (METRICS_TOKEN); null: the address check alone. */
  metricsToken: string | null;
  logLevel: string;
  /** The coordinator the accessibility statement names (ACCESSIBILITY_CONTACT_*); null name or phone: not set. */
  accessibilityContact: { name: string | null; email: string; phone: string | null };
};

export type S3Config = {
  bucket: string;
  region: string;
  /** Another S3-compatible service (MinIO, R2, a local test server); AWS's own when unset. */
  endpoint?: string;
  /** Keys to sign with; unset: the SDK's own chain (environment, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** `https://endpoint/bucket/key` rather than `https://bucket.endpoint/key` (most S3-compatible servers). */
  forcePathStyle: boolean;
  /** Where the bucket's objects can be fetched by anyone (a CDN in front of it), without a trailing slash. */
  publicUrl?: string;
};

export class ConfigError extends Error {}

/** Reads a JWT secret kept in DATA_DIR, or makes one there, so restarts keep sessions valid. */
function jwtSecretFromDataDir(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  if (e.APP_ENV === 'production' && !e.JWT_SECRET) {
    throw new ConfigError('JWT_SECRET must be set when APP_ENV=production');
  }
  if (e.MAIL_TRANSPORT === 'smtp' && !e.SMTP_URL) {
    throw new ConfigError('SMTP_URL must be set when MAIL_TRANSPORT=smtp');
  }
  // The chosen provider's settings, each required: a server that cannot charge must not take orders.
  const requireFor = (provider: PaymentProviderName, name: keyof typeof e): string => {
    const value = e[name];
    if (typeof value !== 'string') throw new ConfigError(`${name} must be set when PAYMENT_PROVIDER=${provider}`);
    return value;
  };
  const stripe =
    e.PAYMENT_PROVIDER === 'stripe'
      ? { secretKey: requireFor('stripe', 'STRIPE_SECRET_KEY'), webhookSecret: requireFor('stripe', 'STRIPE_WEBHOOK_SECRET'), apiUrl: e.STRIPE_API_URL }
      : undefined;
  const grow =
    e.PAYMENT_PROVIDER === 'grow'
      ? { userId: requireFor('grow', 'GROW_USER_ID'), pageCode: requireFor('grow', 'GROW_PAGE_CODE'), apiUrl: e.GROW_API_URL.replace(/\/$/, '') }
      : undefined;
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together, or neither (the SDK then finds its own)');
  }
  if (!e.S3_BUCKET && (e.S3_ENDPOINT || e.S3_PUBLIC_URL || e.S3_ACCESS_KEY_ID)) {
    throw new ConfigError('S3_BUCKET must be set when any other S3_ setting is');
  }
  const s3: S3Config | undefined = e.S3_BUCKET
    ? {
        bucket: e.S3_BUCKET,
        region: e.S3_REGION,
        endpoint: e.S3_ENDPOINT,
        credentials: e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } : undefined,
        forcePathStyle: e.S3_FORCE_PATH_STYLE,
        publicUrl: e.S3_PUBLIC_URL?.replace(/\/$/, ''),
      }
    : undefined;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redis: e.REDIS_URL ? { url: e.REDIS_URL, optional: e.REDIS_OPTIONAL, prefix: e.REDIS_PREFIX } : undefined,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    jwtSecret: e.JWT_SECRET ?? jwtSecretFromDataDir(dataDir),
    mail: { transport: e.MAIL_TRANSPORT, smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    paymentProvider: e.PAYMENT_PROVIDER,
    stripe,
    grow,
    vatPercent: e.VAT_PERCENT ?? DEFAULT_VAT_PERCENT,
    refundRetrySeconds: e.REFUND_RETRY_SECONDS,
    mediaQuotaBytes: e.MEDIA_QUOTA_BYTES,
    geocoderUrl: e.GEOCODER_URL === 'off' ? undefined : e.GEOCODER_URL,
    s3,
    ...(e.WEB_DIST && { webDist: path.resolve(e.WEB_DIST) }),
    tileUrl: e.TILE_URL,
    tileOffline: e.TILE_OFFLINE,
    // Demo data only goes into the embedded database unless asked for explicitly.
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    appEnv: e.APP_ENV,
    productionHosts: e.PRODUCTION_HOSTS,
    bareDomain: e.BARE_DOMAIN ?? null,
    trustProxy: e.TRUST_PROXY,
    metricsAllow: e.METRICS_ALLOW,
    metricsToken: e.METRICS_TOKEN ?? null,
    logLevel: e.LOG_LEVEL,
    accessibilityContact: { name: e.ACCESSIBILITY_CONTACT_NAME ?? null, email: e.ACCESSIBILITY_CONTACT_EMAIL, phone: e.ACCESSIBILITY_CONTACT_PHONE ?? null },
  };
}
