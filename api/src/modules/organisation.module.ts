import type { ApiRoute } from '../http/api-route';
import type { CoreServices, Services } from '../services';
import { accountRoutes } from './accounts/account.routes';
import { createAccountService, type AccountService } from './accounts/account.service';
import { companyRoutes } from './companies/company.routes';
import { createCompanyService, type CompanyService } from './companies/company.service';
import { createStoreSharingService, type StoreSharingService } from './stores/store-sharing.service';
import { createStoreService, type StoreService } from './stores/store.service';
import { storeRoutes } from './stores/store.routes';

/** Companies, the accounts system (trial, plans), stores, their notification e-mails and sharing. */
export interface OrganisationServices {
  companies: CompanyService;
  accounts: AccountService;
  stores: StoreService;
  storeSharing: StoreSharingService;
}

export function createOrganisationServices(core: CoreServices): OrganisationServices {
  const { sequelize, models, activities } = core;
  const accounts = createAccountService({ models, activities, planManageUrl: core.planManageUrl });
  return {
    accounts,
    companies: createCompanyService({ sequelize, models, activities, accounts }),
    stores: createStoreService({ sequelize, models, activities }),
    storeSharing: createStoreSharingService({ models, activities }),
  };
}

/** The isolation matrix lists routes with empty services, so the services are only used inside handlers. */
export function organisationRoutes(services: Services): ApiRoute[] {
  return [
    ...companyRoutes(services.companies),
    ...accountRoutes(services.accounts),
    ...storeRoutes(services.stores, services.storeSharing),
  ];
}
