import type { Middleware } from 'koa';
import type { ApiErrorBody } from '@syncdesk/contracts';
import type { Logger } from '../logger';
import { AppError } from './app-error';
import { redactUrl } from './redact-url';

const CODE_OF_STATUS: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'validation',
  429: 'too_many_requests',
};

interface HttpLikeError {
  status?: number;
  statusCode?: number;
  expose?: boolean;
  message?: string;
}

/**
 * The one place errors become the spec's body `{ message, error, errors }`. AppErrors carry their
 * own status; http-errors (from Koa, the body parser) keep theirs when it is a client error; any
 * other failure is a 500 whose details stay in the log.
 */
export function errorHandler(logger: Logger): Middleware {
  return async function handleErrors(ctx, next) {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined && ctx.path.startsWith('/api')) {
        throw new AppError('not_found', 'Not found.');
      }
    } catch (caught) {
      let status: number;
      let body: ApiErrorBody;
      if (caught instanceof AppError) {
        status = caught.status;
        body = {
          message: caught.message,
          error: caught.code,
          ...(caught.errors ? { errors: caught.errors } : {}),
        };
      } else {
        const error = caught as HttpLikeError;
        const candidate = error?.status ?? error?.statusCode;
        status = typeof candidate === 'number' && candidate >= 400 && candidate < 600 ? candidate : 500;
        const exposed = status < 500 && error?.expose !== false;
        body = {
          message: exposed && error?.message ? error.message : 'Internal server error.',
          error: CODE_OF_STATUS[status] ?? 'internal',
        };
      }
      if (status >= 500)
        logger.error({ err: caught, method: ctx.method, url: redactUrl(ctx.url) }, 'request failed');
      ctx.status = status;
      ctx.body = body;
    }
  };
}
