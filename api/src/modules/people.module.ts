import type { ApiRoute } from '../http/api-route';
import type { CoreServices, Services } from '../services';
import { activityRoutes } from './activities/activity.routes';
import { createInvitationService, type InvitationService } from './invitations/invitation.service';
import { invitationRoutes } from './invitations/invitation.routes';
import { createIpWhitelistService, type IpWhitelistService } from './ip-whitelist/ip-whitelist.service';
import { ipWhitelistRoutes } from './ip-whitelist/ip-whitelist.routes';
import { createRoleService, type RoleService } from './roles/role.service';
import { roleRoutes } from './roles/role.routes';
import { createUserService, type UserService } from './users/user.service';
import { userRoutes } from './users/user.routes';

/** Users, invitations, roles, IP whitelist and the activity log: who may do what in a company. */
export interface PeopleServices {
  users: UserService;
  invitations: InvitationService;
  roles: RoleService;
  ipWhitelist: IpWhitelistService;
}

export function createPeopleServices(core: CoreServices): PeopleServices {
  const invitations = createInvitationService(core);
  return {
    users: createUserService({ ...core, invitations }),
    invitations,
    roles: createRoleService(core),
    ipWhitelist: createIpWhitelistService(core),
  };
}

export function peopleRoutes(services: Services): ApiRoute[] {
  return [
    // Invitations first: `POST /users/invitations/invite` is declared before the `/users/:id` family.
    ...invitationRoutes(services.invitations),
    ...userRoutes(services.users),
    ...roleRoutes(services.roles),
    ...ipWhitelistRoutes(services.ipWhitelist),
    ...activityRoutes(services.activities),
  ];
}
