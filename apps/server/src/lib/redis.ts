import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { SharedEpoch } from './principal-cache.ts';

/**
 * The one Redis connection of an instance (REDIS_URL): what several instances must share and
 * the database does not hold cheaply, i.e. the API rate limit's counters and the signed-in
 * callers' epoch. Commands fail at once while Redis is away instead of queueing, so that callers
 * can fall back (count nothing, cache nothing) rather than wait.
 */
export async function openRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    commandTimeout: 1000,
    lazyConnect: true,
  });
  let healthy = true;
  redis.on('error', (err: Error) => {
    if (healthy)
      log.warn({ err: err.message }, 'Redis unreachable: rate limits not counted, callers not cached');
    healthy = false;
  });
  redis.on('ready', () => {
    if (!healthy) log.info('Redis reachable again');
    healthy = true;
  });
  await redis.connect().catch((err: unknown) => {
    log.warn({ err }, 'Redis unreachable at start; going on without it until it answers');
  });
  return redis;
}

export async function closeRedis(redis: Redis): Promise<void> {
  await redis.quit().catch(() => redis.disconnect());
}

const EPOCH_KEY = 'sp:auth-epoch';

/** The signed-in callers' epoch (lib/principal-cache.ts) as one Redis counter. */
export function redisEpoch(redis: Redis): SharedEpoch {
  return {
    async read() {
      try {
        return (await redis.get(EPOCH_KEY)) ?? '0';
      } catch {
        return null;
      }
    },
    async bump() {
      await redis.incr(EPOCH_KEY);
    },
  };
}
