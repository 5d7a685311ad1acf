import type { ApiRoute } from '../http/api-route';
import type { CoreServices, Services } from '../services';

/** Users, invitations, roles, IP whitelist and the activity log: who may do what in a company. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in as the modules land
export interface PeopleServices {}

export function createPeopleServices(_core: CoreServices): PeopleServices {
  return {};
}

export function peopleRoutes(_services: Services): ApiRoute[] {
  return [];
}
