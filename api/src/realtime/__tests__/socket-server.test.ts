import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { EVENT_ROOM_PERMISSIONS, rooms, type PermissionName } from '@syncdesk/contracts';
import { createLogger } from '../../logger';
import type { Room } from '@syncdesk/contracts';
import { createSocketServer, roomsFor } from '../socket-server';
import { createRedisPublisher } from '../redis-publisher';
import { connected, nextEvent } from '@syncdesk/server/testing';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
// The handshake's token → rooms step is the runtime's scope resolver (tested with the api); here a
// table stands in for it so these tests exercise rooms, the adapter and the emitter.
const roomsByToken = new Map<string, Room[]>();
let tokenSequence = 0;
const logger = createLogger('silent');

async function startServer(redisUrl?: string) {
  const httpServer = http.createServer();
  const realtime = await createSocketServer(httpServer, {
    logger,
    redisUrl,
    resolve: async (token) => {
      const joined = roomsByToken.get(token);
      if (!joined) throw new Error('Unauthenticated.');
      return { rooms: joined, session: { tokenId: token, userId: 0, companyId: 0 }, endsAt: null };
    },
    // Authority changes are exercised with the real scope resolver in the api's tests.
    onAuthorityChange: () => () => undefined,
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
  return { url, realtime, close: () => realtime.close() };
}

const clients: Socket[] = [];
interface Holder {
  userId: number;
  companyId: number;
  storeIds?: number[];
  administrator?: boolean;
  /** The role's permissions; every permission an event needs when absent. */
  permissions?: PermissionName[];
}
async function client(url: string, holder: Holder): Promise<Socket> {
  const token = `token-${++tokenSequence}`;
  roomsByToken.set(
    token,
    roomsFor({
      userId: holder.userId,
      companyId: holder.companyId,
      ownStoreIds: holder.storeIds ?? [],
      sharedStoreIds: [],
      administrator: holder.administrator ?? false,
      permissions: new Set(holder.permissions ?? EVENT_ROOM_PERMISSIONS),
    }),
  );
  const socket = connectSocket(url, {
    transports: ['websocket'],
    auth: { token },
    reconnection: false,
    forceNew: true,
  });
  clients.push(socket);
  await connected(socket);
  return socket;
}

function silence(socket: Socket, name: string, ms = 300): Promise<boolean> {
  return new Promise((resolve) => {
    const listener = () => resolve(false);
    socket.once(name, listener);
    setTimeout(() => {
      socket.off(name, listener);
      resolve(true);
    }, ms);
  });
}

afterEach(() => {
  for (const socket of clients.splice(0)) socket.disconnect();
});

describe('realtime rooms', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it('delivers a company event only to that company, a store event only to that store', async () => {
    const companyOne = await client(server.url, { userId: 1, companyId: 1, storeIds: [10] });
    const companyTwo = await client(server.url, { userId: 2, companyId: 2, storeIds: [20] });
    const payload = { notificationId: 5, level: 0 };

    const received = nextEvent(companyOne, 'notification:created');
    const leaked = silence(companyTwo, 'notification:created');
    server.realtime.publish({ name: 'notification:created', rooms: [rooms.company(1)], payload });
    expect(await received).toEqual(payload);
    expect(await leaked).toBe(true);

    const storeEvent = nextEvent(companyTwo, 'log:created');
    const notForStoreTen = silence(companyOne, 'log:created');
    server.realtime.publish({
      name: 'log:created',
      rooms: [rooms.store(20)],
      payload: { logId: 1, storeId: 20 },
    });
    expect(await storeEvent).toEqual({ logId: 1, storeId: 20 });
    expect(await notForStoreTen).toBe(true);
  });

  it('reaches administrators through the admins room and users through their own room', async () => {
    const admin = await client(server.url, { userId: 3, companyId: 3, administrator: true });
    const seller = await client(server.url, { userId: 4, companyId: 3 });
    const toAdmins = nextEvent(admin, 'notification:created');
    const notForSeller = silence(seller, 'notification:created');
    server.realtime.publish({
      name: 'notification:created',
      rooms: [rooms.admins],
      payload: { notificationId: 1, level: 2 },
    });
    await toAdmins;
    expect(await notForSeller).toBe(true);

    const toSeller = nextEvent(seller, 'session:ended');
    server.realtime.publish({ name: 'session:ended', rooms: [rooms.user(4)], payload: { userId: 4 } });
    expect(await toSeller).toEqual({ userId: 4 });
  });
});

describe('store events follow the permission of their list', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  const storeEvents = [
    { name: 'orders:changed', payload: { storeId: 30, orderIds: [1] }, needs: 'orders.read' },
    { name: 'log:created', payload: { logId: 2, storeId: 30 }, needs: 'logs.read' },
    { name: 'stock:changed', payload: { storeId: 30, productIds: [3] }, needs: 'products.read' },
    { name: 'catalogue:changed', payload: { storeId: 30, subject: 'products' }, needs: 'products.read' },
    { name: 'sync:changed', payload: { storeId: 30, channelId: 4 }, needs: 'channels.read' },
  ] as const;

  it.each(storeEvents)(
    'sends $name to a member holding $needs, never to one holding only stores.read',
    async ({ name, payload, needs }) => {
      const reader = await client(server.url, {
        userId: 5,
        companyId: 5,
        storeIds: [30],
        permissions: [needs],
      });
      const storesOnly = await client(server.url, {
        userId: 6,
        companyId: 5,
        storeIds: [30],
        permissions: ['stores.read'],
      });
      const received = nextEvent(reader, name);
      const leaked = silence(storesOnly, name);
      server.realtime.publish({ name, rooms: [rooms.store(30)], payload } as never);
      expect(await received).toEqual(payload);
      expect(await leaked).toBe(true);
    },
  );

  it('sends a store event once to a member holding several permissions that open it', async () => {
    const both = await client(server.url, {
      userId: 7,
      companyId: 5,
      storeIds: [30],
      permissions: ['logs.read', 'dashboard.read'],
    });
    let count = 0;
    both.on('log:created', () => count++);
    const received = nextEvent(both, 'log:created');
    server.realtime.publish({
      name: 'log:created',
      rooms: [rooms.store(30)],
      payload: { logId: 9, storeId: 30 },
    });
    await received;
    // A second event behind the first: had the first come twice, the count would be 3 by now.
    const next = nextEvent(both, 'log:created');
    server.realtime.publish({
      name: 'log:created',
      rooms: [rooms.store(30)],
      payload: { logId: 10, storeId: 30 },
    });
    await next;
    expect(count).toBe(2);
  });
});

