import { randomUUID } from 'node:crypto';
import { Op } from 'sequelize';
import { SUCCESS_MESSAGES } from '@syncdesk/contracts';
import { createCompany, type CompanyFixture } from '../../../testing/identity-fixtures';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../../testing/test-database';
import { startTestProcess, type TestProcess } from '@syncdesk/server/testing';
import {
  finishedTransfer,
  progressListener,
  transferClient,
  type ProgressListener,
} from './transfer-test-kit';

/**
 * What the seller is told about an export: the start answer says where the file will appear, and
 * the end (notification and e-mail) counts the rows the file holds, however few.
 */
describe.each(TEST_DIALECTS)('the end of an export, as the seller is told (%s)', (dialect) => {
  let database: TestDatabase;
  let server: TestProcess;
  let alpha: CompanyFixture;
  let ownerToken: string;
  let listener: ProgressListener;
  let client: ReturnType<typeof transferClient>;

  beforeAll(async () => {
    database = await createTestDatabase(dialect, 'transfer_notice');
    server = await startTestProcess(database.url);
    client = transferClient(server);
    alpha = await createCompany(server.services, { name: 'Alpha', stores: ['Alpha UK'] });
    ownerToken = await alpha.tokenFor(alpha.owner);
    listener = await progressListener(server, ownerToken);
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it('says where the file will appear, and counts the rows of a small file in the notification and the e-mail', async () => {
    const store = alpha.stores[0]!;
    const base = { company_id: store.company_id, store_id: store.id, nominal_code: null, barcode: null };
    for (const sku of ['MUG-1', 'MUG-2', 'TEA-1']) {
      await server.services.models.Product.create({
        ...base,
        uuid: randomUUID(),
        sku,
        title: sku,
        price: '2.50',
      });
    }

    const started = await client.call('POST', `/products/${store.id}/export/csv`, ownerToken, {});
    expect(started.body.message).toBe(SUCCESS_MESSAGES.exportStarted);
    expect(started.body.message).toContain('in your notifications');
    // Three rows are far below the progress thresholds: the figure saved mid-run was still 0.
    const transfer = await finishedTransfer(started, listener);
    expect(transfer._event).toMatchObject({ status: 'done', rowsDone: 3 });

    const link = `/products/${store.id}?transfer=${transfer.uuid}`;
    const notification = await server.services.models.Notification.findOne({
      where: { user_id: alpha.owner.id, link },
    });
    expect(notification).toMatchObject({
      title: 'Export ready',
      message: 'Your products export (3 rows, CSV) is ready to download.',
    });
    const mail = await server.services.models.OutboxEmail.findOne({
      where: { to_address: alpha.owner.email, text_body: { [Op.like]: `%${transfer.uuid}%` } },
    });
    expect(mail).toMatchObject({ subject: 'Your products export is ready' });
    expect(mail!.text_body).toContain('(3 rows, CSV)');
    expect(mail!.text_body).toContain(link);
  });
});
