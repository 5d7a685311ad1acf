import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import {
  deliveryRooms,
  rooms,
  roomsWithin,
  type ClientToServerEvents,
  type Publish,
  type Room,
  type ServerToClientEvents,
} from '@syncdesk/contracts';
import { bearerTokenOf } from '../http/authenticate';
import type { RequestScope } from '../http/request-scope';
import type { Logger } from '../logger';
import { concerns, type AuthorityChange } from '../modules/auth/authority-change';

/** setTimeout's ceiling (about 24.8 days); a later end is re-armed when the timer fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;

interface SocketData {
  rooms: Room[];
  /** The handshake's token and address: what the socket's authority is re-checked from. */
  token: string;
  address: string;
  /** Who the socket is, for matching authority changes. */
  session: AuthoritySession;
}

export type RealtimeServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;

/** Whom a socket belongs to: compared with each authority change. */
export interface AuthoritySession {
  tokenId: string;
  userId: number;
  companyId: number;
}

/** What a token opens for a socket: its rooms, whose it is, and when it ends by itself. */
export interface SocketAuthority {
  rooms: Room[];
  session: AuthoritySession;
  /** Epoch ms; the socket is re-checked then (token expiry, end of a revocation's grace). */
  endsAt: number | null;
}

export interface SocketServerOptions {
  /** What a bearer token entitles its holder to; rejects for an invalid token. */
  resolve(token: string, handshake: { address: string }): Promise<SocketAuthority>;
  /** Authority changes (revoked tokens, removed members, edited roles…) from every replica. */
  onAuthorityChange(listener: (change: AuthorityChange) => void): () => void;
  logger: Logger;
  /** When set, replicas share rooms through Redis pub/sub (the official adapter). */
  redisUrl?: string;
  /** REDIS_PREFIX: the adapter's key, shared with the workers' emitter. Default `syncdesk`. */
  redisPrefix?: string;
}

/**
 * The rooms a caller may listen to: theirs, their company's, each reachable store's (with the
 * sub-rooms of the event permissions their role holds: `roomsWithin`), admins', everyone. A role
 * edit is an authority change, so a live socket is re-checked and leaves the sub-rooms it lost.
 */
export function roomsFor(
  scope: Pick<
    RequestScope,
    'userId' | 'companyId' | 'ownStoreIds' | 'sharedStoreIds' | 'administrator' | 'permissions'
  >,
): Room[] {
  const joined: Room[] = [
    rooms.user(scope.userId),
    ...roomsWithin(`company:${scope.companyId}`, scope.permissions),
  ];
  for (const storeId of [...scope.ownStoreIds, ...scope.sharedStoreIds]) {
    joined.push(...roomsWithin(`store:${storeId}`, scope.permissions));
  }
  if (scope.administrator) joined.push(rooms.admins);
  joined.push(rooms.everyone);
  return joined;
}

export interface SocketServer {
  io: RealtimeServer;
  publish: Publish;
  /** The adapter's Redis connections' states (ioredis `status`, `ready` when usable); none without Redis. */
  redisStatuses(): string[];
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
    io.adapter(createAdapter(publisher, subscriber, { key: options.redisPrefix ?? 'syncdesk' }));
  }

  const endTimers = createEndTimers();
  /** Sockets being re-checked, and whether another change arrived meanwhile (check once more). */
  const checking = new Map<string, { again: boolean }>();

  // The handshake carries the same bearer token as the api; no valid token, no socket.
  io.use((socket, next) => {
    const token =
      (typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : null) ??
      bearerTokenOf(socket.handshake.headers.authorization);
    if (!token) return next(new Error('Unauthenticated.'));
    const address = socket.handshake.address;
    options.resolve(token, { address }).then(
      (authority) => {
        socket.data = { rooms: authority.rooms, token, address, session: authority.session };
        endTimers.arm(socket.id, authority.endsAt, () => void recheck(socket));
        next();
      },
      () => next(new Error('Unauthenticated.')),
    );
  });

  /**
   * Re-reads what the socket's token opens now: nothing → disconnected at once; fewer or other
   * stores → it leaves the rooms it lost and joins the ones it gained.
   */
  async function recheck(socket: RealtimeSocket): Promise<void> {
    const running = checking.get(socket.id);
    if (running) {
      running.again = true;
      return;
    }
    const state = { again: false };
    checking.set(socket.id, state);
    try {
      do {
        state.again = false;
        if (!socket.connected) return;
        let authority: SocketAuthority;
        try {
          authority = await options.resolve(socket.data.token, { address: socket.data.address });
        } catch {
          socket.disconnect(true);
          return;
        }
        const lost = socket.data.rooms.filter((room) => !authority.rooms.includes(room));
        for (const room of lost) await socket.leave(room);
        await socket.join(authority.rooms);
        socket.data = { ...socket.data, rooms: authority.rooms, session: authority.session };
        endTimers.arm(socket.id, authority.endsAt, () => void recheck(socket));
      } while (state.again);
    } finally {
      checking.delete(socket.id);
    }
  }

  const stopListening = options.onAuthorityChange((change) => {
    for (const socket of io.of('/').sockets.values()) {
      if (socket.data.session && concerns(change, socket.data.session)) void recheck(socket);
    }
  });

  io.on('connection', (socket) => {
    void socket.join(socket.data.rooms);
    socket.on('disconnect', () => endTimers.clear(socket.id));
  });

  const publish: Publish = (event) => {
    // The map of names to payloads is checked at the call site; Socket.IO's own typing can't follow the union.
    // Sent to the permission sub-rooms the event needs: a socket in several gets it once.
    (io.to(deliveryRooms(event)) as unknown as { emit(name: string, payload: unknown): void }).emit(
      event.name,
      event.payload,
    );
  };

  return {
    io,
    publish,
    redisStatuses: () => redisClients.map((client) => client.status),
    async close() {
      stopListening();
      endTimers.clearAll();
      await io.close();
      await Promise.all(redisClients.map((client) => client.quit().catch(() => undefined)));
    },
  };
}

type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** One timer per socket, firing when its token ends by itself. */
function createEndTimers() {
  const timers = new Map<string, NodeJS.Timeout>();
  const clear = (socketId: string) => {
    clearTimeout(timers.get(socketId));
    timers.delete(socketId);
  };
  return {
    arm(socketId: string, endsAt: number | null, onEnd: () => void) {
      clear(socketId);
      if (endsAt === null) return;
      const delay = Math.min(Math.max(endsAt - Date.now(), 0) + 50, MAX_TIMER_MS);
      const timer = setTimeout(() => {
        timers.delete(socketId);
        onEnd();
      }, delay);
      timer.unref();
      timers.set(socketId, timer);
    },
    clear,
    clearAll() {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}
