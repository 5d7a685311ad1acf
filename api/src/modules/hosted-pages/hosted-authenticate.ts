import type { Middleware, ParameterizedContext } from 'koa';
import { bearerTokenOf, callerOf } from '../../http/authenticate';
import type { AppState } from '../../http/request-scope';
import { hostedTokenRefused, type HostedCaller, type HostedVisitorResolver } from './hosted-visitor-access';

/**
 * The authentication of `hosted` routes: a hosted-page token in the bearer header, and nothing
 * else (a user's JWT or API token is refused here as a hosted token is refused everywhere else).
 * Puts the visitor and their scope on the state.
 */
export function authenticateHosted(visitors: () => HostedVisitorResolver): Middleware<AppState> {
  return async function resolveHostedVisitor(ctx, next) {
    const token = bearerTokenOf(ctx.get('authorization'));
    if (!token) throw hostedTokenRefused();
    const { visitor, scope } = await visitors().resolve(token, callerOf(ctx));
    ctx.state.hosted = visitor;
    ctx.state.scope = scope;
    await next();
  };
}

export function hostedCallerOf(ctx: ParameterizedContext<AppState>): HostedCaller {
  const { hosted, scope } = ctx.state;
  if (!hosted || !scope) throw hostedTokenRefused();
  return { visitor: hosted, scope };
}
