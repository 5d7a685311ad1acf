import { createCompany, type CompanyFixture } from '../../../testing/identity-fixtures';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database';
import { readJson, startTestProcess, type TestProcess } from '@syncdesk/server/testing';
import { toAccountDto } from '../account.mapper';

const MANAGE_URL = 'https://billing.example.test/manage';

describe('account derivation', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const noPlan = { account_status: 1, plan_name: null, credit: null, trial_ends_at: null };

  it('counts the trial down in days, hours and minutes', () => {
    const endsAt = new Date(now.getTime() + ((2 * 24 + 5) * 60 + 7) * 60_000 + 30_000);
    expect(toAccountDto({ ...noPlan, trial_ends_at: endsAt }, MANAGE_URL, now)).toEqual({
      status: 1,
      has_plan: false,
      plan_name: null,
      credit: null,
      expired_date: { days: 2, hours: 5, minutes: 7 },
      manage_url: MANAGE_URL,
    });
  });

  it('is limited once the trial has passed without a plan, and a plan always wins', () => {
    const passed = new Date(now.getTime() - 1000);
    expect(toAccountDto({ ...noPlan, trial_ends_at: passed }, MANAGE_URL, now).status).toBe(4);
    expect(toAccountDto({ ...noPlan, account_status: 4 }, MANAGE_URL, now).status).toBe(4);
    expect(
      toAccountDto({ ...noPlan, trial_ends_at: passed, plan_name: 'Growth', credit: 12.5 }, MANAGE_URL, now),
    ).toMatchObject({ status: 3, has_plan: true, plan_name: 'Growth', credit: 12.5, expired_date: null });
    expect(toAccountDto({ ...noPlan, account_status: 3 }, MANAGE_URL, now)).toMatchObject({
      status: 3,
      has_plan: false,
    });
  });
});

describe('accounts system (MySQL)', () => {
  let database: TestDatabase;
  let server: TestProcess;
  let seller: CompanyFixture;
  let sellerToken: string;
  let adminToken: string;

  beforeAll(async () => {
    database = await createTestDatabase('mysql', 'accounts');
    server = await startTestProcess(database.url, { PLAN_MANAGE_URL: MANAGE_URL });
    seller = await createCompany(server.services, { name: 'Seller' });
    const operations = await createCompany(server.services, { name: 'Operations', administrator: true });
    sellerToken = await seller.tokenFor(seller.owner);
    adminToken = await operations.tokenFor(operations.owner);
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  const call = async (method: string, path: string, token: string, body?: unknown) => {
    const response = await server.request(method, `/api${path}`, { token, body });
    return { status: response.status, body: await readJson(response) };
  };
  const account = async () => (await call('GET', '/accounts-system/company', sellerToken)).body.data;
  const setPlan = (status: string, token = adminToken) =>
    call('POST', `/accounts-system/set-plan/${seller.company.id}`, token, { status });

  it('answers the manage url and the current company account', async () => {
    expect((await call('GET', '/accounts-system/manage-url', sellerToken)).body).toEqual({
      data: { url: MANAGE_URL },
    });
    expect(await account()).toEqual({
      status: 3,
      has_plan: false,
      plan_name: null,
      credit: null,
      expired_date: null,
      manage_url: MANAGE_URL,
    });
  });

  it('starts a trial with create-account, which turns limited once it has passed', async () => {
    const created = await call('POST', `/accounts-system/create-account/${seller.company.id}`, adminToken);
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      status: 1,
      has_plan: false,
      expired_date: { days: 13, hours: 23 },
    });
    await server.services.models.Company.update(
      { trial_ends_at: new Date(Date.now() - 60_000) },
      { where: { id: seller.company.id } },
    );
    expect(await account()).toMatchObject({ status: 4, has_plan: false, expired_date: null });
    // The company list carries the same account.
    const listed = await call('GET', '/companies', sellerToken);
    expect(listed.body.data[0].account.status).toBe(4);
  });

  it('applies every plan action', async () => {
    const forced = await setPlan('force_plan');
    expect(forced).toMatchObject({
      status: 200,
      body: { data: { status: 3, has_plan: true, plan_name: 'Forced plan', credit: 0 } },
    });
    expect((await call('GET', `/companies/${seller.company.id}`, sellerToken)).body.data.plan_name).toBe(
      'Forced plan',
    );

    // Remaining credit is kept when a plan is forced again.
    await server.services.models.Company.update({ credit: 12.5 }, { where: { id: seller.company.id } });
    expect((await setPlan('force_plan')).body.data.credit).toBe(12.5);

    expect((await setPlan('free_plan')).body.data).toMatchObject({
      status: 3,
      has_plan: false,
      plan_name: null,
      credit: null,
      expired_date: null,
    });
    expect(await account()).toMatchObject({ status: 3, has_plan: false });

    expect((await setPlan('trial_plan')).body.data).toMatchObject({ status: 1, expired_date: { days: 13 } });
    expect(await account()).toMatchObject({ status: 1 });

    const events = await server.services.models.Activity.findAll({
      where: { company_id: seller.company.id, event: 'company.plan_changed' },
    });
    expect(events.length).toBeGreaterThanOrEqual(5);
  });

  it('refuses bad actions, unknown companies and non-administrators', async () => {
    expect(await setPlan('gold_plan')).toMatchObject({
      status: 422,
      body: { errors: { status: ['The status must be one of: force_plan, free_plan, trial_plan.'] } },
    });
    expect(
      (await call('POST', '/accounts-system/set-plan/999999', adminToken, { status: 'free_plan' })).status,
    ).toBe(404);
    expect((await setPlan('free_plan', sellerToken)).status).toBe(403);
    expect(
      (await call('POST', `/accounts-system/create-account/${seller.company.id}`, sellerToken)).status,
    ).toBe(403);
  });
});
