import { randomUUID } from 'node:crypto';
import type { Sequelize } from 'sequelize';
import { TRIAL_DAYS } from '@syncdesk/contracts';
import type { DemoAccount } from '../../config';
import type { Models } from '../models';
import { hashPassword } from '../../modules/auth/password';
import { createDefaultRoles } from '../../modules/roles/default-roles';

export interface DemoAccounts {
  admin: DemoAccount;
  seller: DemoAccount;
  other: DemoAccount;
}

/**
 * Demo data for the embedded default: a platform administrator, a seller who belongs to two
 * companies (the first with two stores) to show switching, and a user of a third, unrelated
 * company to try isolation. Runs once: an existing administrator account means it already ran.
 */
export async function seedDemo(
  sequelize: Sequelize,
  models: Models,
  accounts: DemoAccounts,
): Promise<boolean> {
  if (await models.User.findOne({ where: { email: accounts.admin.email } })) return false;
  const [adminHash, sellerHash, otherHash] = await Promise.all([
    hashPassword(accounts.admin.password),
    hashPassword(accounts.seller.password),
    hashPassword(accounts.other.password),
  ]);
  await sequelize.transaction(async (transaction) => {
    const verified = new Date();
    const makeUser = (name: string, email: string, passwordHash: string, administrator = false) =>
      models.User.create(
        {
          name,
          email,
          phone: null,
          password_hash: passwordHash,
          administrator,
          email_verified_at: verified,
          support_hash: null,
          last_company_id: null,
        },
        { transaction },
      );
    const makeCompany = (name: string, ownerId: number, onPlan: boolean) =>
      models.Company.create(
        {
          uuid: randomUUID(),
          name,
          owner_user_id: ownerId,
          creation_source: 'seed',
          account_status: onPlan ? 3 : 1,
          plan_name: onPlan ? 'Growth' : null,
          credit: onPlan ? 250 : null,
          trial_ends_at: onPlan ? null : new Date(Date.now() + TRIAL_DAYS * 24 * 60 * 60 * 1000),
        },
        { transaction },
      );
    const join = async (companyId: number, userId: number, roleId: number) =>
      models.CompanyUser.create({ company_id: companyId, user_id: userId, role_id: roleId }, { transaction });

    const admin = await makeUser('Ada Admin', accounts.admin.email, adminHash, true);
    const seller = await makeUser('Sam Seller', accounts.seller.email, sellerHash);
    const other = await makeUser('Olive Other', accounts.other.email, otherHash);

    const operations = await makeCompany('Syncdesk Operations', admin.id, true);
    const operationsRoles = await createDefaultRoles(models, operations.id, transaction);
    await join(operations.id, admin.id, operationsRoles.administrator.id);

    const acme = await makeCompany('Acme Trading', seller.id, true);
    const acmeRoles = await createDefaultRoles(models, acme.id, transaction);
    await join(acme.id, seller.id, acmeRoles.administrator.id);
    for (const name of ['Acme UK', 'Acme EU']) {
      await models.Store.create({ company_id: acme.id, name }, { transaction });
    }

    const beta = await makeCompany('Beta Goods', seller.id, false);
    const betaRoles = await createDefaultRoles(models, beta.id, transaction);
    await join(beta.id, seller.id, betaRoles.administrator.id);

    const otherCompany = await makeCompany('Other Company', other.id, false);
    const otherRoles = await createDefaultRoles(models, otherCompany.id, transaction);
    await join(otherCompany.id, other.id, otherRoles.administrator.id);
    await models.Store.create({ company_id: otherCompany.id, name: 'Other Store' }, { transaction });
  });
  return true;
}
