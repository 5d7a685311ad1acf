import { createOrderImportService } from '@syncdesk/api';
import {
  createCompany,
  createTestDatabase,
  insertChannelRow,
  type CompanyFixture,
  type TestDatabase,
} from '@syncdesk/api/testing';
import { startTestProcess, type TestProcess } from '@syncdesk/server/testing';
import type { JobContext } from '../../job-definition';
import { JOB_DEFINITIONS } from '../../index';
import { rulesReleaseHeldJob } from '../release-held.job';
import { rulesRunJob } from '../rules-run.job';

const silent = { info: () => undefined, error: () => undefined };

/** The rules jobs over a real process (SQLite): the sweep of orders left in 15, a run to its end. */
describe('rules jobs', () => {
  let database: TestDatabase;
  let server: TestProcess;
  let alpha: CompanyFixture;
  let context: JobContext;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite', 'rules_jobs');
    server = await startTestProcess(database.url);
    alpha = await createCompany(server.services, { name: 'Alpha', stores: ['Alpha UK'] });
    context = { services: server.services, logger: silent };
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it('are registered with the worker', () => {
    const names = JOB_DEFINITIONS.map((definition) => definition.name);
    expect(names).toEqual(expect.arrayContaining(['rules.run', 'rules.release_held']));
  });

  it('releases orders left waiting for their import rules, then runs a queued run once', async () => {
    const { models } = server.services;
    const store = alpha.stores[0]!;
    const rule = await models.RuleEngine.create({
      company_id: store.company_id,
      store_id: store.id,
      name: 'Tag all',
      data_type: 'order',
      priority: 1,
      is_active: true,
      version: 1,
      definition: {
        trigger_events: ['order_imported'],
        groups_match: 'all',
        condition_groups: [
          { match: 'all', conditions: [{ field: 'no_condition', operator: null, value: null }] },
        ],
        actions: [{ action: 'add_tag', value: 'SEEN' }],
      },
      trigger_events_count: 1,
      conditions_count: 1,
      actions_count: 1,
      created_by: null,
    });
    const channel = await insertChannelRow(server.services, store, { name: 'Shop' });
    // An order an earlier version stored waiting in 15 for rules it ran after its commit (it died first).
    const importer = createOrderImportService({
      sequelize: server.services.sequelize,
      models,
      publish: () => undefined,
      stock: server.services.stock,
    });
    const result = await importer.importBatch(channel.id, [
      {
        remote_id: 'R1',
        order_number: 'R1',
        status: 'Unshipped',
        currency: 'GBP',
        total: '10.00',
        order_date: '2026-11-20T10:00:00Z',
        customer: { name: 'Ada', email: null, phone: null, remote_id: null },
        lines: [{ remote_id: 'L1', sku: 'MUG', title: 'Mug', quantity: 1, price: '10.00' }],
      },
    ]);
    await models.Order.update(
      { sync_status: 15, held_sync_status: 0 },
      { where: { id: result.orderIds[0]! } },
    );
    const orderId = result.orderIds[0]!;
    expect((await models.Order.findByPk(orderId))!.sync_status).toBe(15);
    // Younger than the grace period: left alone (its import may still be running its rules).
    await rulesReleaseHeldJob.handler({}, context);
    expect((await models.Order.findByPk(orderId))!.sync_status).toBe(15);
    await server.services.sequelize.query('UPDATE orders SET updated_at = ? WHERE id = ?', {
      replacements: [new Date(Date.now() - 60_000), orderId],
    });
    await rulesReleaseHeldJob.handler({}, context);
    const released = (await models.Order.findByPk(orderId))!;
    expect([released.sync_status, released.held_sync_status, released.tags]).toEqual([0, null, ['SEEN']]);

    const run = await models.RuleRun.create({
      company_id: store.company_id,
      store_id: store.id,
      kind: 'backfill',
      rule_id: rule.id,
      status: 'queued',
      selection: { filters: {} },
      total: 1,
      done: 0,
      changed_count: 0,
      failed: 0,
      message: null,
      created_by: null,
      finished_at: null,
    });
    await rulesRunJob.handler({ runId: run.id }, context);
    await run.reload();
    // The backfill is its own trigger: the rule runs, the tag is there already.
    expect([run.status, run.done, run.changed_count, run.message]).toEqual([
      'finished',
      1,
      0,
      'Changed 0 of 1 orders.',
    ]);
    await rulesRunJob.handler({ runId: run.id }, context);
    expect(await models.RuleEngineLog.count({ where: { order_id: orderId, trigger_type: 'backfill' } })).toBe(
      1,
    );
  });
});
