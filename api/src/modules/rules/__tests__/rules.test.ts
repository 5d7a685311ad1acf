import { RULE_MESSAGES, RULE_SYNC_STATUS_TARGETS, RULE_TRIGGER_EVENTS } from '@syncdesk/contracts';
import { createCompany, type CompanyFixture } from '../../../testing/identity-fixtures';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database';
import { startTestProcess, type TestProcess } from '@syncdesk/server/testing';
import { RULE_STAYS_IN_STORE } from '../rule.service';

const ruleBody = (storeId: number, overrides: Record<string, unknown> = {}) => ({
  store_id: storeId,
  name: 'EU orders',
  data_type: 'order',
  trigger_events: ['order_imported'],
  groups_match: 'all',
  condition_groups: [
    { match: 'all', conditions: [{ field: 'shipping_country', operator: 'is', value: 'DE' }] },
  ],
  actions: [{ action: 'add_tag', value: 'EU' }],
  ...overrides,
});

describe('rule engines (SQLite)', () => {
  let database: TestDatabase;
  let server: TestProcess;
  let alpha: CompanyFixture;
  let beta: CompanyFixture;
  let alphaToken: string;
  let betaToken: string;
  let storeId: number;
  let otherStoreId: number;

  const call = async (method: string, path: string, token: string, body?: unknown) => {
    const response = await server.request(method, `/api${path}`, { token, body });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };
  const create = async (overrides: Record<string, unknown> = {}, store = storeId) => {
    const created = await call('POST', '/rule-engines', alphaToken, ruleBody(store, overrides));
    expect(created.status).toBe(201);
    return created.body.data as { id: number; priority: number };
  };

  beforeAll(async () => {
    database = await createTestDatabase('sqlite', 'rules');
    server = await startTestProcess(database.url);
    alpha = await createCompany(server.services, { name: 'Alpha', stores: ['Alpha Main', 'Alpha Outlet'] });
    beta = await createCompany(server.services, { name: 'Beta', stores: ['Beta Main'] });
    alphaToken = await alpha.tokenFor(alpha.owner);
    betaToken = await beta.tokenFor(beta.owner);
    storeId = alpha.stores[0]!.id;
    otherStoreId = alpha.stores[1]!.id;
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it('creates, shows, lists, updates with a new version, toggles and deletes a rule', async () => {
    const created = await call('POST', '/rule-engines', alphaToken, ruleBody(storeId));
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      store_id: storeId,
      store_name: 'Alpha Main',
      name: 'EU orders',
      version: 1,
      priority: 1,
      is_active: true,
      trigger_events_count: 1,
      conditions_count: 1,
      actions_count: 1,
      fired_count: 0,
    });
    const id = created.body.data.id as number;
    const second = await create({
      name: 'Everything',
      condition_groups: [{ match: 'all', conditions: [{ field: 'no_condition' }] }],
      actions: [
        { action: 'set_order_type', value: 'B2B' },
        { action: 'update_order_sync_status', value: RULE_SYNC_STATUS_TARGETS[0] },
      ],
    });
    expect(second).toMatchObject({ priority: 2, conditions_count: 1, actions_count: 2 });
    await create({ name: 'Outlet rule' }, otherStoreId);

    expect((await call('GET', `/rule-engines/${id}`, alphaToken)).body.data).toMatchObject({
      id,
      version: 1,
    });
    const listed = await call('GET', `/rule-engines?store_id=${storeId}`, alphaToken);
    expect(listed.body.meta).toEqual({ total: 2 });
    expect(listed.body.data.map((rule: { name: string }) => rule.name)).toEqual(['EU orders', 'Everything']);
    const everywhere = await call('GET', '/rule-engines', alphaToken);
    expect(everywhere.body.meta.total).toBe(3);
    const searched = await call('GET', `/rule-engines?store_id=${storeId}&search=every`, alphaToken);
    expect(searched.body.data.map((rule: { id: number }) => rule.id)).toEqual([second.id]);

    // Saving the same rule again is no new version.
    const same = await call('PUT', `/rule-engines/${id}`, alphaToken, ruleBody(storeId));
    expect(same.body.data.version).toBe(1);

    const updated = await call(
      'PUT',
      `/rule-engines/${id}`,
      alphaToken,
      ruleBody(storeId, {
        name: 'EU and Swiss orders',
        groups_match: 'all',
        condition_groups: [
          {
            match: 'any',
            conditions: [
              { field: 'shipping_country', operator: 'is', value: 'DE' },
              { field: 'shipping_country', operator: 'is', value: 'CH' },
            ],
          },
        ],
        actions: [
          { action: 'add_tag', value: 'EU' },
          { action: 'set_shipping_method', value: 'DHL Express' },
        ],
      }),
    );
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ version: 2, conditions_count: 2, actions_count: 2 });

    const versions = await call('GET', `/rule-engines/${id}/versions`, alphaToken);
    expect(versions.body.data.map((version: { version: number }) => version.version)).toEqual([2, 1]);
    expect(versions.body.data[0]).toMatchObject({
      saved_by: 'Alpha Owner',
      definition: { id, version: 2, name: 'EU and Swiss orders' },
    });
    expect(versions.body.data[0].changes).toEqual([
      'Renamed the rule from “EU orders” to “EU and Swiss orders”.',
      'Group 1 now combines its conditions with OR (any condition).',
      'Added the condition Shipping country ISO code is CH.',
      'Added the action Set shipping method to DHL Express.',
    ]);
    expect(versions.body.data[1]).toMatchObject({
      changes: ['Created the rule.'],
      definition: { name: 'EU orders' },
    });

    const toggled = await call('PATCH', `/rule-engines/${id}`, alphaToken);
    expect(toggled.body.data.is_active).toBe(false);
    const inactive = await call('GET', `/rule-engines?store_id=${storeId}&is_active=0`, alphaToken);
    expect(inactive.body.data.map((rule: { id: number }) => rule.id)).toEqual([id]);
    expect((await call('PATCH', `/rule-engines/${id}`, alphaToken)).body.data.is_active).toBe(true);

    // Deleting the first closes up the priorities; its versions go, its logs stay.
    await server.services.models.RuleEngineLog.create({
      company_id: alpha.company.id,
      store_id: storeId,
      rule_id: id,
      plugin_rule_id: null,
      plugin_id: null,
      rule_version: 2,
      rule_engine_name: 'EU and Swiss orders',
      data_reference: '#1001',
      order_id: null,
      trigger_type: 'order_imported',
      matched: true,
      made_changes: true,
      message: 'Added the tag EU.',
      content: {
        rule_id: id,
        rule_version: 2,
        rule_name: 'EU and Swiss orders',
        matched: true,
        skipped: null,
        groups: [],
        actions: [],
      },
      run_id: null,
      created_at: new Date(),
    });
    expect((await call('GET', `/rule-engines/${id}`, alphaToken)).body.data.fired_count).toBe(1);
    const removed = await call('DELETE', `/rule-engines/${id}`, alphaToken);
    expect(removed.body).toEqual({ data: { id } });
    expect((await call('GET', `/rule-engines/${id}`, alphaToken)).status).toBe(404);
    // Its versions stay with its logs: the orders' traces read the rule's texts back from them.
    expect(await server.services.models.RuleEngineVersion.count({ where: { rule_id: id } })).toBe(2);
    expect(await server.services.models.RuleEngineLog.count({ where: { rule_id: id } })).toBe(1);
    expect((await call('GET', `/rule-engines/${second.id}`, alphaToken)).body.data.priority).toBe(1);
  });

  it('sorts the rules of a store, and refuses a list that is not every rule once', async () => {
    const store = alpha.stores[1]!;
    const existing = (await call('GET', `/rule-engines?store_id=${store.id}`, alphaToken)).body.data as {
      id: number;
    }[];
    const a = await create({ name: 'Sort A' }, store.id);
    const b = await create({ name: 'Sort B' }, store.id);
    const ids = [...existing.map((rule) => rule.id), a.id, b.id];
    const reversed = [...ids].reverse();
    const sorted = await call('POST', '/sort', alphaToken, { store_id: store.id, sort: reversed });
    expect(sorted.status).toBe(200);
    expect(
      sorted.body.data.map((rule: { id: number; priority: number }) => [rule.id, rule.priority]),
    ).toEqual(reversed.map((id, index) => [id, index + 1]));
    for (const sort of [reversed.slice(1), [...reversed, reversed[0]], [...reversed.slice(1), 999999]]) {
      const refused = await call('POST', '/sort', alphaToken, { store_id: store.id, sort });
      expect(refused).toMatchObject({
        status: 422,
        body: { errors: { sort: [RULE_MESSAGES.sortMismatch] } },
      });
    }
    // A rule of another store is not one of this store's.
    const elsewhere = await create({ name: 'Main rule' });
    const mixed = await call('POST', '/sort', alphaToken, {
      store_id: store.id,
      sort: [...reversed.slice(1), elsewhere.id],
    });
    expect(mixed.status).toBe(422);
  });

  it('answers 422 in the seller’s words for values a rule cannot hold', async () => {
    const post = (overrides: Record<string, unknown>) =>
      call('POST', '/rule-engines', alphaToken, ruleBody(storeId, overrides));
    const badCountry = await post({
      condition_groups: [
        { match: 'all', conditions: [{ field: 'shipping_country', operator: 'is', value: 'Germany' }] },
      ],
    });
    expect(badCountry).toMatchObject({
      status: 422,
      body: {
        errors: {
          'condition_groups.0.conditions.0.value': [RULE_MESSAGES.notACountry('Shipping country ISO code')],
        },
      },
    });
    const wrongOperator = await post({
      condition_groups: [
        { match: 'all', conditions: [{ field: 'total_quantity', operator: 'contains', value: '3' }] },
      ],
    });
    expect(wrongOperator.status).toBe(422);
    expect(wrongOperator.body.errors['condition_groups.0.conditions.0.value']).toEqual([
      RULE_MESSAGES.operatorNotOffered('Total quantity', 'contains'),
    ]);
    const badStatus = await post({
      actions: [{ action: 'update_order_sync_status', value: 'synced_forever' }],
    });
    expect(badStatus).toMatchObject({
      status: 422,
      body: { errors: { 'actions.0.value': [RULE_MESSAGES.statusNotAllowed('synced_forever')] } },
    });
    const rule = await create({ name: 'Stays home' });
    const moved = await call('PUT', `/rule-engines/${rule.id}`, alphaToken, ruleBody(otherStoreId));
    expect(moved).toMatchObject({ status: 422, body: { errors: { store_id: [RULE_STAYS_IN_STORE] } } });
    expect(
      await server.services.models.RuleEngine.count({ where: { name: 'EU orders', store_id: storeId } }),
    ).toBe(0);
  });

  it('lets a member without orders.update read the rules but not change them', async () => {
    const rule = await create({ name: 'Read only here' });
    const { token } = await alpha.memberWithToken(['orders.read']);
    expect((await call('GET', `/rule-engines/${rule.id}`, token)).status).toBe(200);
    expect((await call('GET', `/rule-engines?store_id=${storeId}`, token)).status).toBe(200);
    expect((await call('GET', `/rule-engines/${rule.id}/versions`, token)).status).toBe(200);
    expect((await call('POST', '/rule-engines', token, ruleBody(storeId))).status).toBe(403);
    expect((await call('PUT', `/rule-engines/${rule.id}`, token, ruleBody(storeId))).status).toBe(403);
    expect((await call('PATCH', `/rule-engines/${rule.id}`, token)).status).toBe(403);
    expect((await call('DELETE', `/rule-engines/${rule.id}`, token)).status).toBe(403);
    expect((await call('POST', '/sort', token, { store_id: storeId, sort: [rule.id] })).status).toBe(403);
  });

  it('never shows or changes another company’s rules', async () => {
    const rule = await create({ name: 'Alpha secret rule' });
    for (const [method, path] of [
      ['GET', `/rule-engines/${rule.id}`],
      ['GET', `/rule-engines/${rule.id}/versions`],
      ['PATCH', `/rule-engines/${rule.id}`],
      ['DELETE', `/rule-engines/${rule.id}`],
      ['GET', `/rule-engines?store_id=${storeId}`],
    ] as const)
      expect((await call(method, path, betaToken)).status).toBe(404);
    expect((await call('PUT', `/rule-engines/${rule.id}`, betaToken, ruleBody(storeId))).status).toBe(404);
    expect((await call('POST', '/rule-engines', betaToken, ruleBody(storeId))).status).toBe(404);
    expect((await call('POST', '/sort', betaToken, { store_id: storeId, sort: [rule.id] })).status).toBe(404);
    const betaList = await call('GET', '/rule-engines', betaToken);
    expect(betaList.body).toEqual({ data: [], meta: { total: 0 } });
    expect((await server.services.models.RuleEngine.findByPk(rule.id))?.is_active).toBeTruthy();
  });

  it('serves the editor’s vocabularies', async () => {
    expect((await call('GET', '/trigger-events', alphaToken)).body.data).toEqual(RULE_TRIGGER_EVENTS);
    expect((await call('GET', '/data-types?types[]=order&types[]=invoice', alphaToken)).body.data).toEqual([
      { key: 'order', label: 'Order' },
    ]);
    expect((await call('GET', '/data-types?types[]=invoice', alphaToken)).body.data).toEqual([]);
    expect((await call('GET', '/data-types', alphaToken)).body.data).toEqual([
      { key: 'order', label: 'Order' },
    ]);

    const fields = (await call('GET', '/condition-fields/order', alphaToken)).body.data as {
      key: string;
      type: string;
      operators: { key: string }[];
    }[];
    expect(
      fields.find((field) => field.key === 'total_quantity')?.operators.map((operator) => operator.key),
    ).toEqual([
      'equals',
      'not_equals',
      'less_than',
      'less_than_or_equal',
      'greater_than',
      'greater_than_or_equal',
    ]);
    expect(fields.find((field) => field.key === 'no_condition')?.operators).toEqual([]);
    expect(fields.find((field) => field.key === 'shipping_country')).toMatchObject({
      label: 'Shipping country ISO code',
      type: 'country',
    });

    const actions = (await call('GET', '/actions/order', alphaToken)).body.data as {
      key: string;
      options?: { value: string; label: string }[];
    }[];
    const status = actions.find((action) => action.key === 'update_order_sync_status');
    expect(status?.options?.map((option) => option.value)).toEqual([...RULE_SYNC_STATUS_TARGETS]);
    expect(status?.options?.every((option) => option.label && option.label !== option.value)).toBe(true);
    expect(actions.find((action) => action.key === 'add_tag')?.options).toBeUndefined();

    expect((await call('GET', '/condition-fields/invoice', alphaToken)).status).toBe(404);
    expect((await call('GET', '/actions/invoice', alphaToken)).status).toBe(404);
  });
});
