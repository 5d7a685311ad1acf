import { RULE_TRIGGER_EVENTS, ruleInputSchema, ruleSortSchema } from '@syncdesk/contracts';
import { idParam, route, scopeOf, type ApiRoute, type RouteContext } from '../../http/api-route';
import { validate } from '../../http/validate';
import type { Services } from '../../services';
import { ruleActions, ruleConditionFields, ruleDataTypes } from './rule-meta';

/** `types[]=order&types[]=…` (or `types=order`): the names asked for. */
function typesOf(ctx: RouteContext): string[] {
  const raw = ctx.query['types[]'] ?? ctx.query.types;
  if (raw === undefined) return [];
  return (Array.isArray(raw) ? raw : [raw]).flatMap((value) => value.split(',')).map((value) => value.trim());
}

/**
 * The rule engine's calls (spec §7 "Rule engine"). Rules are visible to every member who reaches
 * the store (the service answers 404 otherwise); changing them is changing what happens to the
 * store's orders, so it needs orders.update. The editor's vocabularies need only a sign-in.
 */
export function ruleEngineRoutes(services: () => Services): ApiRoute[] {
  const rules = () => services().rules;
  const write = { permission: 'orders.update' } as const;
  return [
    route('GET', '/rule-engines', 'authenticated', async (ctx) => {
      ctx.body = await rules().list(scopeOf(ctx), ctx.query);
    }),
    route('POST', '/rule-engines', write, async (ctx) => {
      const input = validate(ruleInputSchema, ctx.request.body);
      ctx.status = 201;
      ctx.body = { data: await rules().create(scopeOf(ctx), input) };
    }),
    route('GET', '/rule-engines/:id', 'authenticated', async (ctx) => {
      ctx.body = { data: await rules().show(scopeOf(ctx), idParam(ctx, 'id')) };
    }),
    route('PUT', '/rule-engines/:id', write, async (ctx) => {
      const id = idParam(ctx, 'id');
      const input = validate(ruleInputSchema, ctx.request.body);
      ctx.body = { data: await rules().update(scopeOf(ctx), id, input) };
    }),
    route('PATCH', '/rule-engines/:id', write, async (ctx) => {
      ctx.body = { data: await rules().toggle(scopeOf(ctx), idParam(ctx, 'id')) };
    }),
    route('DELETE', '/rule-engines/:id', write, async (ctx) => {
      ctx.body = { data: await rules().remove(scopeOf(ctx), idParam(ctx, 'id')) };
    }),
    route('GET', '/rule-engines/:id/versions', 'authenticated', async (ctx) => {
      ctx.body = { data: await rules().versions(scopeOf(ctx), idParam(ctx, 'id')) };
    }),
    route('POST', '/sort', write, async (ctx) => {
      const { store_id, sort } = validate(ruleSortSchema, ctx.request.body);
      ctx.body = { data: await rules().sort(scopeOf(ctx), store_id, sort) };
    }),
    route('GET', '/trigger-events', 'authenticated', async (ctx) => {
      ctx.body = { data: RULE_TRIGGER_EVENTS };
    }),
    route('GET', '/data-types', 'authenticated', async (ctx) => {
      ctx.body = { data: ruleDataTypes(typesOf(ctx)) };
    }),
    route('GET', '/condition-fields/:dataType', 'authenticated', async (ctx) => {
      ctx.body = { data: ruleConditionFields(ctx.params.dataType ?? '') };
    }),
    route('GET', '/actions/:dataType', 'authenticated', async (ctx) => {
      ctx.body = { data: ruleActions(ctx.params.dataType ?? '') };
    }),
  ];
}
