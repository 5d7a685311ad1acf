import { apiRoutes } from '../../app';
import type { ApiRoute } from '../../http/api-route';
import type { Services } from '../../services';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { readJson, startTestProcess, type TestProcess } from '../../testing/test-process';
import { buildIsolationWorld } from './isolation-world';
import { ALPHA_MARKER, type IsolationWorld, type RouteCase, type RouteCases } from './route-case';
import { coreCases } from './core.cases';
import { peopleCases } from './people.cases';
import { organisationCases } from './organisation.cases';
import { channelCases } from './channels.cases';
import { authorizationCases, authorizationEnvironment } from './authorization.cases';
import { connectionCases } from './connections.cases';
import { webhookCases } from './webhooks.cases';
import { courierCases } from './couriers.cases';

/**
 * Generated from the router: every route of the api gets the same questions. Anonymous → 401;
 * a member without the permission → 403; another company's user holding every permission → 404
 * for Alpha's ids (or an answer without Alpha's data); Alpha's owner → success. A new route
 * without a case fails the first test below.
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
};

// Enumerating routes needs no running services: handlers are only read, never called, here.
const ROUTES: ApiRoute[] = apiRoutes({} as Services);
const keyOf = (route: ApiRoute) => `${route.method} ${route.path}`;

it('has an isolation case for every route', () => {
  const missing = ROUTES.map(keyOf).filter((key) => !CASES[key]);
  expect(missing).toEqual([]);
  const stale = Object.keys(CASES).filter((key) => !ROUTES.some((route) => keyOf(route) === key));
  expect(stale).toEqual([]);
});

describe('tenant isolation matrix (MySQL)', () => {
  let database: TestDatabase;
  let server: TestProcess;
  let world: IsolationWorld;

  beforeAll(async () => {
    database = await createTestDatabase('mysql', 'isolation');
    server = await startTestProcess(database.url, { ...authorizationEnvironment });
    world = await buildIsolationWorld(server.services);
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  async function call(route: ApiRoute, routeCase: RouteCase, token: string | null) {
    const request = await routeCase.request(world);
    const path = route.path.replace(/:(\w+)/g, (_, name: string) => {
      const value = request.params?.[name];
      if (value === undefined) throw new Error(`${keyOf(route)}: the case gives no value for :${name}`);
      return encodeURIComponent(String(value));
    });
    const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
    const response = await server.request(route.method, `/api${path}`, {
      token: token ?? undefined,
      body: hasBody ? (request.body ?? {}) : undefined,
    });
    const text = await response.text();
    return { status: response.status, text };
  }

  async function ownerToken(routeCase: RouteCase): Promise<string> {
    if (routeCase.as === 'administrator') return world.administratorToken;
    if (routeCase.consumesToken) return world.alpha.tokenFor(world.alpha.owner);
    return world.alphaOwnerToken;
  }

  async function betaToken(routeCase: RouteCase): Promise<string> {
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
        if (status < 300 && text) expect(() => JSON.parse(text)).not.toThrow();
      });
    });
  }
});

export { readJson };
