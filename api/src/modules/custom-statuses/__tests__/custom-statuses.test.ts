import { randomUUID } from 'node:crypto';
import { CUSTOM_STATUS_TAKEN, ERROR_MESSAGES } from '@syncdesk/contracts';
import type { Services } from '../../../services';
import { createCompany, type CompanyFixture } from '../../../testing/identity-fixtures';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../../testing/test-database';
import { startTestProcess, type TestProcess } from '@syncdesk/server/testing';

/** A sales channel row made straight in the table: these tests don't depend on the channel service. */
function addChannel(
  services: Services,
  storeId: number,
  companyId: number,
  kind: 'channel' | 'plugin' = 'channel',
) {
  return services.models.Channel.create({
    uuid: randomUUID(),
    company_id: companyId,
    store_id: storeId,
    kind,
    type: kind === 'channel' ? 'shopify' : 'mintsoft',
    name: kind === 'channel' ? 'Shopify UK' : 'Warehouse',
    account_nominal_code: null,
    api_version: null,
    settings: {},
    credentials: null,
    authorized_at: null,
    token_expires_at: null,
  });
}

describe.each(TEST_DIALECTS)('custom order statuses (%s)', (dialect) => {
  let database: TestDatabase;
  let server: TestProcess;
  let alpha: CompanyFixture;
  let beta: CompanyFixture;
  let alphaToken: string;
  let betaToken: string;
  let storeId: number;
  let channelId: number;
  let base: string;

  beforeAll(async () => {
    database = await createTestDatabase(dialect, 'statuses');
    server = await startTestProcess(database.url);
    alpha = await createCompany(server.services, { name: 'Alpha', stores: ['Alpha Main', 'Alpha Outlet'] });
    beta = await createCompany(server.services, { name: 'Beta', stores: ['Beta Main'] });
    alphaToken = await alpha.tokenFor(alpha.owner);
    betaToken = await beta.tokenFor(beta.owner);
    storeId = alpha.stores[0]!.id;
    channelId = (await addChannel(server.services, storeId, alpha.company.id)).id;
    base = `/stores/${storeId}/channels/${channelId}/customOrderStatuses`;
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  const call = async (method: string, path: string, token: string, body?: unknown) => {
    const response = await server.request(method, `/api${path}`, { token, body });
    const text = await response.text();
    return { status: response.status, text, body: text ? JSON.parse(text) : null };
  };

  it('creates, shows, lists, updates and deletes statuses, refusing a duplicate', async () => {
    const created = await call('POST', base, alphaToken, {
      custom_status: ' awaiting_pickup ',
      friendly_status: 'Awaiting pickup',
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      custom_status: 'awaiting_pickup',
      friendly_status: 'Awaiting pickup',
    });
    const id = created.body.data.id as number;
    await call('POST', base, alphaToken, { custom_status: 'backorder', friendly_status: 'Back order' });

    const duplicate = await call('POST', base, alphaToken, {
      custom_status: 'Awaiting_Pickup',
      friendly_status: 'Again',
    });
    expect(duplicate).toMatchObject({
      status: 422,
      body: { errors: { custom_status: [CUSTOM_STATUS_TAKEN] } },
    });

    const listed = await call('GET', base, alphaToken);
    expect(listed.body.meta.total).toBe(2);
    expect(listed.body.data.map((row: { custom_status: string }) => row.custom_status)).toEqual([
      'awaiting_pickup',
      'backorder',
    ]);
    expect((await call('GET', `${base}?search=back`, alphaToken)).body.meta.total).toBe(1);
    expect((await call('GET', `${base}/${id}`, alphaToken)).body.data.friendly_status).toBe(
      'Awaiting pickup',
    );

    const renamed = await call('PUT', `${base}/${id}`, alphaToken, { friendly_status: 'Ready to collect' });
    expect(renamed.body.data).toMatchObject({
      custom_status: 'awaiting_pickup',
      friendly_status: 'Ready to collect',
    });
    const clash = await call('PUT', `${base}/${id}`, alphaToken, { custom_status: 'backorder' });
    expect(clash.body.errors).toEqual({ custom_status: [CUSTOM_STATUS_TAKEN] });
    // Its own text again is no clash.
    expect(
      (await call('PUT', `${base}/${id}`, alphaToken, { custom_status: 'awaiting_pickup' })).status,
    ).toBe(200);

    const invalid = await call('POST', base, alphaToken, {
      custom_status: '',
      friendly_status: 'x'.repeat(121),
    });
    expect(invalid.body.errors).toEqual({
      custom_status: ['The custom status field is required.'],
      friendly_status: ['The friendly status may not be greater than 120 characters.'],
    });

    expect((await call('DELETE', `${base}/${id}`, alphaToken)).status).toBe(204);
    expect((await call('GET', `${base}/${id}`, alphaToken)).status).toBe(404);
    expect((await call('DELETE', `${base}/${id}`, alphaToken)).status).toBe(404);

    const events = await server.services.models.Activity.findAll({
      where: { subject_type: 'custom_order_status', subject_id: id },
      order: [['id', 'ASC']],
    });
    expect(events.map((activity) => activity.event)).toEqual([
      'custom_order_status.created',
      'custom_order_status.updated',
      'custom_order_status.deleted',
    ]);
  });

  it("answers the spec's text when a delete fails", async () => {
    const created = await call('POST', base, alphaToken, {
      custom_status: 'stuck',
      friendly_status: 'Stuck',
    });
    const spy = jest
      .spyOn(server.services.models.CustomOrderStatus.prototype, 'destroy')
      .mockRejectedValueOnce(new Error('lock wait timeout'));
    try {
      const failed = await call('DELETE', `${base}/${created.body.data.id}`, alphaToken);
      expect(failed).toMatchObject({
        status: 500,
        body: { message: ERROR_MESSAGES.deleteCustomOrderStatusError },
      });
    } finally {
      spy.mockRestore();
    }
    expect((await call('GET', `${base}/${created.body.data.id}`, alphaToken)).status).toBe(200);
  });

  it('answers 404 for a channel of another store, company or kind', async () => {
    const created = await call('POST', base, alphaToken, {
      custom_status: 'hidden',
      friendly_status: 'Alpha only',
    });
    const id = created.body.data.id as number;
    const outlet = alpha.stores[1]!;
    const plugin = await addChannel(server.services, storeId, alpha.company.id, 'plugin');
    const betaChannel = await addChannel(server.services, beta.stores[0]!.id, beta.company.id);
    for (const path of [
      `/stores/${outlet.id}/channels/${channelId}/customOrderStatuses`,
      `/stores/${storeId}/channels/${plugin.id}/customOrderStatuses`,
      `/stores/${beta.stores[0]!.id}/channels/${betaChannel.id}/customOrderStatuses/${id}`,
    ]) {
      expect((await call('GET', path, alphaToken)).status).toBe(404);
    }
    for (const [method, path, body] of [
      ['GET', base],
      ['POST', base, { custom_status: 'beta', friendly_status: 'Beta' }],
      ['GET', `${base}/${id}`],
      ['PUT', `${base}/${id}`, { friendly_status: 'Taken' }],
      ['DELETE', `${base}/${id}`],
    ] as const) {
      const response = await call(method, path, betaToken, body);
      expect(response.status).toBe(404);
      expect(response.text).not.toContain('Alpha only');
    }
  });

  it('needs channels.read to read and channels.update to change', async () => {
    const reader = await alpha.tokenFor(await alpha.addMember(['channels.read']));
    expect((await call('GET', base, reader)).status).toBe(200);
    expect((await call('POST', base, reader, { custom_status: 'x', friendly_status: 'X' })).status).toBe(403);
    const editor = await alpha.tokenFor(await alpha.addMember(['channels.update']));
    expect((await call('GET', base, editor)).status).toBe(403);
    expect((await call('POST', base, editor, { custom_status: 'x', friendly_status: 'X' })).status).toBe(201);
  });
});
