import { Emitter } from '@socket.io/redis-emitter';
import { Redis } from 'ioredis';
import { deliveryRooms, type Publish, type ServerToClientEvents } from '@syncdesk/contracts';

export interface RedisPublisher {
  publish: Publish;
  /** The connection's state (ioredis `status`, `ready` when usable). */
  redisStatuses(): string[];
  close(): Promise<void>;
}

/**
 * How a worker without a Socket.IO server of its own reaches the browsers: it writes to Redis and
 * every api replica (running the Redis adapter) delivers to its sockets.
 */
export async function createRedisPublisher(
  redisUrl: string,
  /** REDIS_PREFIX: must be the api replicas' adapter key, or nobody hears. Default `syncdesk`. */
  redisPrefix = 'syncdesk',
): Promise<RedisPublisher> {
  const client = new Redis(redisUrl, { lazyConnect: true });
  await client.connect();
  const emitter = new Emitter<ServerToClientEvents>(client, { key: redisPrefix });
  return {
    publish(event) {
      // The same permission sub-rooms as the api's own publish: the replicas only deliver.
      (emitter.to(deliveryRooms(event)) as unknown as { emit(name: string, payload: unknown): void }).emit(
        event.name,
        event.payload,
      );
    },
    redisStatuses: () => [client.status],
    async close() {
      await client.quit().catch(() => undefined);
    },
  };
}
