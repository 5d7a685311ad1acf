import type { Transaction } from 'sequelize';
import type { PermissionName } from '@syncdesk/contracts';
import type { Services } from '../services';
import type { Company, Role, Store, User } from '../db/models';
import type { AuthorityChange } from '../modules/auth/authority-change';
import { hashPassword } from '../modules/auth/password';
import { openCompany } from '../modules/companies/open-company';

export interface CompanyFixture {
  company: Company;
  owner: User;
  administratorRole: Role;
  memberRole: Role;
  stores: Store[];
  /** A bearer token for a member of this company. */
  tokenFor(user: User): Promise<string>;
  /** Adds a user to the company with a role holding exactly these permissions. */
  addMember(
    permissions: PermissionName[],
    options?: { email?: string; name?: string; password?: string },
  ): Promise<User>;
  /** Adds a user to the company with one of its roles (the Administrator role: a co-administrator). */
  addMemberWithRole(
    role: Role,
    options?: { email?: string; name?: string; password?: string },
  ): Promise<User>;
  /** The role a member holds in this company. */
  roleOf(user: User): Promise<Role>;
  /** A new member whose role holds exactly these permissions, with that role and a token. */
  memberWithToken(permissions: PermissionName[]): Promise<{ user: User; role: Role; token: string }>;
}

let sequence = 0;
const uniqueEmail = (label: string) => `${label}-${process.pid}-${++sequence}@fixtures.test`;
let cachedHash: Promise<string> | undefined;
export const FIXTURE_PASSWORD = 'fixture-password-1';
// One argon2 hash for every fixture user keeps the suites fast.
const fixtureHash = () => (cachedHash ??= hashPassword(FIXTURE_PASSWORD));

export async function createUser(
  services: Services,
  options: { email?: string; name?: string; administrator?: boolean; password?: string } = {},
): Promise<User> {
  return services.models.User.create({
    name: options.name ?? 'Fixture User',
    email: options.email ?? uniqueEmail('user'),
    phone: '+44 20 7946 0958',
    password_hash: options.password ? await hashPassword(options.password) : await fixtureHash(),
    administrator: options.administrator ?? false,
    email_verified_at: new Date(),
    support_hash: null,
    last_company_id: null,
  });
}

/** A company with an owner (Administrator role), a default Member role and the given stores. */
export async function createCompany(
  services: Services,
  options: {
    name?: string;
    stores?: string[];
    ownerEmail?: string;
    administrator?: boolean;
    password?: string;
  } = {},
): Promise<CompanyFixture> {
  const { models } = services;
  const owner = await createUser(services, {
    email: options.ownerEmail,
    administrator: options.administrator,
    password: options.password,
    name: `${options.name ?? 'Fixture'} Owner`,
  });
  const { company, administrator, member } = await openCompany(models, {
    name: options.name ?? `Company ${++sequence}`,
    ownerId: owner.id,
    creationSource: 'seed',
    account: { account_status: 3, plan_name: null, credit: null, trial_ends_at: null },
  });
  const stores: Store[] = [];
  for (const name of options.stores ?? [])
    stores.push(await models.Store.create({ company_id: company.id, name }));
  const addMemberWithRole: CompanyFixture['addMemberWithRole'] = async (role, memberOptions = {}) => {
    const user = await createUser(services, memberOptions);
    await models.CompanyUser.create({ company_id: company.id, user_id: user.id, role_id: role.id });
    return user;
  };
  const fixture: CompanyFixture = {
    company,
    owner,
    administratorRole: administrator,
    memberRole: member,
    stores,
    async tokenFor(user) {
      return (await services.tokens.sign({ userId: user.id, companyId: company.id })).token;
    },
    async addMember(permissions, memberOptions = {}) {
      const role = await models.Role.create({
        company_id: company.id,
        name: `Role ${++sequence}`,
        permissions,
        is_default: false,
      });
      return addMemberWithRole(role, memberOptions);
    },
    addMemberWithRole,
    async roleOf(user) {
      const membership = await models.CompanyUser.findOne({
        where: { company_id: company.id, user_id: user.id },
      });
      const role = membership?.role_id ? await models.Role.findByPk(membership.role_id) : null;
      if (!role) throw new Error(`user ${user.id} holds no role in company ${company.id}`);
      return role;
    },
    async memberWithToken(permissions) {
      const user = await fixture.addMember(permissions);
      return { user, role: await fixture.roleOf(user), token: await fixture.tokenFor(user) };
    },
  };
  return fixture;
}

export interface AuthorityWatch {
  /**
   * The changes announced since the last call, and those of them announced while a transaction
   * was still uncommitted (a listener re-reading then would see the old rows).
   */
  take(): { changes: AuthorityChange[]; beforeCommit: AuthorityChange[] };
  stop(): void;
}

/**
 * Catches the changes of authority announced to `services.authority`, and whether each came after
 * its transaction committed: it counts the `sequelize.transaction(work)` calls not yet committed.
 */
export function watchAuthority(services: Services): AuthorityWatch {
  const { sequelize, authority } = services;
  const [transaction, changed] = [sequelize.transaction, authority.changed];
  let uncommitted = 0;
  sequelize.transaction = ((...args: unknown[]) => {
    const workAt = args.findIndex((arg) => typeof arg === 'function');
    const run = () => (transaction as (...args: unknown[]) => Promise<unknown>).apply(sequelize, args);
    if (workAt === -1) return run();
    const work = args[workAt] as (transaction: Transaction) => unknown;
    let committed = false;
    uncommitted += 1;
    args[workAt] = (started: Transaction) => {
      // Registered first, so it runs before any other after-commit hook of the work.
      started.afterCommit(() => {
        committed = true;
        uncommitted -= 1;
      });
      return work(started);
    };
    return run().catch((error: unknown) => {
      if (!committed) uncommitted -= 1;
      throw error;
    });
  }) as typeof sequelize.transaction;
  let announced: { change: AuthorityChange; uncommitted: number }[] = [];
  authority.changed = (change) => {
    announced.push({ change, uncommitted });
  };
  return {
    take() {
      const taken = announced;
      announced = [];
      return {
        changes: taken.map((entry) => entry.change),
        beforeCommit: taken.filter((entry) => entry.uncommitted > 0).map((entry) => entry.change),
      };
    },
    stop() {
      sequelize.transaction = transaction;
      authority.changed = changed;
    },
  };
}

/** Since the last look: the change was announced, and nothing was announced before its commit. */
export function expectAnnounced(watch: AuthorityWatch, change: AuthorityChange): void {
  const { changes, beforeCommit } = watch.take();
  expect(beforeCommit).toEqual([]);
  expect(changes).toContainEqual(change);
}
