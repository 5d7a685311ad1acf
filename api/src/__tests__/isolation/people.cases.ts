import { createSecretToken } from '../../modules/auth/secret-token';
import { INVITATION_LIFETIME_MS } from '../../modules/invitations/invitation.service';
import { ALPHA_MARKER, noRequest, type IsolationWorld, type RouteCases } from './route-case';

let sequence = 0;
const unique = (label: string) => `${label}-${process.pid}-${++sequence}`;

/** A pending Alpha invitation (its address carries the marker, so a list leak shows), with its link token. */
async function alphaInvitation(
  world: IsolationWorld,
  email = `${ALPHA_MARKER}-${unique('invitee')}@isolation.test`,
) {
  const { token, hash } = createSecretToken();
  const invitation = await world.services.models.Invitation.create({
    company_id: world.alpha.company.id,
    email,
    role_id: world.alpha.memberRole.id,
    invited_by: world.alpha.owner.id,
    token_hash: hash,
    expires_at: new Date(Date.now() + INVITATION_LIFETIME_MS),
    accepted_at: null,
  });
  return { invitation, token };
}

async function alphaRole(world: IsolationWorld) {
  return world.services.models.Role.create({
    company_id: world.alpha.company.id,
    name: `${ALPHA_MARKER} ${unique('role')}`,
    permissions: [],
    is_default: false,
  });
}

/** A disabled rule: it never changes who may connect, whatever else the matrix runs. */
async function alphaIpRule(world: IsolationWorld) {
  return world.services.models.IpWhitelist.create({
    company_id: world.alpha.company.id,
    company_role_id: null,
    ip_address: '198.51.100.23',
    status: 0,
  });
}

const freshMember = (world: IsolationWorld) =>
  world.alpha.addMember([], { name: `${ALPHA_MARKER} ${unique('member')}` });

const inviteBody = async (world: IsolationWorld) => ({
  body: { email: `${unique('invited')}@isolation.test`, role_id: world.alpha.memberRole.id },
});

/** Cases for the people module's routes. */
export const peopleCases: RouteCases = {
  // Invitations
  'POST /users/invitations/invite': { request: inviteBody, ownerStatus: 201, isolation: 'own' },
  'POST /invitations/invite': { request: inviteBody, ownerStatus: 201, isolation: 'own' },
  'GET /invitations': {
    request: async (world) => {
      await alphaInvitation(world);
      return {};
    },
    ownerStatus: 200,
    isolation: 'own',
  },
  'GET /invitations/verify/:token': {
    request: async (world) => ({ params: { token: (await alphaInvitation(world)).token } }),
    ownerStatus: 200,
    isolation: 'public',
  },
  'POST /invitations/accept/:token': {
    request: async (world) => {
      // An address without the marker: request bodies must not carry it.
      const { invitation, token } = await alphaInvitation(world, `${unique('accepting')}@isolation.test`);
      return {
        params: { token },
        body: {
          existing_user: false,
          name: 'Accepting Person',
          email: invitation.email,
          password: 'a-good-password',
          password_confirmation: 'a-good-password',
        },
      };
    },
    ownerStatus: 200,
    isolation: 'public',
  },
  'GET /invitations/:id': {
    request: async (world) => ({ params: { id: (await alphaInvitation(world)).invitation.id } }),
    ownerStatus: 200,
    isolation: 'ids',
  },
  'PUT /invitations/:id': {
    request: async (world) => ({
      params: { id: (await alphaInvitation(world)).invitation.id },
      body: { role_id: world.alpha.administratorRole.id },
    }),
    ownerStatus: 200,
    isolation: 'ids',
  },
  'DELETE /invitations/:id': {
    request: async (world) => ({ params: { id: (await alphaInvitation(world)).invitation.id } }),
    ownerStatus: 204,
    isolation: 'ids',
  },

  // Users
  'GET /users': { request: noRequest, ownerStatus: 200, isolation: 'own' },
  'GET /users/:id': {
    request: async (world) => ({ params: { id: world.alpha.owner.id } }),
    ownerStatus: 200,
    isolation: 'ids',
  },
  'POST /users/:storeId/create': {
    request: async (world) => ({
      params: { storeId: world.alpha.stores[0]!.id },
      body: {
        name: 'Created Person',
        email: `${unique('created')}@isolation.test`,
        password: 'a-good-password',
        password_confirmation: 'a-good-password',
        role_id: world.alpha.memberRole.id,
      },
    }),
    ownerStatus: 201,
    isolation: 'ids',
  },
  'PUT /users/:id': {
    request: async (world) => ({
      params: { id: (await freshMember(world)).id },
      body: { name: 'Renamed Person' },
    }),
    ownerStatus: 200,
    isolation: 'ids',
  },
  'DELETE /users/:id': {
    request: async (world) => ({ params: { id: (await freshMember(world)).id } }),
    ownerStatus: 204,
    isolation: 'ids',
  },
  'PATCH /users/:id/verify': {
    request: async (world) => ({ params: { id: (await freshMember(world)).id } }),
    ownerStatus: 200,
    isolation: 'ids',
  },

  // Roles
  'GET /roles': { request: noRequest, ownerStatus: 200, isolation: 'own' },
  'GET /roles/default': { request: noRequest, ownerStatus: 200, isolation: 'own' },
  'GET /roles/:id': {
    request: async (world) => ({ params: { id: (await alphaRole(world)).id } }),
    ownerStatus: 200,
    isolation: 'ids',
  },
  'POST /roles/create': {
    request: async () => ({ body: { name: unique('Isolation role'), permissions: ['orders.read'] } }),
    ownerStatus: 201,
    isolation: 'own',
  },
  'PUT /roles/:id': {
    request: async (world) => ({
      params: { id: (await alphaRole(world)).id },
      body: { name: unique('Renamed role'), permissions: ['stores.read'] },
    }),
    ownerStatus: 200,
    isolation: 'ids',
  },
  'DELETE /roles/:id': {
    request: async (world) => ({ params: { id: (await alphaRole(world)).id } }),
    ownerStatus: 204,
    isolation: 'ids',
  },

  // IP whitelist
  'GET /ipWhitelist/company': { request: noRequest, ownerStatus: 200, isolation: 'own' },
  'GET /ipWhitelist/companyRole/:roleId': {
    request: async (world) => ({ params: { roleId: world.alpha.memberRole.id } }),
    ownerStatus: 200,
    isolation: 'ids',
  },
  'GET /ipWhitelist/:id': {
    request: async (world) => ({ params: { id: (await alphaIpRule(world)).id } }),
    ownerStatus: 200,
    isolation: 'ids',
  },
  'POST /ipWhitelist': {
    request: async () => ({ body: { ip_address: '203.0.113.0/24', status: 2 } }),
    ownerStatus: 201,
    isolation: 'own',
  },
  'PUT /ipWhitelist/:id': {
    request: async (world) => ({
      params: { id: (await alphaIpRule(world)).id },
      body: { ip_address: '198.51.100.24' },
    }),
    ownerStatus: 200,
    isolation: 'ids',
  },
  'DELETE /ipWhitelist/:id': {
    request: async (world) => ({ params: { id: (await alphaIpRule(world)).id } }),
    ownerStatus: 204,
    isolation: 'ids',
  },

  // Activity log
  'GET /activities': { request: noRequest, ownerStatus: 200, isolation: 'own' },
};
