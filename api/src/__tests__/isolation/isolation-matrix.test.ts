import type { PermissionName } from '@syncdesk/contracts';
import { apiRoutes } from '../../app';
import type { ApiRoute } from '../../http/api-route';
import type { Services } from '../../services';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { readJson, startTestProcess, type TestProcess } from '@syncdesk/server/testing';
import { buildIsolationWorld } from './isolation-world';
import {
  ALPHA_MARKER,
  onePermissionOf,
  type AlphaMember,
  type CaseRequest,
  type IsolationWorld,
  type RouteCase,
  type RouteCases,
} from './route-case';
import { coreCases } from './core.cases';
import { peopleCases } from './people.cases';
import { organisationCases } from './organisation.cases';
import { channelCases } from './channels.cases';
import { authorizationCases, authorizationEnvironment } from './authorization.cases';
import { connectionCases } from './connections.cases';
import { webhookCases } from './webhooks.cases';
import { courierCases } from './couriers.cases';
import { productsCases } from './products.cases';
import { channelProductsCases } from './channel-products.cases';
import { transfersCases } from './transfers.cases';
import { notificationsCases } from './notifications.cases';
import { ordersCases } from './orders.cases';
import { orderActionsCases } from './order-actions.cases';
import { customersCases } from './customers.cases';
import { invoicesCases } from './invoices.cases';
import { confirmationOrdersCases } from './confirmation-orders.cases';
import { hostedPagesCases, hostedVisitorToken } from './hosted-pages.cases';
import { channelWebhooksCases } from './channel-webhooks.cases';
import { logsCases } from './logs.cases';
import { syncCases } from './sync.cases';
import { rulesCases } from './rules.cases';
import { ruleRunCases } from './rule-runs.cases';

/**
 * Generated from the router: every route of the api gets the same questions. Anonymous → 401;
 * a member without the permission → 403; another company's user holding every permission → 404
 * for Alpha's ids (or an answer without Alpha's data); Alpha's owner → success. A new route
 * without a case fails the first test below. The routes of users, roles and invitations are also
 * called by an Alpha member holding only their permission (`onePermissionStatus`), and their cases
 * add the escalations that member (or the owner) must be refused. Hosted-page routes are asked
 * with hosted-page visitors' tokens instead (hosted-pages.cases.ts); every other route refuses
 * such a token with 401, and every hosted route refuses a user's token with 401.
 */
const CASES: RouteCases = {
  ...coreCases,
  ...peopleCases,
  ...organisationCases,
  ...channelCases,
  ...authorizationCases,
  ...connectionCases,
  ...webhookCases,
  ...courierCases,
  ...productsCases,
  ...channelProductsCases,
  ...transfersCases,
  ...notificationsCases,
  ...ordersCases,
  ...orderActionsCases,
  ...customersCases,
  ...invoicesCases,
  ...confirmationOrdersCases,
  ...hostedPagesCases,
  ...channelWebhooksCases,
  ...logsCases,
  ...syncCases,
  ...rulesCases,
  ...ruleRunCases,
};

// Enumerating routes needs no running services: handlers are only read, never called, here.
const ROUTES: ApiRoute[] = apiRoutes({} as Services);
const keyOf = (route: ApiRoute) => `${route.method} ${route.path}`;

it('has an isolation case for every route', () => {
  const missing = ROUTES.map(keyOf).filter((key) => !CASES[key]);
  expect(missing).toEqual([]);
  const stale = Object.keys(CASES).filter((key) => !ROUTES.some((route) => keyOf(route) === key));
  expect(stale).toEqual([]);
  // A one-permission expectation on any other route would never run.
  const ignored = ROUTES.filter((route) => {
    const routeCase = CASES[keyOf(route)];
    const expects = routeCase?.onePermissionStatus !== undefined || routeCase?.escalations !== undefined;
    return expects && !onePermissionOf(route);
  }).map(keyOf);
  expect(ignored).toEqual([]);
});

const ONE_PERMISSIONS = [...new Set(ROUTES.map(onePermissionOf).filter((permission) => permission !== null))];

