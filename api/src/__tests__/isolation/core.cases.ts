import { noRequest, type RouteCases } from './route-case';

/** Health, session and account routes. */
export const coreCases: RouteCases = {
  'GET /health': { request: noRequest, ownerStatus: 200, isolation: 'public' },
  'POST /auth/signIn': {
    request: async (world) => ({ body: { email: world.alpha.owner.email, password: 'fixture-password-1' } }),
    ownerStatus: 200,
    isolation: 'public',
  },
  'POST /auth/signOut': {
    request: noRequest,
    ownerStatus: 204,
    isolation: 'own',
    consumesToken: true,
  },
  'POST /me': { request: noRequest, ownerStatus: 200, isolation: 'own' },
  'PUT /me': {
    request: async () => ({ body: { name: 'Owner Renamed' } }),
    ownerStatus: 200,
    isolation: 'own',
  },
  'POST /auth/switchCompany/:id': {
    request: async (world) => ({ params: { id: world.alpha.company.id } }),
    ownerStatus: 200,
    isolation: 'ids',
    consumesToken: true,
  },
  'POST /auth/changePassword': {
    request: async () => ({
      body: {
        current_password: 'fixture-password-1',
        password: 'fixture-password-1',
        password_confirmation: 'fixture-password-1',
      },
    }),
    ownerStatus: 200,
    isolation: 'own',
  },
  'POST /auth/resetPassword': {
    request: async () => ({ body: { email: 'nobody@isolation.test' } }),
    ownerStatus: 200,
    isolation: 'public',
  },
  'POST /auth/resetPasswordConfirm': {
    request: async () => ({
      body: { token: 'not-a-token', password: 'new-password-1', password_confirmation: 'new-password-1' },
    }),
    ownerStatus: 422,
    isolation: 'public',
  },
  'POST /auth/register': {
    request: async () => ({
      body: {
        company_name: 'Registered Co',
        name: 'New Person',
        email: `new-${Date.now()}@isolation.test`,
        password: 'a-good-password',
        password_confirmation: 'a-good-password',
      },
    }),
    ownerStatus: 201,
    isolation: 'public',
  },
  'POST /auth/verifyEmail': {
    request: async () => ({ body: { id: 1, token: 'not-a-token' } }),
    ownerStatus: 422,
    isolation: 'public',
  },
  'POST /auth/resendVerification': { request: noRequest, ownerStatus: 200, isolation: 'own' },
  'PUT /auth/saveFcmDeviceToken': {
    request: async () => ({
      body: { device_token: `device-${Date.now()}-${Math.random()}`, device_type: 'web' },
    }),
    ownerStatus: 200,
    isolation: 'own',
  },
  'DELETE /auth/deleteFcmDeviceToken/:id': {
    request: async (world) => {
      const device = await world.services.models.PushDeviceToken.create({
        user_id: world.alpha.owner.id,
        device_token: `device-${Date.now()}-${Math.random()}`,
        device_type: 'web',
      });
      return { params: { id: device.id } };
    },
    ownerStatus: 204,
    isolation: 'ids',
  },
  'GET /permissions': { request: noRequest, ownerStatus: 200, isolation: 'own' },
  'GET /userTokens': { request: noRequest, ownerStatus: 200, isolation: 'own' },
  'POST /userTokens': {
    request: async () => ({ body: { name: 'Integration token' } }),
    ownerStatus: 201,
    isolation: 'own',
  },
  'DELETE /userTokens/:id': {
    request: async (world) => {
      const created = await world.services.userTokens.create(
        await world.services.scopes.scopeFor(
          {
            userId: world.alpha.owner.id,
            companyId: world.alpha.company.id,
            tokenId: 'fixture',
            tokenExpiresAt: null,
          },
          { clientIp: '127.0.0.1', via: 'api' },
        ),
        'Alphamarker disposable',
      );
      return { params: { id: created.id } };
    },
    ownerStatus: 204,
    isolation: 'ids',
  },
  'GET /announcements': { request: noRequest, ownerStatus: 200, isolation: 'own' },
  'POST /announcements': {
    request: async () => ({ body: { message: 'Isolation check' } }),
    ownerStatus: 201,
    isolation: 'own',
    as: 'administrator',
  },
};
