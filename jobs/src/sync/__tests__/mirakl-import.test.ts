import {
  createCompany,
  createTestDatabase,
  insertChannelRow,
  type TestDatabase,
} from '@syncdesk/api/testing';
import { startTestProcess, type TestProcess } from '@syncdesk/server/testing';
import type { MiraklSimulator } from '@syncdesk/integrations';
import { miraklTestKit } from '@syncdesk/integrations/testing';

const { connectionTo, connectorFor, downloadAll, startSimulator } = miraklTestKit;

/**
 * The overlap end to end with the real import service: a second download re-reads orders the first
 * one stored (Mirakl's delta on start_update_date), and each order is still stored once.
 */
describe('Mirakl connector with the order import', () => {
  let database: TestDatabase;
  let server: TestProcess;
  let simulator: MiraklSimulator;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite', 'mirakl_import');
    server = await startTestProcess(database.url);
    simulator = await startSimulator({ newOrderState: 'SHIPPING', overlapSeconds: 60 });
  });
  afterAll(async () => {
    await simulator?.close();
    await server?.close();
    await database?.drop();
  });

  it('imports pages, then re-imports the overlap without storing any order twice', async () => {
    const { stores } = await createCompany(server.services, { name: 'Mirakl seller', stores: ['Mirakl FR'] });
    const channel = await insertChannelRow(server.services, stores[0]!, {
      name: 'Decathlon',
      type: 'mirakl-decathlon',
      settings: { shop_url: simulator.url, order_statuses: ['SHIPPING'] },
    });
    for (let index = 0; index < 12; index += 1) simulator.state.createOrder();
    const { connector } = connectorFor(connectionTo(simulator), { pageSize: 5, pageOverlap: 1 });
    const importPages = async (since: Date | null) => {
      const pages = await downloadAll(connector, since);
      const results = [];
      for (const page of pages) {
        results.push(
          await server.services.orderImport.importBatch(channel.id, page.orders, {
            source: 'Mirakl connector',
          }),
        );
      }
      return { pages, results };
    };

    const first = await importPages(null);
    expect(first.results.reduce((sum, result) => sum + result.created, 0)).toBe(12);
    const watermark = first.pages.at(-1)!.watermark!;

    // Two new orders after the watermark; the overlap brings the twelve old ones back too.
    simulator.state.createOrder();
    simulator.state.createOrder();
    const second = await importPages(watermark);
    const listed = second.pages.flatMap((page) => page.orders);
    expect(listed).toHaveLength(14);
    expect(second.results.reduce((sum, result) => sum + result.created, 0)).toBe(2);
    expect(second.results.reduce((sum, result) => sum + result.unchanged, 0)).toBe(12);
    expect(await server.services.models.Order.count({ where: { channel_id: channel.id } })).toBe(14);
  });
});
