import type { Middleware } from 'koa';
import { FRONTEND_HEADER } from '@syncdesk/contracts';
import { AppError } from './app-error';
import type { AppState } from './request-scope';
import type { ScopeService } from '../modules/auth/scope.service';
import { parseAddress } from '../modules/ip-whitelist/ip-access';

export function bearerTokenOf(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1]! : null;
}

/**
 * The client's address: the socket's, or with `app.proxy` on (TRUST_PROXY) the first
 * X-Forwarded-For hop as Koa reads it. A spoofed header is ignored unless a proxy is trusted.
 */
export function clientAddressOf(ctx: { ip: string }): string {
  const address = parseAddress(ctx.ip);
  return address ? address.toString() : ctx.ip;
}

export function callerOf(ctx: { ip: string; get(name: string): string }) {
  return {
    clientIp: clientAddressOf(ctx),
    via: ctx.get(FRONTEND_HEADER.name) === FRONTEND_HEADER.value ? ('web' as const) : ('api' as const),
  };
}

/** Requires a valid bearer token and puts the caller's scope on `ctx.state.scope`. */
export function authenticate(scopes: ScopeService): Middleware<AppState> {
  return async function resolveScope(ctx, next) {
    const token = bearerTokenOf(ctx.get('authorization'));
    if (!token) throw new AppError('unauthenticated', 'Unauthenticated.');
    ctx.state.scope = await scopes.resolve(token, callerOf(ctx));
    await next();
  };
}
