import { Op, UniqueConstraintError } from 'sequelize';
import type { SharedCompanyDto } from '@syncdesk/contracts';
import { AppError } from '../../http/app-error';
import type { RequestScope } from '../../http/request-scope';
import type { Models } from '../../db/models';
import type { ActivityService } from '../activities/activity.service';
import { findOwnStore } from './store-access';
import { toSharedCompanyDto } from './store.mapper';

export const SHARING_OWNER_ONLY = 'Only the owner of a shared store can manage its sharing.';
export const UNKNOWN_COMPANY_UUID = 'No company has this UUID.';
export const SHARE_WITH_OWN_COMPANY = 'A store can not be shared with its own company.';
export const ALREADY_SHARED = 'The store is already shared with this company.';

/**
 * Sharing a store with another company (by that company's UUID): its users then see the store in
 * their store list and session, with their own role's permissions. Only the owning company manages it.
 */
export interface StoreSharingService {
  sharedCompanies(scope: RequestScope, storeId: number): Promise<SharedCompanyDto[]>;
  share(scope: RequestScope, storeId: number, companyUuid: string): Promise<SharedCompanyDto>;
  unshare(scope: RequestScope, storeId: number, companyId: number): Promise<void>;
}

export function createStoreSharingService(deps: {
  models: Models;
  activities: ActivityService;
}): StoreSharingService {
  const { models } = deps;
  const refuse = (message: string) => AppError.validation({ company_uuid: [message] }, message);

  return {
    async sharedCompanies(scope, storeId) {
      const store = await findOwnStore(models, scope, storeId, SHARING_OWNER_ONLY);
      const shares = await models.StoreShare.findAll({
        where: { store_id: store.id },
        attributes: ['company_id'],
        raw: true,
      });
      if (shares.length === 0) return [];
      const companies = await models.Company.findAll({
        where: { id: { [Op.in]: shares.map((share) => share.company_id) } },
        attributes: ['id', 'uuid', 'name'],
        order: [
          ['name', 'ASC'],
          ['id', 'ASC'],
        ],
      });
      return companies.map(toSharedCompanyDto);
    },

    async share(scope, storeId, companyUuid) {
      const store = await findOwnStore(models, scope, storeId, SHARING_OWNER_ONLY);
      const company = await models.Company.findOne({
        where: { uuid: companyUuid.toLowerCase() },
        attributes: ['id', 'uuid', 'name'],
      });
      if (!company) throw refuse(UNKNOWN_COMPANY_UUID);
      if (company.id === store.company_id) throw refuse(SHARE_WITH_OWN_COMPANY);
      const existing = await models.StoreShare.findOne({
        where: { store_id: store.id, company_id: company.id },
        attributes: ['id'],
      });
      if (existing) throw refuse(ALREADY_SHARED);
      try {
        await models.StoreShare.create({ store_id: store.id, company_id: company.id });
      } catch (error) {
        // Two requests raced past the check above: the unique index keeps one share.
        if (error instanceof UniqueConstraintError) throw refuse(ALREADY_SHARED);
        throw error;
      }
      await deps.activities.record(scope, {
        event: 'store.shared',
        subjectType: 'store',
        subjectId: store.id,
        new: { company_id: company.id, company: company.name },
      });
      return toSharedCompanyDto(company);
    },

    async unshare(scope, storeId, companyId) {
      const store = await findOwnStore(models, scope, storeId, SHARING_OWNER_ONLY);
      const share = await models.StoreShare.findOne({ where: { store_id: store.id, company_id: companyId } });
      if (!share) throw AppError.notFound();
      const company = await models.Company.findByPk(companyId, { attributes: ['id', 'name'] });
      await share.destroy();
      await deps.activities.record(scope, {
        event: 'store.unshared',
        subjectType: 'store',
        subjectId: store.id,
        old: { company_id: companyId, company: company?.name ?? null },
      });
    },
  };
}
