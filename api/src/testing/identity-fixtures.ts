import type { PermissionName } from '@syncdesk/contracts';
import type { Services } from '../services';
import type { Company, Role, Store, User } from '../db/models';
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
  return {
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
      const user = await createUser(services, memberOptions);
      await models.CompanyUser.create({ company_id: company.id, user_id: user.id, role_id: role.id });
      return user;
    },
  };
}
