import { bodyParser } from '@koa/bodyparser';
import type { RouteContext } from '../../http/api-route';

const parsers = new Map<string, ReturnType<typeof bodyParser>>();

/**
 * The JSON body of a DELETE (the spec's bulk deletes send `{ all, …_uuids }`). The app's body
 * parser reads POST, PUT and PATCH only; when it has not read this one, it is read here with the
 * route's limit (larger answers 413). Once the app reads DELETE bodies too, this returns what it read.
 */
export async function deleteBody(ctx: RouteContext, jsonLimit: string): Promise<unknown> {
  if (ctx.request.body === undefined) {
    let parser = parsers.get(jsonLimit);
    if (!parser) {
      parser = bodyParser({ enableTypes: ['json'], jsonLimit, parsedMethods: ['DELETE'] });
      parsers.set(jsonLimit, parser);
    }
    await parser(ctx as never, async () => undefined);
  }
  return ctx.request.body;
}
