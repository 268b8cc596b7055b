import type { RedisLink } from '../shared-state/redis-link.ts';
import type { Spacing, Turn } from './request-spacing.ts';

/**
 * RESERVE: the next free slot of every process, by Redis's own clock (the processes' clocks may
 * differ). KEYS: next free slot. ARGV: interval, longest wait. Answers {0, wait} or {1, retry after}.
 */
const RESERVE_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local interval = tonumber(ARGV[1])
local slot = math.max(now, tonumber(redis.call('GET', KEYS[1]) or '0'))
local wait = slot - now
if wait > tonumber(ARGV[2]) then return {1, wait - tonumber(ARGV[2])} end
redis.call('SET', KEYS[1], slot + interval, 'PX', wait + interval + 1000)
return {0, wait}
`;

/**
 * CLAIM: a call goes out now unless the last one any process sent is less than an interval ago
 * (then: how long to wait). KEYS: next free slot, last sent. ARGV: interval.
 */
const CLAIM_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local interval = tonumber(ARGV[1])
local last = tonumber(redis.call('GET', KEYS[2]) or '0')
if last + interval > now then return last + interval - now end
redis.call('SET', KEYS[2], now, 'PX', interval + 1000)
local nextFree = tonumber(redis.call('GET', KEYS[1]) or '0')
if nextFree < now + interval then redis.call('SET', KEYS[1], now + interval, 'PX', interval + 1000) end
return 0
`;

/**
 * Spacing shared by every process of the deployment (`{prefix}{name}:next`, `:sent` in Redis), so
 * two processes together still call the outside service once an interval. While Redis is away, or a
 * command fails, this process keeps its own spacing (`fallback`): one call an interval per process
 * is the best it can do alone.
 */
export function createRedisSpacing(link: RedisLink, name: string, options: { intervalMs: number; maxWaitMs: number }, fallback: Spacing): Spacing {
  const nextKey = `${link.prefix}${name}:next`;
  const sentKey = `${link.prefix}${name}:sent`;
  return {
    async reserve(): Promise<Turn> {
      if (!link.isUp()) return fallback.reserve();
      try {
        const reply = await link.client.eval(RESERVE_SCRIPT, 1, nextKey, options.intervalMs, options.maxWaitMs);
        if (!Array.isArray(reply) || reply.length !== 2) throw new Error('Redis answered the spacing oddly');
        const [refused, ms] = reply.map(Number);
        return refused ? { retryAfterMs: ms } : { waitMs: ms };
      } catch {
        return fallback.reserve();
      }
    },
    async claim(): Promise<number> {
      if (!link.isUp()) return fallback.claim();
      try {
        return Number(await link.client.eval(CLAIM_SCRIPT, 2, nextKey, sentKey, options.intervalMs));
      } catch {
        return fallback.claim();
      }
    },
  };
}
