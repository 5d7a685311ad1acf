import type { NormalisedOrderInput } from '@syncdesk/contracts';
import { insertChannelRow } from '../../testing/channel-fixtures';
import { createCompany, FIXTURE_PASSWORD, type CompanyFixture } from '../../testing/identity-fixtures';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { startTestProcess, type TestProcess } from '@syncdesk/server/testing';

const BATCHES = 4;
const BATCH_SIZE = 120;

function order(index: number): NormalisedOrderInput {
  return {
    remote_id: `BUSY-${index}`,
    order_number: `${500000 + index}`,
    status: 'Unshipped',
    payment_status: 'Paid',
    currency: 'GBP',
    subtotal: '20.00',
    shipping_total: '3.95',
    tax_total: '4.00',
    total: '23.95',
    order_date: new Date(Date.UTC(2026, 10, 1) + index * 60_000).toISOString(),
    customer: {
      name: `Customer ${index}`,
      email: `busy-${index}@example.test`,
      phone: null,
      remote_id: null,
    },
    shipping_address: {
      name: `Customer ${index}`,
      line1: '1 High St',
      city: 'London',
      postcode: 'N1 1AA',
      country: 'GB',
    },
    invoice_address: {
      name: `Customer ${index}`,
      line1: '1 High St',
      city: 'London',
      postcode: 'N1 1AA',
      country: 'GB',
    },
    shipping_method: 'Royal Mail 48',
    tags: [],
    lines: [0, 1].map((line) => ({
      remote_id: `BUSY-${index}-${line}`,
      sku: `SKU-${(index + line) % 40}`,
      title: `Item ${line}`,
      quantity: 1,
      price: '10.00',
      tax_total: '2.00',
      options: [],
    })),
  };
}

/**
 * The embedded default (SQLite) under the demo's kind of load: an order import writing batch after
 * batch while people use the screens. Their writes wait their turn instead of answering 500
 * "SQLITE_BUSY: database is locked", and a sign-out answered as done has ended its token.
 */
describe('SQLite serves ordinary writes while an import runs', () => {
  let database: TestDatabase;
  let server: TestProcess;
  let acme: CompanyFixture;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite', 'sqlite_busy');
    server = await startTestProcess(database.url);
    acme = await createCompany(server.services, { name: 'Busy Co', stores: ['Busy UK'] });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  const signIn = async (email: string) => {
    const response = await server.request('POST', '/api/auth/signIn', {
      body: { email, password: FIXTURE_PASSWORD },
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: { token: string } }).data.token;
  };

  it('creates users, saves device tokens and signs out, every one answered and kept, while orders import', async () => {
    const store = acme.stores[0]!;
    const channel = await insertChannelRow(server.services, store, { name: 'Busy Shopify' });
    const member = await server.services.models.Role.findOne({
      where: { company_id: acme.company.id, name: 'Member' },
    });
    const ownerToken = await acme.tokenFor(acme.owner);
    const sessions = await Promise.all(Array.from({ length: 6 }, () => signIn(acme.owner.email)));

    let importing = true;
    const imported = (async () => {
      try {
        for (let batch = 0; batch < BATCHES; batch += 1) {
          const orders = Array.from({ length: BATCH_SIZE }, (_, index) => order(batch * BATCH_SIZE + index));
          await server.services.orderImport.importBatch(channel.id, orders, { source: 'Busy test' });
        }
      } finally {
        importing = false;
      }
    })();

    const answers: { what: string; status: number; body: string }[] = [];
    const record = async (what: string, response: Promise<Response>) => {
      const answer = await response;
      answers.push({ what, status: answer.status, body: answer.status >= 300 ? await answer.text() : '' });
    };
    let wave = 0;
    const signedOut: string[] = [];
    // Waves of writes for as long as the import runs (at least one, while it certainly does).
    do {
      wave += 1;
      const session = sessions[wave - 1];
      await Promise.all([
        ...[0, 1, 2].map((index) =>
          record(
            'user create',
            server.request('POST', `/api/users/${store.id}/create`, {
              token: ownerToken,
              body: {
                name: `Person ${wave}-${index}`,
                email: `person-${wave}-${index}@busy.test`,
                password: 'a-long-password',
                password_confirmation: 'a-long-password',
                role_id: member!.id,
              },
            }),
          ),
        ),
        ...[0, 1, 2].map((index) =>
          record(
            'device token save',
            server.request('PUT', '/api/auth/saveFcmDeviceToken', {
              token: ownerToken,
              body: { device_token: `device-${wave}-${index}`, device_type: 'web' },
            }),
          ),
        ),
        ...(session
          ? [record('sign-out', server.request('POST', '/api/auth/signOut', { token: session }))]
          : []),
      ]);
      if (session) signedOut.push(session);
    } while (importing && wave < sessions.length);
    await imported;

    expect(answers.filter((answer) => answer.status >= 300)).toEqual([]);
    expect(wave).toBeGreaterThan(0);
    // The import itself went through, all of it.
    expect(await server.services.models.Order.count({ where: { channel_id: channel.id } })).toBe(
      BATCHES * BATCH_SIZE,
    );
    // Every sign-out answered as done ended its token.
    for (const token of signedOut) {
      expect((await server.request('POST', '/api/me', { token })).status).toBe(401);
    }
    // Sign-ins hash passwords and the import is real work: a loaded machine takes its time.
  }, 120_000);
});
