import type { ApiRoute } from '../http/api-route';
import type { CoreServices, Services } from '../services';

/** Companies, the accounts system (trial, plans), stores, their notification e-mails and sharing. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in as the modules land
export interface OrganisationServices {}

export function createOrganisationServices(_core: CoreServices): OrganisationServices {
  return {};
}

export function organisationRoutes(_services: Services): ApiRoute[] {
  return [];
}
