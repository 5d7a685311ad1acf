import { createCompany } from '../../testing/identity-fixtures';
import { ALPHA_MARKER, noRequest, type IsolationWorld, type RouteCases } from './route-case';

/** Alpha's owner's scope in Alpha, for setting up records through the services. */
function alphaOwnerScope(world: IsolationWorld) {
  return world.services.scopes.scopeFor(
    {
      userId: world.alpha.owner.id,
      companyId: world.alpha.company.id,
      tokenId: 'fixture',
      tokenExpiresAt: null,
    },
    { clientIp: '127.0.0.1', via: 'api' },
  );
}

/** A store of Alpha's made for one call, so destructive cases never touch the shared fixtures. */
async function freshAlphaStore(world: IsolationWorld) {
  return world.services.models.Store.create({
    company_id: world.alpha.company.id,
    name: `${ALPHA_MARKER} Disposable Store`,
  });
}

/** A third company to share Alpha's stores with: never Beta, which must not see Alpha's stores. */
async function shareTarget(world: IsolationWorld) {
  return (await createCompany(world.services, { name: 'Share Target' })).company;
}

/** `PUT /companies/:id` renames Alpha; the marker goes back into its name before later cases. */
async function restoreAlphaName(world: IsolationWorld) {
  await world.services.models.Company.update(
    { name: `${ALPHA_MARKER} Company` },
    { where: { id: world.alpha.company.id } },
  );
}

/** Cases for the organisation module's routes. */
export const organisationCases: RouteCases = {
  'GET /companies': { request: noRequest, ownerStatus: 200, isolation: 'own' },
  'POST /companies/create': {
    request: async () => ({ body: { name: 'Isolation Created Company' } }),
    ownerStatus: 201,
    isolation: 'own',
  },
  'GET /companies/:id': {
    request: async (world) => ({ params: { id: world.alpha.company.id } }),
    ownerStatus: 200,
    isolation: 'ids',
  },
  'PUT /companies/:id': {
    request: async (world) => ({
      params: { id: world.alpha.company.id },
      body: { name: 'Alpha Company Renamed' },
    }),
    ownerStatus: 200,
    isolation: 'ids',
  },
  'DELETE /companies/:id': {
    request: async (world) => {
      await restoreAlphaName(world);
      // Owned by Alpha's owner, not their current company, without stores: deletable.
      const company = await world.services.companies.create(await alphaOwnerScope(world), {
        name: `${ALPHA_MARKER} Disposable Company`,
      });
      return { params: { id: company.id } };
    },
    ownerStatus: 204,
    isolation: 'ids',
  },
  'POST /accounts-system/create-account/:id': {
    request: async (world) => ({ params: { id: world.alpha.company.id } }),
    ownerStatus: 200,
    isolation: 'own',
    as: 'administrator',
  },
  'POST /accounts-system/set-plan/:id': {
    request: async (world) => ({ params: { id: world.alpha.company.id }, body: { status: 'free_plan' } }),
    ownerStatus: 200,
    isolation: 'own',
    as: 'administrator',
  },
  'GET /accounts-system/manage-url': { request: noRequest, ownerStatus: 200, isolation: 'own' },
  'GET /accounts-system/notifications': { request: async () => ({}), ownerStatus: 200, isolation: 'own' },
  'GET /accounts-system/notification-read': { request: async () => ({}), ownerStatus: 200, isolation: 'own' },
  'GET /accounts-system/company': { request: noRequest, ownerStatus: 200, isolation: 'own' },
  'GET /stores': { request: noRequest, ownerStatus: 200, isolation: 'own' },
  'POST /stores/create': {
    request: async () => ({
      body: { name: 'Isolation Store', storeNotifications: ['ops@isolation.test'] },
    }),
    ownerStatus: 201,
    isolation: 'own',
  },
  'GET /stores/:id': {
    request: async (world) => ({ params: { id: world.alpha.stores[0]!.id } }),
    ownerStatus: 200,
    isolation: 'ids',
  },
  'PUT /stores/:id': {
    request: async (world) => ({
      params: { id: (await freshAlphaStore(world)).id },
      body: { name: 'Renamed Store', storeNotifications: ['ops@isolation.test'] },
    }),
    ownerStatus: 200,
    isolation: 'ids',
  },
  'PUT /stores/:id/notifications': {
    request: async (world) => ({
      params: { id: world.alpha.stores[0]!.id },
      body: { storeNotifications: ['alerts@isolation.test'] },
    }),
    ownerStatus: 200,
    isolation: 'ids',
  },
  'DELETE /stores/:id': {
    request: async (world) => ({ params: { id: (await freshAlphaStore(world)).id } }),
    ownerStatus: 204,
    isolation: 'ids',
  },
  'GET /stores/:storeId/sharedCompanies': {
    request: async (world) => ({ params: { storeId: world.alpha.stores[0]!.id } }),
    ownerStatus: 200,
    isolation: 'ids',
  },
  'POST /stores/:storeId/shareCompany': {
    request: async (world) => ({
      params: { storeId: (await freshAlphaStore(world)).id },
      body: { company_uuid: (await shareTarget(world)).uuid },
    }),
    ownerStatus: 201,
    isolation: 'ids',
  },
  'DELETE /stores/:storeId/shareCompany/:companyId': {
    request: async (world) => {
      const store = await freshAlphaStore(world);
      const target = await shareTarget(world);
      await world.services.models.StoreShare.create({ store_id: store.id, company_id: target.id });
      return { params: { storeId: store.id, companyId: target.id } };
    },
    ownerStatus: 204,
    isolation: 'ids',
  },
};
