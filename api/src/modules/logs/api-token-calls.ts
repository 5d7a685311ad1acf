import type { Middleware } from 'koa';
import { LOG_STATUS } from '@syncdesk/contracts';
import type { RequestScope } from '../../http/request-scope';
import { redactUrl } from '../../http/redact-url';
import { redactText } from '@syncdesk/integrations';
import type { TransactionRecorder } from '@syncdesk/integrations';

const BODY_CHARS = 16_000;
const SUCCESS = LOG_STATUS.byKey('success').value;
const FAILED = LOG_STATUS.byKey('failed').value;

function bodyText(body: unknown): string | null {
  if (body === undefined || body === null || body === '') return null;
  if (typeof body === 'string') return body;
  if (Buffer.isBuffer(body) || typeof (body as { pipe?: unknown }).pipe === 'function') return '<file>';
  return JSON.stringify(body);
}

function kept(text: string | null): string | null {
  if (text === null) return null;
  const clean = redactText(text, []);
  return clean.length > BODY_CHARS
    ? `${clean.slice(0, BODY_CHARS)}\n… (cut at ${BODY_CHARS} characters)`
    : clean;
}

/**
 * The "API" transaction records: every call an integration makes to our API with an API token, on a
 * store of the caller's company (a call naming another store answered 404 and is not theirs to
 * read about). Sits outside the error handler, so it sees the final status and body; written through
 * the same batched recorder as the channels' calls.
 */
export function recordApiTokenCalls(recorder: () => TransactionRecorder): Middleware {
  return async function apiTokenCalls(ctx, next) {
    const started = Date.now();
    await next();
    const scope = (ctx.state as { scope?: RequestScope }).scope;
    if (!scope?.tokenId.startsWith('api-token:')) return;
    const storeId = Number((ctx as { params?: Record<string, string> }).params?.storeId);
    if (!Number.isInteger(storeId) || !scope.ownStoreIds.includes(storeId)) return;
    const failed = ctx.status >= 400;
    recorder().record({
      companyId: scope.companyId,
      storeId,
      channelId: null,
      kind: 'api',
      type: 'api_call',
      method: ctx.method,
      url: redactUrl(ctx.originalUrl),
      status: failed ? FAILED : SUCCESS,
      httpStatus: ctx.status,
      responseTimeMs: Date.now() - started,
      attempts: 1,
      message: `${ctx.method} ${ctx.path} answered ${ctx.status}`,
      requestBody: kept(bodyText((ctx.request as { body?: unknown }).body)),
      responseBody: kept(bodyText(ctx.body)),
      waitingRequests: 0,
      createdAt: new Date(started),
    });
  };
}
