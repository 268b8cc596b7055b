import { randomUUID } from 'node:crypto';
import { perOwner } from '../ttl-map.ts';
import type { RedisLink } from './redis-link.ts';

/** What the in-process caches hold: games (the player's row and replies), valid codes, plays, the events of teams' codes. */
type CacheTopic = 'game' | 'code' | 'play' | 'event';
const TOPICS: ReadonlySet<string> = new Set<CacheTopic>(['game', 'code', 'play', 'event']);

/** `key` null: forget everything of the topic (after Redis was away, some messages may have been missed). */
type ForgetHandler = (key: string | null) => void;

/**
 * Tells every process's caches that a row changed. Each process keeps its own copies of hot rows
 * (features/games, codes, plays); whoever changes a row calls `forget`, which drops this process's
 * copy at once and, with Redis, every other process's a moment later (pub/sub). Without Redis there
 * is one process, so the local drop is the whole story.
 */
export type CacheBus = {
  forget(topic: CacheTopic, key: string): void;
  onForget(topic: CacheTopic, handler: ForgetHandler): void;
};

type LinkableBus = CacheBus & { deliver(topic: CacheTopic, key: string | null): void; sendWith(send: ((topic: CacheTopic, key: string) => void) | null): void };

function createCacheBus(): LinkableBus {
  const handlers = new Map<CacheTopic, ForgetHandler[]>();
  let send: ((topic: CacheTopic, key: string) => void) | null = null;
  const deliver = (topic: CacheTopic, key: string | null) => {
    for (const handler of handlers.get(topic) ?? []) handler(key);
  };
  return {
    forget(topic, key) {
      deliver(topic, key);
      send?.(topic, key);
    },
    onForget(topic, handler) {
      handlers.set(topic, [...(handlers.get(topic) ?? []), handler]);
    },
    deliver,
    sendWith(next) {
      send = next;
    },
  };
}

/** One bus per database handle, like the caches it serves (each app, and each test app, has its own). */
const buses = perOwner((_db: object) => createCacheBus());

export const cacheBus = (db: object): CacheBus => buses(db);

/**
 * Carries the database's cache bus over Redis: one channel, `{prefix}cache`, messages
 * `origin \n topic \n key`; a process ignores its own. When the subscriber comes back after Redis was
 * away, every cache is emptied: what changed meanwhile was not heard.
 */
export async function linkCacheBus(db: object, link: RedisLink): Promise<() => void> {
  const bus = buses(db);
  const origin = randomUUID();
  const channel = `${link.prefix}cache`;
  const onMessage = (from: string, message: string) => {
    if (from !== channel) return;
    const [sender, topic, ...rest] = message.split('\n');
    if (sender === origin || !TOPICS.has(topic)) return;
    bus.deliver(topic as CacheTopic, rest.join('\n'));
  };
  let subscribedOnce = false;
  const onReady = () => {
    if (subscribedOnce) for (const topic of TOPICS) bus.deliver(topic as CacheTopic, null);
    subscribedOnce = true;
  };
  link.subscriber.on('message', onMessage);
  link.subscriber.on('ready', onReady);
  if (link.subscriber.status === 'ready') subscribedOnce = true;
  const subscribed = link.subscriber.subscribe(channel).catch(() => undefined);
  // Without Redis yet (REDIS_OPTIONAL), the subscription is queued until it comes; do not wait for it.
  if (link.subscriber.status === 'ready') await subscribed;
  bus.sendWith((topic, key) => {
    // While Redis is away the message is lost; the others empty their caches when they hear Redis again.
    if (link.isUp()) link.client.publish(channel, `${origin}\n${topic}\n${key}`).catch(() => undefined);
  });
  return () => {
    bus.sendWith(null);
    link.subscriber.off('message', onMessage);
    link.subscriber.off('ready', onReady);
  };
}
