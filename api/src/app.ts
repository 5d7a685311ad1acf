import Koa from 'koa';
import Router from '@koa/router';
import { bodyParser } from '@koa/bodyparser';
import type { Logger } from './logger';
import type { Services } from './services';
import { errorHandler } from './http/error-handler';
import { requestLogger } from './http/request-logger';
import { requireAuth, type AuthState } from './http/auth';
import { serveFrontend, type FrontendOptions } from './http/frontend/serve-frontend';
import { healthRoutes } from './modules/health/health.routes';
import { demoTokenRoutes } from './modules/auth/demo-token.routes';
import { announcementRoutes } from './modules/announcements/announcement.routes';

export interface AppOptions {
  logger: Logger;
  demoMode: boolean;
  /** Serve the built shell and remotes; absent when the front end is hosted elsewhere. */
  frontend?: FrontendOptions;
}

/** Builds the Koa app from already-constructed services (so tests use the real thing on a test database). */
export function createApp(services: Services, options: AppOptions): Koa<AuthState> {
  const app = new Koa<AuthState>();
  app.on('error', (error: Error) => options.logger.debug({ err: error }, 'koa error event'));

  const publicRoutes = new Router({ prefix: '/api' });
  publicRoutes.use(healthRoutes(services).routes());
  if (options.demoMode) publicRoutes.use(demoTokenRoutes(services).routes());

  const protectedRoutes = new Router<AuthState>({ prefix: '/api' });
  protectedRoutes.use(requireAuth(services.tokens));
  protectedRoutes.use(announcementRoutes(services).routes());

  app.use(requestLogger(options.logger));
  app.use(errorHandler(options.logger));
  app.use(bodyParser({ enableTypes: ['json'], jsonLimit: '2mb' }));
  app.use(publicRoutes.routes()).use(publicRoutes.allowedMethods({ throw: true }));
  app.use(protectedRoutes.routes()).use(protectedRoutes.allowedMethods({ throw: true }));
  if (options.frontend) app.use(serveFrontend(options.frontend));
  return app;
}
