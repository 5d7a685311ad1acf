import Koa from 'koa';
import Router from '@koa/router';
import { recordApiTokenCalls } from './modules/logs/api-token-calls';
import { bodyParser } from '@koa/bodyparser';
import type { Logger } from './logger';
import type { Services } from './services';
import { errorHandler } from './http/error-handler';
import { requestLogger } from './http/request-logger';
import { authenticate } from './http/authenticate';
import { accessGuard, DEFAULT_JSON_LIMIT, type ApiRoute } from './http/api-route';
import type { AppState } from './http/request-scope';
import { serveFrontend, type FrontendOptions } from './http/frontend/serve-frontend';
import { healthRoutes } from './modules/health/health.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { peopleRoutes } from './modules/people.module';
import { organisationRoutes } from './modules/organisation.module';
import { channelRoutes } from './modules/channels.module';
import { catalogueRoutes } from './modules/catalogue.module';
import { orderDomainRoutes } from './modules/order-domain.module';
import {
  authenticateHosted,
  hostedPageDocumentPolicy,
  hostedPageRoutesOf,
} from './modules/hosted-pages.module';
import { announcementRoutes } from './modules/announcements/announcement.routes';
import { logRoutes } from './modules/logs/logs.module';
import { ruleRoutes } from './modules/rules/rules.module';
import { syncRoutesOf } from './modules/sync/sync.module';

export interface AppOptions {
  logger: Logger;
  /** Read the client address from X-Forwarded-For (only behind a proxy you run). */
  trustProxy?: boolean;
  /** Serve the built shell and remotes; absent when the front end is hosted elsewhere. */
  frontend?: FrontendOptions;
}

/** Every route of the api, with the access each requires (the isolation tests enumerate these). */
export function apiRoutes(services: Services): ApiRoute[] {
  return [
    ...healthRoutes(services),
    ...authRoutes(services),
    ...peopleRoutes(services),
    // Before the organisation routes, so `GET /companies/channels` wins over `GET /companies/:id`.
    ...channelRoutes(services),
    ...syncRoutesOf(services),
    ...catalogueRoutes(services),
    ...orderDomainRoutes(services),
    ...hostedPageRoutesOf(services),
    ...organisationRoutes(services),
    ...announcementRoutes(services),
    ...logRoutes(services),
    ...ruleRoutes(services),
  ];
}

/** Builds the Koa app from already-constructed services (so tests use the real thing on a test database). */
export function createApp(services: Services, options: AppOptions): Koa<AppState> {
  const app = new Koa<AppState>();
  app.proxy = options.trustProxy ?? false;
  app.on('error', (error: Error) => options.logger.debug({ err: error }, 'koa error event'));

  const router = new Router<AppState>({ prefix: '/api' });
  const requireScope = authenticate(services.scopes);
  // Hosted routes take a hosted-page token and nothing else; every other route refuses one.
  const requireHostedVisitor = authenticateHosted(() => services.hostedVisitorAccess);
  const jsonBody = jsonBodyParsers();
  for (const definition of apiRoutes(services)) {
    const guard = accessGuard(definition.access);
    // The body is read last: a caller without a valid token or the permission is refused before
    // a single byte of it is parsed, and each route reads no more than its own limit.
    const middleware = [
      ...(definition.access === 'public'
        ? []
        : definition.access === 'hosted'
          ? [requireHostedVisitor]
          : [requireScope]),
      ...(guard ? [guard] : []),
      ...(definition.method === 'GET' || definition.options?.rawBody
        ? []
        : [jsonBody(definition.options?.jsonLimit ?? DEFAULT_JSON_LIMIT)]),
      (ctx: Parameters<ApiRoute['handler']>[0]) => definition.handler(ctx),
    ];
    router.register(definition.path, [definition.method], middleware as never);
  }

  app.use(requestLogger(options.logger));
  app.use(recordApiTokenCalls(() => services.transactionRecords.recorder));
  app.use(errorHandler(options.logger));
  app.use(router.routes()).use(router.allowedMethods({ throw: true }));
  if (options.frontend) {
    app.use(
      hostedPageDocumentPolicy({
        visitors: () => services.hostedVisitorAccess,
        lookOf: (companyId) => services.hostedPageSettings.lookOf(companyId),
        remoteManifest: options.frontend.remoteManifest,
      }),
    );
    app.use(serveFrontend(options.frontend));
  }
  return app;
}

/** One JSON body parser per distinct limit, shared by the routes that use it. */
function jsonBodyParsers() {
  const parsers = new Map<string, ReturnType<typeof bodyParser>>();
  return (jsonLimit: string) => {
    let parser = parsers.get(jsonLimit);
    if (!parser) {
      // DELETE too: the spec's bulk deletes send `{ all, …_uuids }`.
      parser = bodyParser({
        enableTypes: ['json'],
        jsonLimit,
        parsedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],
      });
      parsers.set(jsonLimit, parser);
    }
    return parser;
  };
}
