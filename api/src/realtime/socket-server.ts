import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import {
  rooms,
  type ClientToServerEvents,
  type Publish,
  type Room,
  type ServerToClientEvents,
} from '@syncdesk/contracts';
import { bearerTokenOf } from '../http/authenticate';
import type { RequestScope } from '../http/request-scope';
import type { Logger } from '../logger';

interface SocketData {
  rooms: Room[];
}

export type RealtimeServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;

export interface SocketServerOptions {
  /** The rooms a bearer token entitles its holder to; rejects for an invalid token. */
  resolveRooms(token: string, handshake: { address: string }): Promise<Room[]>;
  logger: Logger;
  /** When set, replicas share rooms through Redis pub/sub (the official adapter). */
  redisUrl?: string;
}

/** The rooms a caller may listen to: theirs, their company's, each reachable store's, admins', everyone. */
export function roomsFor(scope: RequestScope): Room[] {
  const joined: Room[] = [rooms.user(scope.userId), rooms.company(scope.companyId)];
  for (const storeId of [...scope.ownStoreIds, ...scope.sharedStoreIds]) joined.push(rooms.store(storeId));
  if (scope.administrator) joined.push(rooms.admins);
  joined.push(rooms.everyone);
  return joined;
}

export interface SocketServer {
  io: RealtimeServer;
  publish: Publish;
  close(): Promise<void>;
}

export async function createSocketServer(
  httpServer: HttpServer,
  options: SocketServerOptions,
): Promise<SocketServer> {
  const io: RealtimeServer = new Server(httpServer, { path: '/socket.io', serveClient: false });
  const redisClients: Redis[] = [];
  if (options.redisUrl) {
    const publisher = new Redis(options.redisUrl, { lazyConnect: true });
    const subscriber = publisher.duplicate();
    await Promise.all([publisher.connect(), subscriber.connect()]);
    redisClients.push(publisher, subscriber);
    io.adapter(createAdapter(publisher, subscriber, { key: 'syncdesk' }));
  }

  // The handshake carries the same bearer token as the api; no valid token, no socket.
  io.use((socket, next) => {
    const token =
      (typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : null) ??
      bearerTokenOf(socket.handshake.headers.authorization);
    if (!token) return next(new Error('Unauthenticated.'));
    options.resolveRooms(token, { address: socket.handshake.address }).then(
      (joined) => {
        socket.data.rooms = joined;
        next();
      },
      () => next(new Error('Unauthenticated.')),
    );
  });

  io.on('connection', (socket) => {
    void socket.join(socket.data.rooms);
  });

  const publish: Publish = (event) => {
    // The map of names to payloads is checked at the call site; Socket.IO's own typing can't follow the union.
    (io.to(event.rooms) as unknown as { emit(name: string, payload: unknown): void }).emit(
      event.name,
      event.payload,
    );
  };

  return {
    io,
    publish,
    async close() {
      await io.close();
      await Promise.all(redisClients.map((client) => client.quit().catch(() => undefined)));
    },
  };
}