describe('scaled out through Redis', () => {
  it('delivers events published on one replica, or by a worker through the emitter, to sockets on another', async () => {
    const replicaA = await startServer(REDIS_URL);
    const replicaB = await startServer(REDIS_URL);
    const worker = await createRedisPublisher(REDIS_URL);
    try {
      const onA = await client(replicaA.url, { userId: 1, companyId: 41 });
      const onB = await client(replicaB.url, { userId: 2, companyId: 41 });

      const viaAdapter = Promise.all([
        nextEvent(onA, 'company:switched'),
        nextEvent(onB, 'company:switched'),
      ]);
      replicaA.realtime.publish({
        name: 'company:switched',
        rooms: [rooms.company(41)],
        payload: { userId: 1, companyId: 41 },
      });
      expect(await viaAdapter).toEqual([
        { userId: 1, companyId: 41 },
        { userId: 1, companyId: 41 },
      ]);

      const viaEmitter = Promise.all([
        nextEvent(onA, 'notification:created'),
        nextEvent(onB, 'notification:created'),
      ]);
      worker.publish({
        name: 'notification:created',
        rooms: [rooms.company(41)],
        payload: { notificationId: 9, level: 1 },
      });
      expect(await viaEmitter).toEqual([
        { notificationId: 9, level: 1 },
        { notificationId: 9, level: 1 },
      ]);

      // The emitter sends store events to the same permission sub-rooms as a replica would.
      const ordersReader = await client(replicaB.url, {
        userId: 3,
        companyId: 41,
        storeIds: [42],
        permissions: ['orders.read'],
      });
      const storesOnly = await client(replicaA.url, {
        userId: 4,
        companyId: 41,
        storeIds: [42],
        permissions: ['stores.read'],
      });
      const toReader = nextEvent(ordersReader, 'orders:changed');
      const notToStoresOnly = silence(storesOnly, 'orders:changed');
      worker.publish({
        name: 'orders:changed',
        rooms: [rooms.store(42)],
        payload: { storeId: 42, orderIds: [7] },
      });
      expect(await toReader).toEqual({ storeId: 42, orderIds: [7] });
      expect(await notToStoresOnly).toBe(true);
    } finally {
      for (const socket of clients.splice(0)) socket.disconnect();
      await worker.close();
      await replicaA.close();
      await replicaB.close();
    }
  });
});
