import type { Sequelize } from 'sequelize';
import type { DemoAccount } from '../../config';
import type { Models } from '../models';
import { hashPassword } from '../../modules/auth/password';
import { openCompany } from '../../modules/companies/open-company';
import { seedDemoConnections } from '../../modules/channels/demo-connections';
import { seedDemoCatalogue } from './demo-catalogue-seed';
import { seedDemoChannelProducts } from './demo-channel-products-seed';

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
    const onPlan = { account_status: 3, plan_name: 'Growth', credit: 250, trial_ends_at: null };
    const makeCompany = async (name: string, ownerId: number, plan: boolean) =>
      (
        await openCompany(
          models,
          { name, ownerId, creationSource: 'seed', account: plan ? onPlan : undefined },
          transaction,
        )
      ).company;

    const admin = await makeUser('Ada Admin', accounts.admin.email, adminHash, true);
    const seller = await makeUser('Sam Seller', accounts.seller.email, sellerHash);
    const other = await makeUser('Olive Other', accounts.other.email, otherHash);

    await makeCompany('Syncdesk Operations', admin.id, true);

    const acme = await makeCompany('Acme Trading', seller.id, true);
    for (const name of ['Acme UK', 'Acme EU']) {
      await models.Store.create({ company_id: acme.id, name }, { transaction });
    }
    const acmeUk = await models.Store.findOne({
      where: { company_id: acme.id, name: 'Acme UK' },
      transaction,
    });
    await seedDemoConnections(models, acmeUk!, transaction);
    await seedDemoCatalogue(models, acmeUk!, transaction);
    // After the demo catalogue: the Shopify listings are matched to its products by SKU.
    await seedDemoChannelProducts(models, acmeUk!, transaction);

    await makeCompany('Beta Goods', seller.id, false);

    const otherCompany = await makeCompany('Other Company', other.id, false);
    await models.Store.create({ company_id: otherCompany.id, name: 'Other Store' }, { transaction });
  });
  return true;
}
