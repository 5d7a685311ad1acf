import type { Middleware, ParameterizedContext } from 'koa';
import { AppError } from './app-error';
import type { TokenClaims, TokenService } from '../modules/auth/token.service';

export interface AuthState {
  auth?: TokenClaims;
}

export function bearerTokenOf(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1]! : null;
}

/** Requires a valid bearer token and puts its claims on `ctx.state.auth`. */
export function requireAuth(tokens: TokenService): Middleware<AuthState> {
  return async function authenticate(ctx, next) {
    const token = bearerTokenOf(ctx.get('authorization'));
    if (!token) throw new AppError('unauthenticated', 'Unauthenticated.');
    ctx.state.auth = await tokens.verify(token);
    await next();
  };
}

/** Platform administrators only (the admin guard of spec §6). */
export function requireAdministrator(): Middleware<AuthState> {
  return async function administratorsOnly(ctx, next) {
    if (!ctx.state.auth?.administrator) throw new AppError('forbidden', 'This action is unauthorized.');
    await next();
  };
}

export function authOf(ctx: ParameterizedContext<AuthState>): TokenClaims {
  if (!ctx.state.auth) throw new AppError('unauthenticated', 'Unauthenticated.');
  return ctx.state.auth;
}
