import { createCompany } from '../../testing/identity-fixtures';
import type { Services } from '../../services';
import { ALPHA_MARKER, type IsolationWorld } from './route-case';

export async function buildIsolationWorld(services: Services): Promise<IsolationWorld> {
  const alpha = await createCompany(services, {
    name: `${ALPHA_MARKER} Company`,
    stores: [`${ALPHA_MARKER} Store One`, `${ALPHA_MARKER} Store Two`],
    ownerEmail: `${ALPHA_MARKER.toLowerCase()}-owner@isolation.test`,
  });
  const powerless = await alpha.addMember([], { name: `${ALPHA_MARKER} Powerless` });
  const beta = await createCompany(services, { name: 'Beta Company', stores: ['Beta Store'] });
  const operations = await createCompany(services, { name: 'Operations', administrator: true });
  return {
    services,
    alpha,
    alphaOwnerToken: await alpha.tokenFor(alpha.owner),
    alphaPowerlessToken: await alpha.tokenFor(powerless),
    beta,
    betaOwnerToken: await beta.tokenFor(beta.owner),
    administratorToken: await operations.tokenFor(operations.owner),
  };
}
