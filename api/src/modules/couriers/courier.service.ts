import { Op, type Attributes, type Sequelize } from 'sequelize';
import type { CourierDto, ListResponse, PushDhlChangesDto } from '@syncdesk/contracts';
import type { Courier } from '../../db/courier.models';
import type { Models } from '../../db/models';
import { AppError } from '../../http/app-error';
import { findPage, type ListQueryInput, type ListQuerySpec } from '../../http/list-query';
import type { RequestScope } from '../../http/request-scope';
import type { ActivityService } from '../activities/activity.service';
import { toCourierDto } from './courier.mapper';

const LIST_SPEC: ListQuerySpec<Attributes<Courier>> = {
  filters: {
    code: { type: 'string', operators: ['eq', 'like', 'in'] },
    name: { type: 'string', operators: ['eq', 'like'] },
  },
  search: ['name', 'code'],
  sort: { fields: ['name', 'code'], default: { field: 'name', direction: 'asc' } },
};

/** The DHL family of the global list: `dhl`, `dhl-express`, and any later `dhl-…` code. */
export const isDhlCourier = (courier: Pick<Courier, 'code'>) => courier.code.startsWith('dhl');

/** The global carrier list, and the administrators' push of DHL's names onto a company's couriers. */
export interface CourierService {
  list(query: ListQueryInput): Promise<ListResponse<CourierDto>>;
  /**
   * Gives every channel courier of the company that is linked to a DHL courier that courier's
   * current name (custom names stay the seller's); answers how many changed.
   */
  pushDhlChanges(scope: RequestScope, companyId: number): Promise<PushDhlChangesDto>;
}

export function createCourierService(deps: {
  sequelize: Sequelize;
  models: Models;
  activities: ActivityService;
}): CourierService {
  const { models } = deps;
  return {
    list(query) {
      return findPage(models.Courier, query, LIST_SPEC, {}, { map: toCourierDto });
    },

    async pushDhlChanges(scope, companyId) {
      const company = await models.Company.findByPk(companyId);
      if (!company) throw AppError.notFound();
      const dhl = (await models.Courier.findAll()).filter(isDhlCourier);
      const nameOf = new Map(dhl.map((courier) => [courier.id, courier.name]));
      const linked = await models.ChannelCourier.findAll({
        where: { company_id: company.id, courier_id: { [Op.in]: [...nameOf.keys()] } },
      });
      // Compared here rather than in SQL: MySQL's collation would call 'Dhl' and 'DHL' equal.
      const stale = linked.filter((row) => row.name !== nameOf.get(row.courier_id!));
      await deps.sequelize.transaction(async (transaction) => {
        for (const row of stale) await row.update({ name: nameOf.get(row.courier_id!)! }, { transaction });
      });
      await deps.activities.record(scope, {
        event: 'company.dhl_changes_pushed',
        subjectType: 'company',
        subjectId: company.id,
        companyId: company.id,
        new: { updated: stale.length },
      });
      return { updated: stale.length };
    },
  };
}
