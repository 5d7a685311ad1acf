import { RULE_MESSAGES } from '@syncdesk/contracts';
import { insertChannelRow } from '../../../testing/channel-fixtures';
import { createCompany, type CompanyFixture } from '../../../testing/identity-fixtures';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database';
import { startTestProcess, type TestProcess } from '@syncdesk/server/testing';

const pluginRuleBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Big orders by courier',
  condition_field: 'total_quantity',
  condition_operator: 'greater_than',
  condition_value: '10',
  action_name: 'set_shipping_method',
  action_value: 'DHL Freight',
  execution_step: 2,
  ...overrides,
});

describe('plugin rules (SQLite)', () => {
  let database: TestDatabase;
  let server: TestProcess;
  let alpha: CompanyFixture;
  let beta: CompanyFixture;
  let alphaToken: string;
  let betaToken: string;
  let storeId: number;
  let pluginId: number;
  let base: string;

  const call = async (method: string, path: string, token: string, body?: unknown) => {
    const response = await server.request(method, `/api${path}`, { token, body });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };

  beforeAll(async () => {
    database = await createTestDatabase('sqlite', 'plugin_rules');
    server = await startTestProcess(database.url);
    alpha = await createCompany(server.services, { name: 'Alpha', stores: ['Alpha Main'] });
    beta = await createCompany(server.services, { name: 'Beta', stores: ['Beta Main'] });
    alphaToken = await alpha.tokenFor(alpha.owner);
    betaToken = await beta.tokenFor(beta.owner);
    storeId = alpha.stores[0]!.id;
    const plugin = await insertChannelRow(server.services, alpha.stores[0]!, {
      kind: 'plugin',
      type: 'shipstation',
      name: 'Warehouse',
    });
    pluginId = plugin.id;
    base = `/stores/${storeId}/plugins/${pluginId}/rules`;
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it('creates, lists in execution order, updates, pauses and deletes plugin rules, counting versions', async () => {
    const created = await call('POST', base, alphaToken, pluginRuleBody());
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      plugin_id: pluginId,
      name: 'Big orders by courier',
      condition_value: '10',
      execution_step: 2,
      is_active: true,
      version: 1,
    });
    const id = created.body.data.id as number;
    const first = await call(
      'POST',
      base,
      alphaToken,
      pluginRuleBody({
        name: 'Tag everything',
        condition_field: 'no_condition',
        condition_operator: 'is',
        condition_value: 'x',
        action_name: 'add_tag',
        action_value: 'Warehouse',
        execution_step: 1,
      }),
    );
    expect(first.body.data).toMatchObject({ condition_operator: null, condition_value: null });

    const listed = await call('GET', base, alphaToken);
    expect(listed.body.data.map((rule: { name: string }) => rule.name)).toEqual([
      'Tag everything',
      'Big orders by courier',
    ]);

    const same = await call('PUT', `${base}/${id}`, alphaToken, pluginRuleBody());
    expect(same.body.data.version).toBe(1);
    const updated = await call('PUT', `${base}/${id}`, alphaToken, pluginRuleBody({ condition_value: '20' }));
    expect(updated.body.data).toMatchObject({ condition_value: '20', version: 2 });

    const paused = await call('PUT', `${base}/${id}/status`, alphaToken, { is_active: false });
    expect(paused.body.data).toMatchObject({ is_active: false, version: 3 });
    const badStatus = await call('PUT', `${base}/${id}/status`, alphaToken, { is_active: 'no' });
    expect(badStatus).toMatchObject({
      status: 422,
      body: { errors: { is_active: ['The is active field must be true or false.'] } },
    });
    const missingStatus = await call('PUT', `${base}/${id}/status`, alphaToken, {});
    expect(missingStatus.status).toBe(422);

    expect((await call('DELETE', `${base}/${id}`, alphaToken)).body).toEqual({ data: { id } });
    expect((await call('GET', base, alphaToken)).body.data.map((rule: { id: number }) => rule.id)).toEqual([
      first.body.data.id,
    ]);
    expect((await call('PUT', `${base}/${id}/status`, alphaToken, { is_active: true })).status).toBe(404);
  });

  it('checks values when saved', async () => {
    const badCountry = await call(
      'POST',
      base,
      alphaToken,
      pluginRuleBody({
        condition_field: 'invoice_country',
        condition_operator: 'is',
        condition_value: 'Deutschland',
      }),
    );
    expect(badCountry).toMatchObject({
      status: 422,
      body: { errors: { condition_value: [RULE_MESSAGES.notACountry('Invoice country ISO code')] } },
    });
    const badMultiplier = await call(
      'POST',
      base,
      alphaToken,
      pluginRuleBody({ action_name: 'multiply_line_item_quantity', action_value: '1' }),
    );
    expect(badMultiplier).toMatchObject({
      status: 422,
      body: { errors: { action_value: [RULE_MESSAGES.multiplier] } },
    });
  });

  it('answers 404 for a connection that is not a plugin, and for another company', async () => {
    const channel = await insertChannelRow(server.services, alpha.stores[0]!, { name: 'Shopify UK' });
    expect((await call('GET', `/stores/${storeId}/plugins/${channel.id}/rules`, alphaToken)).status).toBe(
      404,
    );
    expect(
      (await call('POST', `/stores/${storeId}/plugins/${channel.id}/rules`, alphaToken, pluginRuleBody()))
        .status,
    ).toBe(404);

    const rule = (await call('POST', base, alphaToken, pluginRuleBody({ name: 'Alpha only' }))).body.data as {
      id: number;
    };
    expect((await call('GET', base, betaToken)).status).toBe(404);
    expect((await call('POST', base, betaToken, pluginRuleBody())).status).toBe(404);
    expect((await call('PUT', `${base}/${rule.id}`, betaToken, pluginRuleBody())).status).toBe(404);
    expect((await call('PUT', `${base}/${rule.id}/status`, betaToken, { is_active: false })).status).toBe(
      404,
    );
    expect((await call('DELETE', `${base}/${rule.id}`, betaToken)).status).toBe(404);
    // Beta's own plugin does not open Alpha's rule either.
    const betaPlugin = await insertChannelRow(server.services, beta.stores[0]!, {
      kind: 'plugin',
      type: 'shipstation',
    });
    const betaPath = `/stores/${beta.stores[0]!.id}/plugins/${betaPlugin.id}/rules/${rule.id}`;
    expect((await call('DELETE', betaPath, betaToken)).status).toBe(404);
    expect(await server.services.models.PluginRule.count({ where: { id: rule.id } })).toBe(1);

    const { token } = await alpha.memberWithToken(['channels.read']);
    expect((await call('GET', base, token)).status).toBe(200);
    expect((await call('POST', base, token, pluginRuleBody())).status).toBe(403);
  });
});
