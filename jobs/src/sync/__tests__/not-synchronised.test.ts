import {
  createCompany,
  createTestDatabase,
  insertChannelRow,
  type TestDatabase,
} from '@syncdesk/api/testing';
import { startTestProcess, type TestProcess } from '@syncdesk/server/testing';
import type { JobContext } from '../../definitions/job-definition';
import { runChannelJob } from '../run-channel-job';
import { runPluginJob } from '../run-plugin-job';

const quiet = { info() {}, warn() {}, error() {} };

/**
 * A type that connects but that no provider synchronises (WooCommerce, Mintsoft today) used to be
 * skipped in silence: the seller saw it connected and believed it synced. Its jobs now say so in
 * the transaction records, once a day per connection.
 */
describe('a connected type Syncdesk does not synchronise yet', () => {
  let database: TestDatabase;
  let server: TestProcess;
  let context: JobContext;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite', 'not_synchronised');
    server = await startTestProcess(database.url);
    context = { services: server.services, logger: quiet } as unknown as JobContext;
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  /** A connection as the seller leaves it: connected and switched on. */
  const connected = async (...args: Parameters<typeof insertChannelRow>) =>
    (await insertChannelRow(...args)).update({ is_active: true });

  const notesOf = (channelId: number) =>
    server.services.models.TransactionRecord.findAll({
      where: { channel_id: channelId, error_code: 'not_synchronised' },
      raw: true,
    });

  it('writes one info record a day, however many jobs run for it at once', async () => {
    const { stores } = await createCompany(server.services, { name: 'Woo seller', stores: ['Woo UK'] });
    const channel = await connected(server.services, stores[0]!, {
      name: 'Web shop',
      type: 'woocommerce',
    });
    let worked = 0;
    const run = () =>
      runChannelJob(context, channel.id, 'get_orders', async () => {
        worked += 1;
      });

    expect(await Promise.all([run(), run(), run(), run()])).toEqual([
      'skipped',
      'skipped',
      'skipped',
      'skipped',
    ]);
    expect(await run()).toBe('skipped');
    expect(worked).toBe(0);
    const notes = await notesOf(channel.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      status: 5,
      kind: 'channel',
      type: 'get_orders',
      store_id: stores[0]!.id,
      company_id: stores[0]!.company_id,
      message: 'Syncdesk does not synchronise WooCommerce yet: orders, stock and fulfilment stay as they are',
    });

    // A day later the next job says it again, once.
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000 + 1000);
    expect(await server.services.syncState.claimNotSynchronisedNote(channel.id, tomorrow)).toBe(true);
    expect(await server.services.syncState.claimNotSynchronisedNote(channel.id, tomorrow)).toBe(false);
  });

  it('says it for a plugin too, and never for a type that syncs', async () => {
    const { stores } = await createCompany(server.services, { name: 'Warehouse seller', stores: ['Depot'] });
    const mintsoft = await connected(server.services, stores[0]!, {
      name: 'Mintsoft',
      kind: 'plugin',
      type: 'mintsoft',
    });
    expect(await runPluginJob(context, mintsoft.id, 'plugin_updates', async () => undefined)).toBe('skipped');
    expect(await notesOf(mintsoft.id)).toMatchObject([
      { kind: 'plugin', message: expect.stringContaining('does not synchronise Mintsoft yet') },
    ]);

    // Shopify syncs: its jobs open the connection (and fail here, with no shop), but never say it.
    const shopify = await connected(server.services, stores[0]!, { type: 'shopify' });
    await runChannelJob(context, shopify.id, 'get_orders', async () => undefined).catch(() => undefined);
    expect(await notesOf(shopify.id)).toHaveLength(0);
  });
});
