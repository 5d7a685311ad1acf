import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';
import { ERROR_MESSAGES, formatMessage } from '@syncdesk/contracts';
import { AppError } from '../../http/app-error';

export interface LoginThrottleOptions {
  /** Failed attempts per account before it is locked for the rest of the window. */
  perAccount: number;
  /** Failed attempts per client address. */
  perAddress: number;
  windowSeconds: number;
  /** Shares counters between api replicas. */
  redis?: Redis;
}

export const DEFAULT_LOGIN_THROTTLE = { perAccount: 5, perAddress: 30, windowSeconds: 15 * 60 };

export interface LoginThrottle {
  /** Throws 429 with the spec's message when the account or the address is locked. */
  check(email: string, address: string): Promise<void>;
  recordFailure(email: string, address: string): Promise<void>;
  recordSuccess(email: string): Promise<void>;
}

function tooMany(secondsLeft: number): AppError {
  const timer = Math.max(1, Math.ceil(secondsLeft));
  return new AppError('too_many_requests', formatMessage(ERROR_MESSAGES.tooManyLoginAttempts, { timer }));
}

/**
 * Counts failed sign-ins per account and per address (rate-limiter-flexible; in memory, or in Redis
 * when replicas must share them). The same answer is given for unknown and known accounts.
 */
export function createLoginThrottle(options: LoginThrottleOptions): LoginThrottle {
  const make = (keyPrefix: string, points: number): RateLimiterAbstract =>
    options.redis
      ? new RateLimiterRedis({
          storeClient: options.redis,
          keyPrefix,
          points,
          duration: options.windowSeconds,
        })
      : new RateLimiterMemory({ keyPrefix, points, duration: options.windowSeconds });
  const accounts = make('login:account', options.perAccount);
  const addresses = make('login:address', options.perAddress);

  async function remaining(
    limiter: RateLimiterAbstract,
    key: string,
    points: number,
  ): Promise<number | null> {
    const state = await limiter.get(key);
    return state && state.consumedPoints >= points ? state.msBeforeNext / 1000 : null;
  }

  return {
    async check(email, address) {
      const account = await remaining(accounts, email, options.perAccount);
      const client = await remaining(addresses, address, options.perAddress);
      const seconds = Math.max(account ?? 0, client ?? 0);
      if (account !== null || client !== null) throw tooMany(seconds);
    },
    async recordFailure(email, address) {
      const results = await Promise.allSettled([accounts.consume(email), addresses.consume(address)]);
      for (const result of results) {
        if (result.status === 'rejected' && result.reason instanceof RateLimiterRes) {
          throw tooMany(result.reason.msBeforeNext / 1000);
        }
      }
    },
    async recordSuccess(email) {
      await accounts.delete(email);
    },
  };
}
