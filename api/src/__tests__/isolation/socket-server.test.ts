import type { Socket } from 'socket.io-client';
import { rooms, type PermissionName, type RealtimeEvent } from '@syncdesk/contracts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { connected, nextEvent, readJson, startTestProcess, type TestProcess } from '@syncdesk/server/testing';
import { createCompany, type CompanyFixture } from '../../testing/identity-fixtures';

/**
 * Live events follow the same permissions as the lists they refresh (issue 22, item 2): a member
 * holding only `stores.read` hears none of a store's order, log, stock, catalogue or sync events;
 * a member holding a list's permission hears its events; a role narrowed while a socket is open
 * stops them at once, without a reconnect. Real process, real Socket.IO, real role edits.
 */
describe('socket events need the permission of their list (MySQL)', () => {
  let database: TestDatabase;
  let server: TestProcess;
  let company: CompanyFixture;
  let storeId: number;
  let ownerToken: string;

  beforeAll(async () => {
    database = await createTestDatabase('mysql', 'socket_permissions');
    server = await startTestProcess(database.url);
    company = await createCompany(server.services, { name: 'Sockets', stores: ['Sockets Store'] });
    storeId = company.stores[0]!.id;
    ownerToken = await company.tokenFor(company.owner);
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  async function memberSocket(permissions: PermissionName[]) {
    const user = await company.addMember(permissions);
    const socket = server.connect(await company.tokenFor(user));
    await connected(socket);
    return { user, socket };
  }

  /** Whether `socket` hears `event` (published as domain code does, to the store's room) within a while. */
  function hears(socket: Socket, event: RealtimeEvent, ms = 1000): Promise<boolean> {
    return new Promise((resolve) => {
      const listener = () => {
        clearTimeout(timer);
        resolve(true);
      };
      socket.once(event.name, listener);
      const timer = setTimeout(() => {
        socket.off(event.name, listener);
        resolve(false);
      }, ms);
      server.services.publish(event);
    });
  }

  let sequence = 0;
  const storeEvents = (): RealtimeEvent[] => {
    const id = ++sequence;
    const store = [rooms.store(storeId)];
    return [
      { name: 'orders:changed', rooms: store, payload: { storeId, orderIds: [id] } },
      { name: 'log:created', rooms: store, payload: { logId: id, storeId } },
      { name: 'stock:changed', rooms: store, payload: { storeId, productIds: [id] } },
      { name: 'catalogue:changed', rooms: store, payload: { storeId, subject: 'products', ids: [id] } },
      { name: 'sync:changed', rooms: store, payload: { storeId, channelId: id } },
      { name: 'rules:run', rooms: store, payload: { storeId, run: { id } as never } },
    ];
  };

  it('a member holding only stores.read hears none of the store’s events; each list’s holder hears its own', async () => {
    const storesOnly = await memberSocket(['stores.read']);
    const listeners = {
      'orders:changed': await memberSocket(['orders.read']),
      'log:created': await memberSocket(['logs.read']),
      'stock:changed': await memberSocket(['products.read']),
      'catalogue:changed': await memberSocket(['products.read']),
      'sync:changed': await memberSocket(['channels.read']),
      'rules:run': await memberSocket(['orders.read']),
    } as const;
    // All kinds at once: each waits out its own silence, so the negatives' windows overlap.
    const outcomes = await Promise.all(
      storeEvents().map(async (event) => {
        const reader = listeners[event.name as keyof typeof listeners];
        const [heard, leaked] = await Promise.all([
          hears(reader.socket, event),
          hears(storesOnly.socket, event),
        ]);
        return { event: event.name, heard, leaked };
      }),
    );
    for (const outcome of outcomes)
      expect(outcome).toEqual({ event: outcome.event, heard: true, leaked: false });
  });

  it('the dashboard’s holder hears the log and sync events the dashboard refreshes on, not orders', async () => {
    const dashboard = await memberSocket(['dashboard.read']);
    const heard: Record<string, boolean> = {};
    await Promise.all(
      storeEvents().map(async (event) => (heard[event.name] = await hears(dashboard.socket, event))),
    );
    expect(heard).toEqual({
      'orders:changed': false,
      'log:created': true,
      'stock:changed': false,
      'catalogue:changed': false,
      'sync:changed': true,
      'rules:run': false,
    });
  });

  it('a product created through the api reaches products.read holders, not a stores.read-only member', async () => {
    const reader = await memberSocket(['products.read']);
    const storesOnly = await memberSocket(['stores.read']);
    const heard = nextEvent(reader.socket, 'catalogue:changed');
    let leaked = false;
    storesOnly.socket.on('catalogue:changed', () => (leaked = true));
    const created = await server.request('POST', `/api/products/${storeId}/create`, {
      token: ownerToken,
      body: { sku: 'SOCKET-1', title: 'Socket product', quantity: 2 },
    });
    expect(created.status).toBe(201);
    await heard;
    // The stores.read member's copy would have come with the reader's; a later event closes the window.
    await hears(
      reader.socket,
      storeEvents().find((event) => event.name === 'stock:changed')!,
    );
    expect(leaked).toBe(false);
  });

  it('a role narrowed while the socket is open stops its store events, without a reconnect', async () => {
    const demoted = await memberSocket(['stores.read', 'orders.read', 'logs.read', 'products.read']);
    const ordersEvent = () => storeEvents().find((event) => event.name === 'orders:changed')!;
    expect(await hears(demoted.socket, ordersEvent())).toBe(true);

    const role = await company.roleOf(demoted.user);
    const edited = await server.request('PUT', `/api/roles/${role.id}`, {
      token: ownerToken,
      body: { permissions: ['stores.read'] },
    });
    expect(edited.status).toBe(200);
    expect((await readJson(edited)).data.permissions).toEqual(['stores.read']);

    // The re-check is asynchronous (a database read): until it is done events still arrive, each
    // within milliseconds, so wait by the clock (generous on a busy machine), then none may.
    const giveUpAt = Date.now() + 20_000;
    let stillHears = true;
    while (stillHears && Date.now() < giveUpAt) {
      stillHears = await hears(demoted.socket, ordersEvent(), 500);
      if (stillHears) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(stillHears).toBe(false);
    const after = await Promise.all(
      storeEvents().map(async (event) => ({ [event.name]: await hears(demoted.socket, event) })),
    );
    const heardAfter = Object.assign({}, ...after) as Record<string, boolean>;
    expect(heardAfter).toEqual(Object.fromEntries(Object.keys(heardAfter).map((name) => [name, false])));
    expect(Object.keys(heardAfter)).toHaveLength(6);
    expect(demoted.socket.connected).toBe(true);
    // Still a member of the store: what needs no permission still arrives.
    expect(
      await hears(demoted.socket, {
        name: 'system:announcement',
        rooms: [rooms.store(storeId)],
        payload: { id: 1, message: 'to the store', at: new Date().toISOString() },
      }),
    ).toBe(true);
  });
});
