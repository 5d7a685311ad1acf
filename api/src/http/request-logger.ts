import type { Middleware } from 'koa';
import type { Logger } from '../logger';

/** One line per request with status and duration; health probes log at debug to keep logs readable. */
export function requestLogger(logger: Logger): Middleware {
  return async function logRequest(ctx, next) {
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      const level = ctx.path === '/api/health' ? 'debug' : ctx.status >= 500 ? 'error' : 'info';
      logger[level](
        { method: ctx.method, url: ctx.url, status: ctx.status, ms: Math.round(durationMs * 10) / 10 },
        'request',
      );
    }
  };
}
