import { TRIAL_DAYS, type CompanyAccountDto, type PlanAction } from '@syncdesk/contracts';
import { AppError } from '../../http/app-error';
import type { RequestScope } from '../../http/request-scope';
import type { Company, Models } from '../../db/models';
import type { ActivityService } from '../activities/activity.service';
import { creditOf, toAccountDto, type AccountFields } from './account.mapper';
import { accountNotices, type AccountNoticeDto } from './account-notices';

/** What an administrator's "force plan" gives: no payment provider exists, so the plan lives in our rows. */
export const FORCED_PLAN_NAME = 'Forced plan';

/** A fresh trial of TRIAL_DAYS from `now`: the account of a new company, or one an administrator restarts. */
export function trialAccountFields(now = new Date()): AccountFields {
  return {
    account_status: 1,
    plan_name: null,
    credit: null,
    trial_ends_at: new Date(now.getTime() + TRIAL_DAYS * 24 * 60 * 60 * 1000),
  };
}

/** The accounts system of spec §3/§4: trial, plan, free plan, limited — kept on the company row. */
export interface AccountService {
  /** The account of a company row (for CompanyDto). */
  accountOf(company: AccountFields): CompanyAccountDto;
  /** The caller's current company's account: the banner, fetched on every route change. */
  current(scope: RequestScope): Promise<CompanyAccountDto>;
  manageUrl(): { url: string };
  /** Notices about the current company's account, and whether the caller has read today's. */
  notices(scope: RequestScope): Promise<AccountNoticeDto[]>;
  markNoticesRead(scope: RequestScope): Promise<AccountNoticeDto[]>;
  /** Administrators: (re)starts a trial. */
  createAccount(scope: RequestScope, companyId: number): Promise<CompanyAccountDto>;
  /** Administrators: force plan, free plan or trial plan. */
  setPlan(scope: RequestScope, companyId: number, action: PlanAction): Promise<CompanyAccountDto>;
}

function assertUnreachable(value: never): never {
  throw new Error(`Unhandled plan action: ${String(value)}`);
}

function accountFieldsOf(company: Company): AccountFields {
  return {
    account_status: company.account_status,
    plan_name: company.plan_name,
    credit: creditOf(company.credit),
    trial_ends_at: company.trial_ends_at,
  };
}

export function createAccountService(deps: {
  models: Models;
  activities: ActivityService;
  planManageUrl: string;
}): AccountService {
  const { models } = deps;
  const accountOf = (company: AccountFields) => toAccountDto(company, deps.planManageUrl);

  /** Administrator-only, checked here as well as on the route, so no other caller can reach it. */
  async function companyForAdministrator(scope: RequestScope, companyId: number): Promise<Company> {
    if (!scope.administrator) throw new AppError('forbidden', 'This action is unauthorized.');
    const company = await models.Company.findByPk(companyId);
    if (!company) throw AppError.notFound();
    return company;
  }

  async function apply(
    scope: RequestScope,
    company: Company,
    fields: AccountFields,
    action: PlanAction | 'create_account',
  ): Promise<CompanyAccountDto> {
    const before = accountFieldsOf(company);
    await company.update(fields);
    await deps.activities.record(scope, {
      event: 'company.plan_changed',
      subjectType: 'company',
      subjectId: company.id,
      // The company's own log shows what an administrator did to its account.
      companyId: company.id,
      old: { ...before, trial_ends_at: before.trial_ends_at?.toISOString() ?? null },
      new: { action, ...fields, trial_ends_at: fields.trial_ends_at?.toISOString() ?? null },
    });
    return accountOf(company);
  }

  return {
    accountOf,
    async current(scope) {
      const company = await models.Company.findByPk(scope.companyId);
      if (!company) throw AppError.notFound();
      return accountOf(company);
    },
    manageUrl() {
      return { url: deps.planManageUrl };
    },
    async notices(scope) {
      const [company, user] = await Promise.all([
        models.Company.findByPk(scope.companyId),
        models.User.findByPk(scope.userId, { attributes: ['id', 'account_notices_read_at'] }),
      ]);
      if (!company) throw AppError.notFound();
      return accountNotices(accountOf(company), user?.account_notices_read_at ?? null);
    },
    async markNoticesRead(scope) {
      await models.User.update({ account_notices_read_at: new Date() }, { where: { id: scope.userId } });
      return this.notices(scope);
    },
    async createAccount(scope, companyId) {
      const company = await companyForAdministrator(scope, companyId);
      return apply(scope, company, trialAccountFields(), 'create_account');
    },
    async setPlan(scope, companyId, action) {
      const company = await companyForAdministrator(scope, companyId);
      switch (action) {
        case 'force_plan':
          return apply(
            scope,
            company,
            {
              account_status: 3,
              plan_name: FORCED_PLAN_NAME,
              credit: creditOf(company.credit) ?? 0,
              trial_ends_at: null,
            },
            action,
          );
        case 'free_plan':
          return apply(
            scope,
            company,
            { account_status: 3, plan_name: null, credit: null, trial_ends_at: null },
            action,
          );
        case 'trial_plan':
          return apply(scope, company, trialAccountFields(), action);
        default:
          return assertUnreachable(action);
      }
    },
  };
}
