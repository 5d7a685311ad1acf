import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Logger } from '../../logger';
import type { AuthorityChange, AuthorityChanges } from './authority-change';

/** The Redis channel of one deployment (REDIS_PREFIX): deployments sharing a Redis never hear each other. */
export const authorityChannel = (redisPrefix = 'syncdesk') => `${redisPrefix}:authority`;

export type AuthorityListener = (change: AuthorityChange) => void;

/**
 * Carries authority changes to every process: listeners in this one at once, and — with
 * `REDIS_URL` — every other replica and worker through one Redis pub/sub channel. A process skips
 * its own messages coming back from Redis (it delivered them already).
 */
export interface AuthorityBus extends AuthorityChanges {
  subscribe(listener: AuthorityListener): () => void;
  /** Its Redis connections' states (ioredis `status`, `ready` when usable); none without Redis. */
  redisStatuses(): string[];
  close(): Promise<void>;
}

interface WireMessage {
  origin: string;
  change: AuthorityChange;
}

export async function createAuthorityBus(options: {
  logger: Logger;
  redisUrl?: string;
  /** REDIS_PREFIX; default `syncdesk`. */
  redisPrefix?: string;
}): Promise<AuthorityBus> {
  const origin = randomUUID();
  const channel = authorityChannel(options.redisPrefix);
  const listeners = new Set<AuthorityListener>();
  const deliver = (change: AuthorityChange) => {
    for (const listener of listeners) {
      try {
        listener(change);
      } catch (error) {
        options.logger.error({ err: error, change }, 'an authority listener failed');
      }
    }
  };

  let publisher: Redis | undefined;
  let subscriber: Redis | undefined;
  if (options.redisUrl) {
    publisher = new Redis(options.redisUrl, { lazyConnect: true });
    subscriber = publisher.duplicate();
    await Promise.all([publisher.connect(), subscriber.connect()]);
    await subscriber.subscribe(channel);
    subscriber.on('message', (_channel: string, text: string) => {
      try {
        const message = JSON.parse(text) as WireMessage;
        if (message.origin !== origin) deliver(message.change);
      } catch (error) {
        options.logger.warn({ err: error }, 'unreadable authority message ignored');
      }
    });
  }

  return {
    changed(change) {
      deliver(change);
      if (publisher) {
        const message: WireMessage = { origin, change };
        publisher.publish(channel, JSON.stringify(message)).catch((error: unknown) => {
          // The other replicas' caches still expire on their own (SCOPE_CACHE_TTL_MS).
          options.logger.error({ err: error, change }, 'authority change not sent to other replicas');
        });
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    redisStatuses: () => [publisher, subscriber].flatMap((client) => (client ? [client.status] : [])),
    async close() {
      listeners.clear();
      await Promise.all([publisher, subscriber].map((client) => client?.quit().catch(() => undefined)));
    },
  };
}
