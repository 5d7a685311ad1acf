import { PRODUCT_TRANSFER_COLUMNS } from '@syncdesk/contracts';
import { createCompany } from '../../../testing/identity-fixtures';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database';
import { startTestProcess, type TestProcess } from '@syncdesk/server/testing';
import { csvOf, finishedTransfer, progressListener, readCsv, transferClient } from './transfer-test-kit';

/** The embedded default: an import and an export run end to end on SQLite. */
describe('product imports and exports (sqlite smoke)', () => {
  let database: TestDatabase;
  let server: TestProcess;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite', 'transfers');
    server = await startTestProcess(database.url);
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it('imports a CSV with a kit and a bad row, then exports it back', async () => {
    const alpha = await createCompany(server.services, { name: 'Alpha', stores: ['Alpha UK'] });
    const store = alpha.stores[0]!;
    const token = await alpha.tokenFor(alpha.owner);
    const listener = await progressListener(server, token);
    const client = transferClient(server);

    const file = csvOf([
      ['sku', 'title', 'type', 'quantity', 'price', 'kit_items'],
      ['KIT-1', 'Pair', 'kit', '', '10', 'A-1:2'],
      ['A-1', 'Part', 'product', 7, '2.5', ''],
      ['B-1', 'Bad', 'product', -1, '', ''],
    ]);
    const imported = await finishedTransfer(
      await client.upload(`/products/${store.id}/import`, token, file, 'p.csv'),
      listener,
    );
    expect(imported._event).toMatchObject({ status: 'done', rowsDone: 2, rowsFailed: 1 });

    const exported = await finishedTransfer(
      await client.call('POST', `/products/${store.id}/export/csv?sort_by=sku`, token, {}),
      listener,
    );
    const download = await client.fetchFile(`/fileTransfers/${store.id}/${exported.uuid}/download`, token);
    const rows = readCsv(download.bytes);
    expect(rows[0]).toEqual([...PRODUCT_TRANSFER_COLUMNS]);
    expect(rows.slice(1).sort((a, b) => a[0]!.localeCompare(b[0]!))).toEqual([
      ['A-1', 'Part', 'product', '7', '2.50', '', '', 'yes', ''],
      ['KIT-1', 'Pair', 'kit', '', '10.00', '', '', 'yes', 'A-1:2'],
    ]);
  });
});
