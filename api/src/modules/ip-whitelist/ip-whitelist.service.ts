import { Op, type Attributes, type Sequelize, type Transaction } from 'sequelize';
import type {
  CreateIpWhitelistInput,
  IpWhitelistDto,
  ListResponse,
  UpdateIpWhitelistInput,
} from '@syncdesk/contracts';
import type { IpWhitelist, Models } from '../../db/models';
import { AppError } from '../../http/app-error';
import { findPage, type ListQueryInput, type ListQuerySpec } from '../../http/list-query';
import type { RequestScope } from '../../http/request-scope';
import { changedFields, type ActivityService } from '../activities/activity.service';
import { findCompanyRole, INVALID_ROLE } from '../roles/company-roles';
import { isAddressAllowed } from './ip-access';
import { toIpWhitelistDto } from './ip-whitelist.mapper';

export const SELF_LOCKOUT = 'This change would block your own IP address.';

const LIST_SPEC: ListQuerySpec<Attributes<IpWhitelist>> = {
  filters: {
    ip_address: { type: 'string', operators: ['eq', 'like'] },
    status: { type: 'number', operators: ['eq', 'in'] },
  },
  search: ['ip_address'],
  sort: {
    fields: ['created_at', 'ip_address', 'status'],
    default: { field: 'created_at', direction: 'asc' },
  },
};

/** A rule as the access check sees it, plus what identifies it while a change is simulated. */
interface RuleState {
  id: number | null;
  company_role_id: number | null;
  ip_address: string;
  status: number;
}

/**
 * The company's IP rules (company-wide, or for one role). Enforcement is in the scope service
 * (`assertAddressAllowed`, at sign-in and on every request); this service manages the rules and
 * refuses a change that would shut out the caller making it.
 */
export interface IpWhitelistService {
  listCompany(scope: RequestScope, query: ListQueryInput): Promise<ListResponse<IpWhitelistDto>>;
  listRole(scope: RequestScope, roleId: number, query: ListQueryInput): Promise<ListResponse<IpWhitelistDto>>;
  show(scope: RequestScope, id: number): Promise<IpWhitelistDto>;
  create(scope: RequestScope, input: CreateIpWhitelistInput): Promise<IpWhitelistDto>;
  update(scope: RequestScope, id: number, input: UpdateIpWhitelistInput): Promise<IpWhitelistDto>;
  remove(scope: RequestScope, id: number): Promise<void>;
}

export interface IpWhitelistServiceDependencies {
  sequelize: Sequelize;
  models: Models;
  activities: ActivityService;
}

export function createIpWhitelistService(deps: IpWhitelistServiceDependencies): IpWhitelistService {
  const { models } = deps;

  async function findOwn(scope: RequestScope, id: number, transaction?: Transaction): Promise<IpWhitelist> {
    const entry = await models.IpWhitelist.findOne({
      where: { id, company_id: scope.companyId },
      transaction,
    });
    if (!entry) throw AppError.notFound();
    return entry;
  }

  /**
   * Replays the change on the rules that apply to the caller (company-wide and their role's) and
   * refuses it when their address passes now and would not afterwards. Platform administrators
   * aren't subject to company rules, so nothing can lock them out.
   */
  async function assertCallerKeepsAccess(
    scope: RequestScope,
    transaction: Transaction,
    change: (rules: RuleState[]) => RuleState[],
  ): Promise<void> {
    if (scope.administrator) return;
    const current = await models.IpWhitelist.findAll({
      where: {
        company_id: scope.companyId,
        [Op.or]: [{ company_role_id: null }, ...(scope.roleId ? [{ company_role_id: scope.roleId }] : [])],
      },
      transaction,
      lock: transaction.LOCK.UPDATE,
    });
    const before: RuleState[] = current.map((rule) => ({
      id: rule.id,
      company_role_id: rule.company_role_id,
      ip_address: rule.ip_address,
      status: rule.status,
    }));
    const applies = (rule: RuleState) =>
      rule.company_role_id === null || rule.company_role_id === scope.roleId;
    const after = change(before).filter(applies);
    if (isAddressAllowed(before, scope.clientIp) && !isAddressAllowed(after, scope.clientIp)) {
      throw AppError.validation({ ip_address: [SELF_LOCKOUT] }, SELF_LOCKOUT);
    }
  }

  function listWhere(scope: RequestScope, roleId: number | null, query: ListQueryInput) {
    return findPage(
      models.IpWhitelist,
      query,
      LIST_SPEC,
      { company_id: scope.companyId, company_role_id: roleId },
      { map: toIpWhitelistDto },
    );
  }

  const snapshot = (entry: IpWhitelist) => ({
    ip_address: entry.ip_address,
    status: entry.status,
    company_role_id: entry.company_role_id,
  });

  return {
    listCompany(scope, query) {
      return listWhere(scope, null, query);
    },

    async listRole(scope, roleId, query) {
      if (!(await findCompanyRole(models, scope.companyId, roleId))) throw AppError.notFound();
      return listWhere(scope, roleId, query);
    },

    async show(scope, id) {
      return toIpWhitelistDto(await findOwn(scope, id));
    },

    async create(scope, input) {
      const roleId = input.company_role_id ?? null;
      if (roleId !== null && !(await findCompanyRole(models, scope.companyId, roleId))) {
        throw AppError.validation({ company_role_id: [INVALID_ROLE] });
      }
      const entry = await deps.sequelize.transaction(async (transaction) => {
        const added: RuleState = {
          id: null,
          company_role_id: roleId,
          ip_address: input.ip_address,
          status: input.status,
        };
        await assertCallerKeepsAccess(scope, transaction, (rules) => [...rules, added]);
        return models.IpWhitelist.create(
          {
            company_id: scope.companyId,
            company_role_id: roleId,
            ip_address: input.ip_address,
            status: input.status,
          },
          { transaction },
        );
      });
      await deps.activities.record(scope, {
        event: 'ip_whitelist.created',
        subjectType: 'ip_whitelist',
        subjectId: entry.id,
        new: snapshot(entry),
      });
      return toIpWhitelistDto(entry);
    },

    async update(scope, id, input) {
      const { entry, before } = await deps.sequelize.transaction(async (transaction) => {
        const entry = await findOwn(scope, id, transaction);
        const before = snapshot(entry);
        const next = {
          ip_address: input.ip_address ?? entry.ip_address,
          status: input.status ?? entry.status,
        };
        await assertCallerKeepsAccess(scope, transaction, (rules) =>
          rules.map((rule) => (rule.id === entry.id ? { ...rule, ...next } : rule)),
        );
        await entry.update(next, { transaction });
        return { entry, before };
      });
      const changes = changedFields(before, snapshot(entry));
      if (changes) {
        await deps.activities.record(scope, {
          event: 'ip_whitelist.updated',
          subjectType: 'ip_whitelist',
          subjectId: id,
          ...changes,
        });
      }
      return toIpWhitelistDto(entry);
    },

    async remove(scope, id) {
      const entry = await deps.sequelize.transaction(async (transaction) => {
        const entry = await findOwn(scope, id, transaction);
        // Removing the only allowed entry that matches the caller, while others remain, blocks them too.
        await assertCallerKeepsAccess(scope, transaction, (rules) =>
          rules.filter((rule) => rule.id !== entry.id),
        );
        await entry.destroy({ transaction });
        return entry;
      });
      await deps.activities.record(scope, {
        event: 'ip_whitelist.deleted',
        subjectType: 'ip_whitelist',
        subjectId: id,
        old: snapshot(entry),
      });
    },
  };
}
