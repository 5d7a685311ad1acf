import type { PermissionName } from '@syncdesk/contracts';
import { createCompany } from '../../testing/identity-fixtures';
import type { Services } from '../../services';
import { ALPHA_MARKER, type AlphaMember, type IsolationWorld } from './route-case';

/** Built once for the whole matrix; `onePermission` lists the permissions to give one member each. */
export async function buildIsolationWorld(
  services: Services,
  onePermission: readonly PermissionName[],
): Promise<IsolationWorld> {
  const alpha = await createCompany(services, {
    name: `${ALPHA_MARKER} Company`,
    stores: [`${ALPHA_MARKER} Store One`, `${ALPHA_MARKER} Store Two`],
    ownerEmail: `${ALPHA_MARKER.toLowerCase()}-owner@isolation.test`,
  });
  const powerless = await alpha.addMember([], { name: `${ALPHA_MARKER} Powerless` });
  const alphaOnePermission: IsolationWorld['alphaOnePermission'] = {};
  for (const permission of onePermission) {
    const user = await alpha.addMember([permission], { name: `${ALPHA_MARKER} Holding ${permission}` });
    const member: AlphaMember = { user, role: await alpha.roleOf(user), token: await alpha.tokenFor(user) };
    alphaOnePermission[permission] = member;
  }
  const beta = await createCompany(services, { name: 'Beta Company', stores: ['Beta Store'] });
  const operations = await createCompany(services, { name: 'Operations', administrator: true });
  return {
    services,
    alpha,
    alphaOwnerToken: await alpha.tokenFor(alpha.owner),
    alphaPowerlessToken: await alpha.tokenFor(powerless),
    alphaOnePermission,
    beta,
    betaOwnerToken: await beta.tokenFor(beta.owner),
    administratorToken: await operations.tokenFor(operations.owner),
  };
}
