import { Op, type Attributes, type Sequelize, type WhereOptions } from 'sequelize';
import type { CompanyDto, CreateCompanyInput, ListResponse, UpdateCompanyInput } from '@syncdesk/contracts';
import { AppError } from '../../http/app-error';
import { findPage, type ListQueryInput, type ListQuerySpec } from '../../http/list-query';
import type { RequestScope } from '../../http/request-scope';
import type { Company, Models } from '../../db/models';
import { changedFields, type ActivityService } from '../activities/activity.service';
import type { AccountService } from '../accounts/account.service';
import { openCompany } from './open-company';
import { toCompanyDto } from './company.mapper';

export const CANNOT_DELETE_COMPANY = 'You can not delete this company';
export const SWITCH_TO_CHANGE = 'Switch to this company to change it.';
export const ONLY_ADMINISTRATORS_ACTIVATE = 'Only administrators can activate or deactivate a company.';

const LIST_SPEC: ListQuerySpec<Attributes<Company>> = {
  filters: {
    name: { type: 'string', operators: ['eq', 'like'] },
    is_active: { type: 'boolean', operators: ['eq'] },
    creation_source: { type: 'string', operators: ['eq', 'in'] },
    created_at: { type: 'date', operators: ['eq', 'gt', 'gte', 'lt', 'lte'] },
  },
  dateRanges: { created_at: {} },
  search: ['name'],
  sort: { fields: ['name', 'created_at'], default: { field: 'name', direction: 'asc' } },
};

/** Companies: the ones a user belongs to, or every one for a platform administrator. */
export interface CompanyService {
  list(scope: RequestScope, query: ListQueryInput): Promise<ListResponse<CompanyDto>>;
  show(scope: RequestScope, id: number): Promise<CompanyDto>;
  /** A new company on a trial, with the default roles and the caller as its owner. */
  create(scope: RequestScope, input: CreateCompanyInput): Promise<CompanyDto>;
  update(scope: RequestScope, id: number, input: UpdateCompanyInput): Promise<CompanyDto>;
  remove(scope: RequestScope, id: number): Promise<void>;
}

