import { Redis } from 'ioredis';

/** What the Redis link tells the log: when it goes and when it comes back. */
type RedisLog = { info(message: string): void; warn(message: string): void; error(message: string): void };

/**
 * The connections of one process to Redis (REDIS_URL): `client` for commands and publishing,
 * `subscriber` for pub/sub (a subscribed connection takes no other commands). Both reconnect by
 * themselves. `client` never queues a command while Redis is away: it fails at once, so callers fall
 * back to this process's own state instead of waiting (`isUp` tells them beforehand).
 */
export type RedisLink = {
  client: Redis;
  subscriber: Redis;
  /** Every key and channel of this deployment starts with it (REDIS_PREFIX), so deployments can share a Redis. */
  prefix: string;
  isUp(): boolean;
  close(): Promise<void>;
};

export class RedisUnavailableError extends Error {}

/** How long start-up waits for Redis before it gives up (or goes on without it, when told to). */
const REDIS_CONNECT_TIMEOUT_MS = 5_000;

/** Reconnect quickly at first, then every 2 s: the limits and live events come back soon after Redis does. */
const retryStrategy = (attempt: number) => Math.min(attempt * 200, 2_000);

export type ConnectRedisOptions = {
  url: string;
  prefix: string;
  log: RedisLog;
  /** When Redis does not answer at start: throw (false), or go on and keep trying in the background (true: REDIS_OPTIONAL). */
  optional: boolean;
  connectTimeoutMs?: number;
};

/** Where a log line may name the server: the URL without its password. */
function redisAddress(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
}

export async function connectRedis(options: ConnectRedisOptions): Promise<RedisLink> {
  const { url, log } = options;
  const where = redisAddress(url);
  const common = { lazyConnect: true, connectTimeout: 2_000, retryStrategy, maxRetriesPerRequest: 1 };
  const client = new Redis(url, { ...common, enableOfflineQueue: false });
  // The subscriber queues its SUBSCRIBE commands until it is connected, and subscribes again after a reconnect.
  const subscriber = new Redis(url, { ...common, enableOfflineQueue: true, maxRetriesPerRequest: null });

  let up = false;
  let everUp = false;
  let closing = false;
  client.on('ready', () => {
    up = true;
    if (everUp) log.warn(`Redis is back (${where}): limits, caches and live events are shared by every process again`);
    everUp = true;
  });
  client.on('close', () => {
    if (up && !closing) {
      log.error(`Redis connection lost (${where}): rate limits and wrong-code counts fall back to this process, live events reach only this process's sockets, until it is back`);
    }
    up = false;
  });
  // ioredis reports every failed reconnect here; 'close' above already said what matters.
  client.on('error', () => undefined);
  subscriber.on('error', () => undefined);

  const close = async () => {
    closing = true;
    client.disconnect();
    subscriber.disconnect();
  };

  const timeoutMs = options.connectTimeoutMs ?? REDIS_CONNECT_TIMEOUT_MS;
  const connected = await Promise.race([
    Promise.all([client.connect(), subscriber.connect()]).then(
      () => true,
      () => false,
    ),
    new Promise<false>((resolve) => setTimeout(() => resolve(false), timeoutMs).unref()),
  ]);
  if (!connected && !options.optional) {
    await close();
    throw new RedisUnavailableError(
      `Redis at ${where} (REDIS_URL) does not answer within ${timeoutMs / 1000} s. Start it, fix REDIS_URL, or set REDIS_OPTIONAL=true to start without it (one process's own limits and live events until Redis answers).`,
    );
  }
  if (!connected) {
    log.error(`Redis at ${where} does not answer; starting without it (REDIS_OPTIONAL) and trying again in the background`);
    // connect() gave up on its first try; ioredis goes on reconnecting only once asked to connect again.
    for (const connection of [client, subscriber]) if (connection.status === 'end' || connection.status === 'wait') connection.connect().catch(() => undefined);
  } else {
    log.info(`Redis at ${where}: limits, caches and live events are shared by every process`);
  }
  return { client, subscriber, prefix: options.prefix, isUp: () => up && client.status === 'ready', close };
}
