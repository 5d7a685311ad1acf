import { createSecretToken } from '../../modules/auth/secret-token';
import { INVITATION_LIFETIME_MS } from '../../modules/invitations/invitation.service';
import type { PermissionName } from '@syncdesk/contracts';
import {
  ALPHA_MARKER,
  noRequest,
  type AlphaMember,
  type EscalationCase,
  type IsolationWorld,
  type RouteCases,
} from './route-case';

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

async function alphaRole(world: IsolationWorld, permissions: PermissionName[] = []) {
  return world.services.models.Role.create({
    company_id: world.alpha.company.id,
    name: `${ALPHA_MARKER} ${unique('role')}`,
    permissions,
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

// The Member role reads orders, products…: more than a member holding only users.create may grant.
const inviteBody = async (world: IsolationWorld) => ({
  body: { email: `${unique('invited')}@isolation.test`, role_id: world.alpha.memberRole.id },
});

const inviteEscalations: EscalationCase[] = [
  {
    name: 'invites to a role within their own',
    request: async (_world, caller) => ({
      body: { email: `${unique('invited')}@isolation.test`, role_id: caller.role.id },
    }),
    status: 201,
  },
];

const createUserBody = (email: string, roleId: number) => ({
  name: 'Created Person',
  email,
  password: 'a-good-password',
  password_confirmation: 'a-good-password',
  role_id: roleId,
});

/** A role holding nothing: anyone may grant it, so only the rule under test can refuse it. */
const emptyRole = (world: IsolationWorld) => alphaRole(world);

const userUpdateEscalations: EscalationCase[] = [
  {
    name: 'changes their own role',
    request: async (world, caller: AlphaMember) => ({
      params: { id: caller.user.id },
      body: { role_id: (await emptyRole(world)).id },
    }),
    status: 403,
  },
  {
    name: 'moves the owner to a role holding nothing',
    request: async (world) => ({
      params: { id: world.alpha.owner.id },
      body: { role_id: (await emptyRole(world)).id },
    }),
    status: 403,
  },
  {
    name: 'changes their own role',
    as: 'owner',
    request: async (world) => ({
      params: { id: world.alpha.owner.id },
      body: { role_id: world.alpha.memberRole.id },
    }),
    status: 403,
  },
  {
    name: 'moves a member holding more than they do',
    request: async (world) => ({
      params: { id: (await world.alpha.addMemberWithRole(world.alpha.administratorRole)).id },
      body: { role_id: (await emptyRole(world)).id },
    }),
    status: 403,
  },
  {
    name: 'moves a member to a role within their own',
    request: async (world, caller) => ({
      params: { id: (await freshMember(world)).id },
      body: { role_id: caller.role.id },
    }),
    status: 200,
  },
];

/** Cases for the people module's routes. */
export const peopleCases: RouteCases = {
  // Invitations
  'POST /users/invitations/invite': {
    request: inviteBody,
    ownerStatus: 201,
    isolation: 'own',
    onePermissionStatus: 403,
    escalations: inviteEscalations,
  },
  'POST /invitations/invite': {
    request: inviteBody,
    ownerStatus: 201,
    isolation: 'own',
    onePermissionStatus: 403,
    escalations: inviteEscalations,
  },
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
    onePermissionStatus: 403,
    escalations: [
      {
        name: 'changes the role to one within their own',
        request: async (world, caller) => ({
          params: { id: (await alphaInvitation(world)).invitation.id },
          body: { role_id: caller.role.id },
        }),
        status: 200,
      },
    ],
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
      body: createUserBody(`${unique('created')}@isolation.test`, world.alpha.memberRole.id),
    }),
    ownerStatus: 202,
    isolation: 'ids',
    onePermissionStatus: 403,
    escalations: [
      {
        name: 'adds someone with a role within their own',
        request: async (world, caller) => ({
          params: { storeId: world.alpha.stores[0]!.id },
          body: createUserBody(`${unique('created')}@isolation.test`, caller.role.id),
        }),
        status: 202,
      },
    ],
  },
  'PUT /users/:id': {
    request: async (world) => ({
      params: { id: (await freshMember(world)).id },
      body: { name: 'Renamed Person', role_id: world.alpha.administratorRole.id },
    }),
    ownerStatus: 200,
    isolation: 'ids',
    onePermissionStatus: 403,
    escalations: userUpdateEscalations,
  },
  'DELETE /users/:id': {
    request: async (world) => ({ params: { id: (await freshMember(world)).id } }),
    ownerStatus: 204,
    isolation: 'ids',
    escalations: [
      {
        name: 'removes a member holding more than they do',
        request: async (world) => ({
          params: { id: (await world.alpha.addMemberWithRole(world.alpha.administratorRole)).id },
        }),
        status: 403,
      },
    ],
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
    onePermissionStatus: 403,
    escalations: [
      {
        name: 'creates a role within their own',
        request: async () => ({ body: { name: unique('Isolation role'), permissions: ['roles.create'] } }),
        status: 201,
      },
    ],
  },
  'PUT /roles/:id': {
    request: async (world) => ({
      params: { id: (await alphaRole(world)).id },
      body: { name: unique('Renamed role'), permissions: ['stores.read'] },
    }),
    ownerStatus: 200,
    isolation: 'ids',
    onePermissionStatus: 403,
    escalations: [
      {
        name: 'widens their own role',
        request: async (_world, caller) => ({
          params: { id: caller.role.id },
          body: { permissions: [...caller.role.permissions, 'users.update'] },
        }),
        status: 403,
      },
      {
        name: 'renames the Administrator role',
        request: async (world) => ({
          params: { id: world.alpha.administratorRole.id },
          body: { name: unique('Renamed role') },
        }),
        status: 403,
      },
      {
        name: 'narrows the Administrator role',
        request: async (world) => ({
          params: { id: world.alpha.administratorRole.id },
          body: { permissions: ['roles.update'] },
        }),
        status: 403,
      },
      {
        name: 'gives a role permissions within their own',
        request: async (world, caller) => ({
          params: { id: (await alphaRole(world)).id },
          body: { name: unique('Renamed role'), permissions: caller.role.permissions },
        }),
        status: 200,
      },
    ],
  },
  'DELETE /roles/:id': {
    request: async (world) => ({ params: { id: (await alphaRole(world)).id } }),
    ownerStatus: 204,
    isolation: 'ids',
    escalations: [
      {
        name: 'deletes an unused role holding more than they do',
        request: async (world) => ({ params: { id: (await alphaRole(world, ['orders.delete'])).id } }),
        status: 403,
      },
    ],
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
