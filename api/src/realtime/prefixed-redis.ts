import { Redis } from 'ioredis';

/**
 * A Redis connection whose every key starts with `<REDIS_PREFIX>:` (ioredis adds it to each command's
 * keys, scripts included), so the rate budgets and login counters of deployments sharing one Redis
 * never meet. Pub/sub channel names are not keys: each channel carries the prefix in its own name.
 */
export function createPrefixedRedis(redisUrl: string, redisPrefix: string): Redis {
  return new Redis(redisUrl, { keyPrefix: `${redisPrefix}:` });
}
