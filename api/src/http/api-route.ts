import type { Middleware, ParameterizedContext } from 'koa';
import type { PermissionName } from '@syncdesk/contracts';
import { AppError } from './app-error';
import type { AppState, RequestScope } from './request-scope';

/**
 * Who may call a route: anyone, any signed-in user, platform administrators, holders of a
 * permission, or (`hosted`) the visitor of a hosted-page link, whose bearer token opens these
 * routes only. Every route declares one, and the isolation test suite reads them.
 */
export type RouteAccess =
  'public' | 'authenticated' | 'administrator' | 'hosted' | { permission: PermissionName };

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type RouteContext = ParameterizedContext<AppState> & { params: Record<string, string> };

/** The largest JSON body a route reads unless it says otherwise. */
export const DEFAULT_JSON_LIMIT = '256kb';

export interface RouteOptions {
  /** Largest JSON body this route accepts (`bytes` syntax, e.g. '2mb'); larger answers 413. */
  jsonLimit?: string;
  /** The handler reads the body's bytes itself (a signature covers them as sent); no JSON parser runs. */
  rawBody?: boolean;
}

export interface ApiRoute {
  method: HttpMethod;
  /** Relative to `/api`, in @koa/router syntax (`/users/:id`). */
  path: string;
  access: RouteAccess;
  handler(ctx: RouteContext): Promise<void>;
  options?: RouteOptions;
}

export function route(
  method: HttpMethod,
  path: string,
  access: RouteAccess,
  handler: (ctx: RouteContext) => Promise<void>,
  options?: RouteOptions,
): ApiRoute {
  return { method, path, access, handler, ...(options ? { options } : {}) };
}

export function scopeOf(ctx: ParameterizedContext<AppState>): RequestScope {
  if (!ctx.state.scope) throw new AppError('unauthenticated', 'Unauthenticated.');
  return ctx.state.scope;
}

/** A numeric path parameter; anything else is simply not found. */
export function idParam(ctx: RouteContext, name: string): number {
  const value = ctx.params[name];
  const id = Number(value);
  if (!value || !/^\d+$/.test(value) || !Number.isSafeInteger(id) || id <= 0) throw AppError.notFound();
  return id;
}

export function accessGuard(access: RouteAccess): Middleware<AppState> | undefined {
  // A hosted route's own authentication (modules/hosted-pages) is all the access it needs.
  if (access === 'public' || access === 'authenticated' || access === 'hosted') return undefined;
  if (access === 'administrator') {
    return async function administratorsOnly(ctx, next) {
      if (!scopeOf(ctx).administrator) throw new AppError('forbidden', 'This action is unauthorized.');
      await next();
    };
  }
  const { permission } = access;
  return async function requirePermission(ctx, next) {
    if (!scopeOf(ctx).permissions.has(permission))
      throw new AppError('forbidden', 'This action is unauthorized.');
    await next();
  };
}
