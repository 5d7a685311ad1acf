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
import type { TokenClaims, TokenService } from '../modules/auth/token.service';
import { bearerTokenOf } from '../http/auth';
import type { Logger } from '../logger';

interface SocketData {
  auth: TokenClaims;
}

export type RealtimeServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;

export interface SocketServerOptions {
  tokens: TokenService;
  logger: Logger;
  /** When set, replicas share rooms through Redis pub/sub (the official adapter). */
  redisUrl?: string;
}

/** The rooms a token entitles its holder to: theirs, their company's, each store's, admins'. */
export function roomsFor(claims: TokenClaims): Room[] {
  const joined: Room[] = [rooms.user(claims.userId), rooms.company(claims.companyId)];
  for (const storeId of claims.storeIds) joined.push(rooms.store(storeId));
  if (claims.administrator) joined.push(rooms.admins);
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
    options.tokens.verify(token).then(
      (claims) => {
        socket.data.auth = claims;
        next();
      },
      () => next(new Error('Unauthenticated.')),
    );
  });

  io.on('connection', (socket) => {
    void socket.join(roomsFor(socket.data.auth));
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
