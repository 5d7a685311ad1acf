import type { RuleEvaluation } from '@syncdesk/contracts';
import { createCompany, type CompanyFixture } from '../../../testing/identity-fixtures';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database';
import { startTestProcess, type TestProcess } from '@syncdesk/server/testing';

describe('rule-engine logs (SQLite)', () => {
  let database: TestDatabase;
  let server: TestProcess;
  let alpha: CompanyFixture;
  let beta: CompanyFixture;
  let alphaToken: string;
  let betaToken: string;
  const ids: Record<string, number> = {};

  const call = async (path: string, token: string) => {
    const response = await server.request('GET', `/api${path}`, { token });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };
  const references = async (query: string, token = alphaToken) =>
    ((await call(`/logs/ruleEngineLogs${query}`, token)).body.data as { data_reference: string }[]).map(
      (log) => log.data_reference,
    );

  const evaluation = (ruleId: number, matched: boolean): RuleEvaluation => ({
    rule_id: ruleId,
    rule_version: 1,
    rule_name: 'EU orders',
    matched,
    skipped: null,
    groups: [
      {
        match: 'all',
        held: matched,
        conditions: [
          {
            field: 'shipping_country',
            operator: 'is',
            value: 'DE',
            actual: matched ? 'DE' : 'FR',
            held: matched,
          },
        ],
      },
    ],
    actions: matched
      ? [{ action: 'add_tag', value: 'EU', changed: true, before: null, after: 'EU', note: null }]
      : [],
  });

  async function insertLog(
    key: string,
    company: CompanyFixture,
    store: number,
    values: {
      rule_id: number;
      order_id: number;
      trigger_type: string;
      matched: boolean;
      made_changes: boolean;
      message: string;
    },
    at: Date,
  ) {
    const row = await server.services.models.RuleEngineLog.create({
      company_id: company.company.id,
      store_id: store,
      plugin_rule_id: null,
      plugin_id: null,
      rule_version: 1,
      rule_engine_name: key.startsWith('beta') ? 'Beta rule' : 'EU orders',
      data_reference: key,
      content: evaluation(values.rule_id, values.matched),
      run_id: null,
      created_at: at,
      ...values,
    });
    ids[key] = Number(row.id);
  }

  beforeAll(async () => {
    database = await createTestDatabase('sqlite', 'rule_logs');
    server = await startTestProcess(database.url);
    alpha = await createCompany(server.services, { name: 'Alpha', stores: ['Alpha Main', 'Alpha Outlet'] });
    beta = await createCompany(server.services, { name: 'Beta', stores: ['Beta Main'] });
    alphaToken = await alpha.tokenFor(alpha.owner);
    betaToken = await beta.tokenFor(beta.owner);
    const [main, outlet] = [alpha.stores[0]!.id, alpha.stores[1]!.id];
    const base = Date.UTC(2026, 10, 20, 9, 0, 0);
    const at = (minutes: number) => new Date(base + minutes * 60_000);
    const changed = {
      trigger_type: 'order_imported',
      matched: true,
      made_changes: true,
      message: 'Added the tag EU.',
    };
    const missed = {
      trigger_type: 'order_imported',
      matched: false,
      made_changes: false,
      message: 'Conditions not met.',
    };
    await insertLog('#A-1', alpha, main, { rule_id: 11, order_id: 101, ...changed }, at(1));
    await insertLog('#A-2', alpha, main, { rule_id: 11, order_id: 102, ...missed }, at(2));
    await insertLog(
      '#A-3',
      alpha,
      main,
      { rule_id: 12, order_id: 101, ...changed, trigger_type: 'backfill' },
      at(3),
    );
    await insertLog(
      '#A-4',
      alpha,
      outlet,
      { rule_id: 13, order_id: 201, ...changed, message: 'Set the order type to B2B.' },
      at(4),
    );
    await insertLog('beta-1', beta, beta.stores[0]!.id, { rule_id: 21, order_id: 301, ...changed }, at(5));
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it('lists the logs of the caller’s stores newest first, with each filter', async () => {
    const all = await call('/logs/ruleEngineLogs', alphaToken);
    expect(all.body.meta).toEqual({ total: 4, page: 1, per_page: 25 });
    expect(all.body.data.map((log: { data_reference: string }) => log.data_reference)).toEqual([
      '#A-4',
      '#A-3',
      '#A-2',
      '#A-1',
    ]);
    expect(all.body.data[3]).toEqual({
      id: ids['#A-1'],
      store_id: alpha.stores[0]!.id,
      rule_id: 11,
      rule_version: 1,
      rule_engine_name: 'EU orders',
      data_reference: '#A-1',
      order_id: 101,
      trigger_type: 'order_imported',
      matched: true,
      changed: true,
      message: 'Added the tag EU.',
      created_at: '2026-11-20T09:01:00.000Z',
    });
    expect(await references(`?store_id=${alpha.stores[1]!.id}`)).toEqual(['#A-4']);
    expect(await references('?rule_id=11')).toEqual(['#A-2', '#A-1']);
    expect(await references('?order_id=101')).toEqual(['#A-3', '#A-1']);
    expect(await references('?trigger_type=backfill')).toEqual(['#A-3']);
    expect(await references('?matched=0')).toEqual(['#A-2']);
    expect(await references('?changed=1&rule_id=11')).toEqual(['#A-1']);
    expect(await references('?search=b2b')).toEqual(['#A-4']);
    expect(await references('?search=%25')).toEqual([]);
    const paged = await call('/logs/ruleEngineLogs?per_page=3&page=2', alphaToken);
    expect(paged.body).toMatchObject({
      meta: { total: 4, page: 2, per_page: 3 },
      data: [{ data_reference: '#A-1' }],
    });
    expect((await call('/logs/ruleEngineLogs?per_page=500', alphaToken)).status).toBe(422);
    expect((await call('/logs/ruleEngineLogs?trigger_type=sometimes', alphaToken)).status).toBe(422);
  });

  it('shows a log’s evaluation', async () => {
    const content = await call(`/logs/ruleEngineLogs/${ids['#A-2']}/content`, alphaToken);
    expect(content.status).toBe(200);
    expect(content.body.data).toMatchObject({
      id: ids['#A-2'],
      matched: false,
      message: 'Conditions not met.',
      evaluation: { rule_id: 11, matched: false, groups: [{ conditions: [{ actual: 'FR', held: false }] }] },
    });
  });

  it('keeps each company to its own stores’ logs', async () => {
    expect(await references('', betaToken)).toEqual(['beta-1']);
    expect((await call(`/logs/ruleEngineLogs?store_id=${alpha.stores[0]!.id}`, betaToken)).status).toBe(404);
    expect((await call(`/logs/ruleEngineLogs/${ids['#A-1']}/content`, betaToken)).status).toBe(404);
    expect((await call(`/logs/ruleEngineLogs/${ids['beta-1']}/content`, alphaToken)).status).toBe(404);
    const { token } = await alpha.memberWithToken(['orders.read']);
    expect((await call('/logs/ruleEngineLogs', token)).status).toBe(403);
  });
});
