import type { NotificationCreatedEvent, NotificationDto } from '@syncdesk/contracts';
import type { User } from '../../../db/models';
import { createCompany, type CompanyFixture } from '../../../testing/identity-fixtures';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../../testing/test-database';
import { connected, nextEvent, readJson, startTestProcess, type TestProcess } from '@syncdesk/server/testing';

describe.each(TEST_DIALECTS)('in-app notifications (%s)', (dialect) => {
  let database: TestDatabase;
  let server: TestProcess;
  let alpha: CompanyFixture;
  let beta: CompanyFixture;
  let member: User;
  let ownerToken: string;
  let memberToken: string;

  beforeAll(async () => {
    database = await createTestDatabase(dialect, 'notifications');
    server = await startTestProcess(database.url);
    alpha = await createCompany(server.services, { name: 'Alpha', stores: ['Alpha UK'] });
    beta = await createCompany(server.services, { name: 'Beta', stores: ['Beta Main'] });
    // No permissions at all: notifications need none.
    member = await alpha.addMember([]);
    ownerToken = await alpha.tokenFor(alpha.owner);
    memberToken = await alpha.tokenFor(member);
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  const call = async (method: string, path: string, token: string, body?: unknown) => {
    const response = await server.request(method, `/api${path}`, { token, body });
    return { status: response.status, body: await readJson(response) };
  };
  const notify = (user: User, title: string, overrides: { companyId?: number | null; level?: number } = {}) =>
    server.services.notifications.notify({
      userId: user.id,
      companyId: overrides.companyId === undefined ? alpha.company.id : overrides.companyId,
      level: overrides.level ?? 0,
      title,
      message: `${title}: 10 rows imported.`,
      link: `/products/${alpha.stores[0]!.id}?transfer=abc`,
    });
  const titles = (body: { data: NotificationDto[] }) => body.data.map((row) => row.title);
  const statusOf = async (id: number) => (await server.services.models.Notification.findByPk(id))?.status;

  it("tells only the recipient's open pages that a notification was stored", async () => {
    const ownerSocket = server.connect(ownerToken);
    const memberSocket = server.connect(memberToken);
    await Promise.all([connected(ownerSocket), connected(memberSocket)]);
    const ownerEvent = nextEvent<NotificationCreatedEvent>(ownerSocket, 'notification:created');
    const memberEvent = nextEvent<NotificationCreatedEvent>(memberSocket, 'notification:created');

    const forOwner = await notify(alpha.owner, 'Export ready', { level: 2 });
    // Published after the owner's: had the member's page heard the owner's, it would come first.
    const forMember = await notify(member, 'Import finished');

    expect(await ownerEvent).toEqual({ notificationId: forOwner.id, level: 2 });
    expect(await memberEvent).toEqual({ notificationId: forMember.id, level: 0 });
    expect(forOwner).toMatchObject({ status: 0, level: 2, title: 'Export ready', link: expect.any(String) });
    expect(await server.services.models.Notification.findByPk(forOwner.id)).toMatchObject({
      user_id: alpha.owner.id,
      company_id: alpha.company.id,
      message: 'Export ready: 10 rows imported.',
    });
  });

  it('refuses links that leave the app, and keeps long titles within the column', async () => {
    const base = { userId: member.id, companyId: alpha.company.id, level: 0, message: 'x' };
    await expect(
      server.services.notifications.notify({ ...base, title: 'Bad', link: 'https://evil.test/x' }),
    ).rejects.toThrow('not an in-app path');
    await expect(
      server.services.notifications.notify({ ...base, title: 'Bad', link: '//evil.test/x' }),
    ).rejects.toThrow('not an in-app path');
    await expect(server.services.notifications.notify({ ...base, title: 'Bad', level: 7 })).rejects.toThrow(
      'not a notification level',
    );
    const long = await server.services.notifications.notify({ ...base, title: 'T'.repeat(300) });
    expect(long.title).toHaveLength(190);
    expect(long.link).toBeNull();
    await server.services.models.Notification.destroy({ where: { id: long.id } });
  });

  it("lists the caller's own unread notifications newest first, all but dismissed with show_all, and counts the unread", async () => {
    const user = await alpha.addMember([]);
    const token = await alpha.tokenFor(user);
    const first = await notify(user, 'First');
    const second = await notify(user, 'Second');
    const third = await notify(user, 'Third');
    const platformWide = await notify(user, 'No company', { companyId: null });
    // Someone else's, and the same user's in another company: neither is listed here.
    await notify(member, 'Not mine');
    await notify(user, 'Other company', { companyId: beta.company.id });
    await server.services.models.Notification.update({ status: 1 }, { where: { id: second.id } });
    await server.services.models.Notification.update({ status: 2 }, { where: { id: third.id } });

    const unread = await call('GET', '/notifications', token);
    expect(unread.status).toBe(200);
    expect(titles(unread.body)).toEqual(['No company', 'First']);
    expect(unread.body.meta).toEqual({ total: 2 });
    const all = await call('GET', '/notifications?show_all=1', token);
    expect(titles(all.body)).toEqual(['No company', 'Second', 'First']);
    expect(all.body.data[1]).toEqual({
      id: second.id,
      level: 0,
      status: 1,
      title: 'Second',
      message: 'Second: 10 rows imported.',
      link: `/products/${alpha.stores[0]!.id}?transfer=abc`,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const one = await call('GET', `/notifications?show_all=1&id[eq]=${first.id}`, token);
    expect(titles(one.body)).toEqual(['First']);
    const paged = await call('GET', '/notifications?show_all=1&per_page=1&page=2', token);
    expect(paged.body).toMatchObject({ meta: { total: 3 }, data: [{ id: second.id }] });
    expect((await call('GET', '/notifications?status[eq]=2', token)).status).toBe(422);

    expect((await call('GET', '/notifications/stats', token)).body).toEqual({ data: { unread: 2 } });
    expect(platformWide.id).toBeGreaterThan(first.id);
  });

  it("marks read and dismisses the caller's own notifications, by id or all, and only ever forward", async () => {
    const user = await alpha.addMember([]);
    const token = await alpha.tokenFor(user);
    const [a, b, c] = [await notify(user, 'A'), await notify(user, 'B'), await notify(user, 'C')];
    const othersOwn = await notify(member, 'Member only');
    const otherCompany = await notify(user, 'Beta', { companyId: beta.company.id });

    const read = await call('PUT', '/notifications/bulk-update', token, {
      ids: [a.id, othersOwn.id, otherCompany.id],
      status: 1,
    });
    expect(read).toEqual({ status: 200, body: { data: { updated: 1 } } });
    expect([await statusOf(a.id), await statusOf(othersOwn.id), await statusOf(otherCompany.id)]).toEqual([
      1, 0, 0,
    ]);

    const dismissed = await call('PUT', '/notifications/bulk-update', token, { ids: [b.id], status: 2 });
    expect(dismissed.body).toEqual({ data: { updated: 1 } });
    // Marking a dismissed one read would bring it back: it stays dismissed.
    const back = await call('PUT', '/notifications/bulk-update', token, { ids: [b.id], status: 1 });
    expect(back.body).toEqual({ data: { updated: 0 } });
    expect(await statusOf(b.id)).toBe(2);

    const allRead = await call('PUT', '/notifications/bulk-update', token, { all: true, status: 1 });
    expect(allRead.body).toEqual({ data: { updated: 1 } });
    expect([await statusOf(a.id), await statusOf(b.id), await statusOf(c.id)]).toEqual([1, 2, 1]);
    expect((await call('GET', '/notifications/stats', token)).body).toEqual({ data: { unread: 0 } });

    const allDismissed = await call('PUT', '/notifications/bulk-update', token, { all: true, status: 2 });
    expect(allDismissed.body).toEqual({ data: { updated: 2 } });
    expect((await call('GET', '/notifications?show_all=1', token)).body).toEqual({
      data: [],
      meta: { total: 0 },
    });
    // Nobody else's was touched by "all".
    expect([await statusOf(othersOwn.id), await statusOf(otherCompany.id)]).toEqual([0, 0]);
  });

  it('answers 422 with the field map for a bulk update that names nothing or asks for a wrong status', async () => {
    const cases: [unknown, Record<string, string[]>][] = [
      [{ status: 1 }, { ids: ['Choose the notifications to update.'] }],
      [{ ids: [], status: 1 }, { ids: ['Choose the notifications to update.'] }],
      [{ all: false, status: 2 }, { ids: ['Choose the notifications to update.'] }],
      [{ all: true, status: 0 }, { status: ['The status must be read (1) or dismissed (2).'] }],
      [{ all: true }, { status: ['The status must be read (1) or dismissed (2).'] }],
      [{ ids: ['x'], status: 1 }, { 'ids.0': ['Each notification id must be a number.'] }],
      [{ ids: 5, status: 1 }, { ids: ['The notifications must be a list of ids.'] }],
    ];
    for (const [body, errors] of cases) {
      const answer = await call('PUT', '/notifications/bulk-update', memberToken, body);
      expect({ body, status: answer.status, errors: answer.body.errors }).toEqual({
        body,
        status: 422,
        errors,
      });
    }
  });

  it('asks who is calling', async () => {
    expect((await call('GET', '/notifications', '')).status).toBe(401);
    expect((await call('GET', '/notifications/stats', '')).status).toBe(401);
  });
});