describe('tenant isolation matrix (MySQL)', () => {
  let database: TestDatabase;
  let server: TestProcess;
  let world: IsolationWorld;

  beforeAll(async () => {
    database = await createTestDatabase('mysql', 'isolation');
    server = await startTestProcess(database.url, {
      ...authorizationEnvironment,
      // Shop URLs here (alpha.myshopify.com) can't be resolved without DNS; the outbound-URL guard
      // has its own tests, and this suite is about who may reach what.
      OUTBOUND_ALLOW_PRIVATE_TARGETS: 'true',
      // Requests only: the jobs some routes queue are not this suite's business. A worker here ran
      // them, and Agenda leaves a timer of half a job's lock lifetime behind each run (5 min for a
      // rules run), which kept Jest from exiting for five minutes after the last test.
      APP_ROLE: 'api',
    });
    world = await buildIsolationWorld(server.services, ONE_PERMISSIONS);
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  async function call(route: ApiRoute, routeCase: RouteCase, token: string | null) {
    return send(route, await routeCase.request(world), token);
  }

  async function send(route: ApiRoute, request: CaseRequest, token: string | null) {
    const path = route.path.replace(/:(\w+)/g, (_, name: string) => {
      const value = request.params?.[name];
      if (value === undefined) throw new Error(`${keyOf(route)}: the case gives no value for :${name}`);
      return encodeURIComponent(String(value));
    });
    // A DELETE sends a body only when its case gives one (bulk deletes name their selection).
    const hasBody = route.method !== 'GET' && (route.method !== 'DELETE' || request.body !== undefined);
    const response = await server.request(route.method, `/api${path}`, {
      token: token ?? undefined,
      body: hasBody ? (request.body ?? {}) : undefined,
    });
    const text = await response.text();
    return { status: response.status, text };
  }

  async function ownerToken(routeCase: RouteCase): Promise<string> {
    if (routeCase.token) return routeCase.token(world, 'alpha');
    if (routeCase.as === 'administrator') return world.administratorToken;
    if (routeCase.consumesToken) return world.alpha.tokenFor(world.alpha.owner);
    return world.alphaOwnerToken;
  }

  function onePermissionMember(permission: PermissionName): AlphaMember {
    const member = world.alphaOnePermission[permission];
    if (!member) throw new Error(`the world has no member holding only ${permission}`);
    return member;
  }

  function alphaOwner(): AlphaMember {
    const { alpha } = world;
    return { user: alpha.owner, role: alpha.administratorRole, token: world.alphaOwnerToken };
  }

  async function betaToken(routeCase: RouteCase): Promise<string> {
    if (routeCase.token) return routeCase.token(world, 'beta');
    return routeCase.consumesToken ? world.beta.tokenFor(world.beta.owner) : world.betaOwnerToken;
  }

  for (const route of ROUTES) {
    const key = keyOf(route);
    const routeCase = CASES[key];
    if (!routeCase) continue;
    describe(key, () => {
      if (route.access !== 'public') {
        it('refuses an anonymous caller with 401', async () => {
          expect((await call(route, routeCase, null)).status).toBe(401);
        });
      }
      // A hosted-page token opens the hosted routes and nothing else; a user's token opens none of them.
      if (route.access !== 'public' && route.access !== 'hosted') {
        it('refuses a hosted-page visitor’s token with 401', async () => {
          expect((await call(route, routeCase, await hostedVisitorToken(world))).status).toBe(401);
        });
      }
      if (route.access === 'hosted') {
        it('refuses a signed-in user’s token with 401', async () => {
          expect((await call(route, routeCase, world.alphaOwnerToken)).status).toBe(401);
        });
      }
      if (typeof route.access === 'object') {
        it(`refuses a member without ${route.access.permission} with 403`, async () => {
          expect((await call(route, routeCase, world.alphaPowerlessToken)).status).toBe(403);
        });
      }
      if (route.access === 'administrator') {
        it('refuses a company owner who is not a platform administrator with 403', async () => {
          expect((await call(route, routeCase, world.alphaOwnerToken)).status).toBe(403);
        });
      }
      if (routeCase.isolation === 'ids') {
        it("answers another company's full-permission user with 404 for Alpha's ids", async () => {
          const { status, text } = await call(route, routeCase, await betaToken(routeCase));
          expect(status).toBe(404);
          expect(text).not.toContain(ALPHA_MARKER);
        });
      }
      if (routeCase.isolation === 'own' && routeCase.as !== 'administrator') {
        it("never shows another company's user Alpha's data", async () => {
          const { status, text } = await call(route, routeCase, await betaToken(routeCase));
          expect(status).toBeLessThan(500);
          expect(text).not.toContain(ALPHA_MARKER);
        });
      }
      it(`lets ${routeCase.as === 'administrator' ? 'the administrator' : "Alpha's owner"} succeed (${routeCase.ownerStatus})`, async () => {
        const { status, text } = await call(route, routeCase, await ownerToken(routeCase));
        if (status !== routeCase.ownerStatus)
          throw new Error(`${key} answered ${status}: ${text.slice(0, 300)}`);
        if (status < 300 && text && !routeCase.answersFile) expect(() => JSON.parse(text)).not.toThrow();
      });
      const permission = onePermissionOf(route);
      if (!permission) return;
      const holder = `a member holding only ${permission}`;
      const expected = routeCase.onePermissionStatus ?? routeCase.ownerStatus;
      it(`answers ${holder} with ${expected}`, async () => {
        const { status, text } = await call(route, routeCase, onePermissionMember(permission).token);
        if (status !== expected) throw new Error(`${key} answered ${status}: ${text.slice(0, 300)}`);
      });
      for (const escalation of routeCase.escalations ?? []) {
        const who = escalation.as === 'owner' ? "Alpha's owner" : holder;
        it(`answers ${who} who ${escalation.name} with ${escalation.status}`, async () => {
          const caller = escalation.as === 'owner' ? alphaOwner() : onePermissionMember(permission);
          const request = await escalation.request(world, caller);
          const { status, text } = await send(route, request, caller.token);
          if (status !== escalation.status)
            throw new Error(`${key} answered ${status}: ${text.slice(0, 300)}`);
        });
      }
    });
  }
});

export { readJson };
