import { randomUUID } from 'node:crypto';
import type { Transaction } from 'sequelize';
import type { Company, Models, Role } from '../../db/models';
import type { AccountFields } from '../accounts/account.mapper';
import { trialAccountFields } from '../accounts/account.service';
import { createDefaultRoles } from '../roles/default-roles';

export interface OpenCompanyInput {
  name: string;
  ownerId: number;
  /** `register`, `user`, `admin`, `seed`. */
  creationSource: string;
  /** A fresh trial unless given (the seed and tests start some companies on a plan). */
  account?: AccountFields;
}

/**
 * A new company exists only together with its default roles and its owner's membership in the
 * Administrator role: registration, "create company", the demo seed and the tests all open one here.
 */
export async function openCompany(
  models: Models,
  input: OpenCompanyInput,
  transaction?: Transaction,
): Promise<{ company: Company; administrator: Role; member: Role }> {
  const company = await models.Company.create(
    {
      uuid: randomUUID(),
      name: input.name,
      owner_user_id: input.ownerId,
      creation_source: input.creationSource,
      ...(input.account ?? trialAccountFields()),
    },
    { transaction },
  );
  const { administrator, member } = await createDefaultRoles(models, company.id, transaction);
  await models.CompanyUser.create(
    { company_id: company.id, user_id: input.ownerId, role_id: administrator.id },
    { transaction },
  );
  return { company, administrator, member };
}