export function createCompanyService(deps: {
  sequelize: Sequelize;
  models: Models;
  activities: ActivityService;
  accounts: AccountService;
}): CompanyService {
  const { models } = deps;
  const forbidden = (message = 'This action is unauthorized.') => new AppError('forbidden', message);

  async function memberCompanyIds(userId: number): Promise<number[]> {
    const memberships = await models.CompanyUser.findAll({
      where: { user_id: userId },
      attributes: ['company_id'],
      raw: true,
    });
    return memberships.map((membership) => membership.company_id);
  }

  /** A company the caller belongs to (any company for an administrator); anything else is 404. */
  async function reachable(scope: RequestScope, id: number): Promise<Company> {
    const company = await models.Company.findByPk(id);
    if (!company) throw AppError.notFound();
    if (scope.administrator) return company;
    const membership = await models.CompanyUser.findOne({
      where: { company_id: id, user_id: scope.userId },
      attributes: ['id'],
    });
    if (!membership) throw AppError.notFound();
    return company;
  }

  /** DTOs for a page of companies: owners and store counts in one query each. */
  async function toDtos(scope: RequestScope, companies: Company[]): Promise<CompanyDto[]> {
    if (companies.length === 0) return [];
    const ownerIds = [...new Set(companies.flatMap((company) => company.owner_user_id ?? []))];
    const companyIds = companies.map((company) => company.id);
    const [owners, storeCounts, connectionCounts, webhookCounts] = await Promise.all([
      ownerIds.length
        ? models.User.findAll({ where: { id: { [Op.in]: ownerIds } }, attributes: ['id', 'name', 'email'] })
        : [],
      models.Store.count({
        where: { company_id: { [Op.in]: companies.map((company) => company.id) } },
        group: ['company_id'],
      }),
      models.Channel.count({
        where: { company_id: { [Op.in]: companyIds }, kind: { [Op.in]: ['channel', 'plugin'] } },
        group: ['company_id', 'kind'],
      }),
      models.Webhook.count({ where: { company_id: { [Op.in]: companyIds } }, group: ['company_id'] }),
    ]);
    const connectionsOf = (companyId: number, kind: string) =>
      Number(
        connectionCounts.find((row) => Number(row.company_id) === companyId && row.kind === kind)?.count ?? 0,
      );
    const ownerById = new Map(owners.map((owner) => [owner.id, owner]));
    const storesByCompany = new Map(
      storeCounts.map((row) => [Number(row.company_id), Number(row.count)] as const),
    );
    return companies.map((company) =>
      toCompanyDto(scope, company, {
        owner: company.owner_user_id ? (ownerById.get(company.owner_user_id) ?? null) : null,
        storesCount: storesByCompany.get(company.id) ?? 0,
        channelsCount: connectionsOf(company.id, 'channel'),
        pluginsCount: connectionsOf(company.id, 'plugin'),
        webhooksCount: Number(webhookCounts.find((row) => Number(row.company_id) === company.id)?.count ?? 0),
        account: deps.accounts.accountOf(company),
      }),
    );
  }

  async function toDto(scope: RequestScope, company: Company): Promise<CompanyDto> {
    const [dto] = await toDtos(scope, [company]);
    return dto!;
  }

  return {
    async list(scope, query) {
      const where: WhereOptions<Company> = scope.administrator
        ? {}
        : { id: { [Op.in]: await memberCompanyIds(scope.userId) } };
      const page = await findPage(models.Company, query, LIST_SPEC, where);
      return { data: await toDtos(scope, page.data), meta: page.meta };
    },

    async show(scope, id) {
      return toDto(scope, await reachable(scope, id));
    },

    async create(scope, input) {
      const { company } = await deps.sequelize.transaction((transaction) =>
        openCompany(
          models,
          { name: input.name, ownerId: scope.userId, creationSource: scope.administrator ? 'admin' : 'user' },
          transaction,
        ),
      );
      await deps.activities.record(scope, {
        event: 'company.created',
        subjectType: 'company',
        subjectId: company.id,
        companyId: company.id,
        new: { name: company.name, creation_source: company.creation_source },
      });
      return toDto(scope, company);
    },

    async update(scope, id, input) {
      const company = await reachable(scope, id);
      // The route checked general.update in the caller's current company: it only speaks for that one.
      if (!scope.administrator && company.id !== scope.companyId) throw forbidden(SWITCH_TO_CHANGE);
      if (input.is_active !== undefined && !scope.administrator)
        throw forbidden(ONLY_ADMINISTRATORS_ACTIVATE);

      const before = { name: company.name, is_active: Boolean(company.is_active) };
      await company.update({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.is_active !== undefined ? { is_active: input.is_active } : {}),
      });
      const renamed = changedFields({ name: before.name }, { name: company.name });
      if (renamed) {
        await deps.activities.record(scope, {
          event: 'company.updated',
          subjectType: 'company',
          subjectId: company.id,
          companyId: company.id,
          ...renamed,
        });
      }
      if (input.is_active !== undefined && input.is_active !== before.is_active) {
        await deps.activities.record(scope, {
          event: input.is_active ? 'company.activated' : 'company.deactivated',
          subjectType: 'company',
          subjectId: company.id,
          companyId: company.id,
          old: { is_active: before.is_active },
          new: { is_active: input.is_active },
        });
      }
      return toDto(scope, company);
    },

    async remove(scope, id) {
      const company = await reachable(scope, id);
      if (!scope.administrator && company.owner_user_id !== scope.userId) throw forbidden();
      const refuse = () => AppError.validation({ company: [CANNOT_DELETE_COMPANY] }, CANNOT_DELETE_COMPANY);
      // The caller's session lives in its current company; a company with stores still holds data.
      if (company.id === scope.companyId) throw refuse();
      if ((await models.Store.count({ where: { company_id: company.id } })) > 0) throw refuse();

      await deps.sequelize.transaction(async (transaction) => {
        const byCompany = { where: { company_id: company.id }, transaction };
        // Explicit rather than relying on ON DELETE CASCADE: SQLite runs without foreign_keys enforcement.
        await models.StoreShare.destroy(byCompany);
        await models.IpWhitelist.destroy(byCompany);
        await models.Invitation.destroy(byCompany);
        await models.UserApiToken.destroy(byCompany);
        await models.CompanyUser.destroy(byCompany);
        await models.Role.destroy(byCompany);
        await models.Activity.destroy(byCompany);
        await models.User.update(
          { last_company_id: null },
          { where: { last_company_id: company.id }, transaction },
        );
        await company.destroy({ transaction });
      });
      // Recorded in the caller's current company: the deleted company's own log is gone with it.
      await deps.activities.record(scope, {
        event: 'company.deleted',
        subjectType: 'company',
        subjectId: company.id,
        old: { name: company.name, uuid: company.uuid },
      });
    },
  };
}
