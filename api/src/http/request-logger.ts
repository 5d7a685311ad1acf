import type { Middleware } from 'koa';
import type { Logger } from '../logger';
import { redactUrl } from './redact-url';

/**
 * One line per request with status and duration; health probes log at debug to keep logs readable.
 * The address is written redacted: a hosted page's token or a `?token=` in a log opens the page to
 * whoever reads it.
 */
export function requestLogger(logger: Logger): Middleware {
  return async function logRequest(ctx, next) {
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      const level = ctx.path === '/api/health' ? 'debug' : ctx.status >= 500 ? 'error' : 'info';
      logger[level](
        {
          method: ctx.method,
          url: redactUrl(ctx.url),
          status: ctx.status,
          ms: Math.round(durationMs * 10) / 10,
        },
        'request',
      );
    }
  };
}
