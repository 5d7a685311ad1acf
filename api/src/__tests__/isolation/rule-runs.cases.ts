import { randomUUID } from 'node:crypto';
import { insertChannelRow } from '../../testing/channel-fixtures';
import { ALPHA_MARKER, type IsolationWorld, type RouteCases } from './route-case';

/**
 * Cases for running rules (flows/apply-rules): the dry run, a backfill, rules on chosen orders, a
 * run's progress and an order's "why" trace. Alpha's store, rule, orders and runs are named in the
 * path or the body: Beta (holding every permission in its own company) must get 404 for each.
 */

const alphaStore = (world: IsolationWorld) => world.alpha.stores[0]!;

const ruleInput = (world: IsolationWorld) => ({
  store_id: alphaStore(world).id,
  name: `${ALPHA_MARKER} EU orders`,
  data_type: 'order',
  trigger_events: ['order_updated'],
  groups_match: 'all',
  condition_groups: [
    { match: 'all', conditions: [{ field: 'shipping_country', operator: 'is', value: 'DE' }] },
  ],
  actions: [{ action: 'add_tag', value: 'EU' }],
});

async function alphaRule(world: IsolationWorld) {
  const store = alphaStore(world);
  const { name, trigger_events, groups_match, condition_groups, actions } = ruleInput(world);
  return world.services.models.RuleEngine.create({
    company_id: store.company_id,
    store_id: store.id,
    name,
    data_type: 'order',
    priority: 1000,
    is_active: true,
    version: 1,
    definition: { trigger_events, groups_match, condition_groups, actions } as never,
    trigger_events_count: 1,
    conditions_count: 1,
    actions_count: 1,
    created_by: world.alpha.owner.id,
  });
}

async function alphaOrder(world: IsolationWorld): Promise<number> {
  const channel = await insertChannelRow(world.services, alphaStore(world), { name: `${ALPHA_MARKER} Shop` });
  const remoteId = `${ALPHA_MARKER}-${randomUUID().slice(0, 8)}`;
  const result = await world.services.orderImport.importBatch(channel.id, [
    {
      remote_id: remoteId,
      order_number: remoteId,
      status: 'Unshipped',
      currency: 'GBP',
      total: '10.00',
      order_date: '2026-11-20T10:00:00Z',
      customer: { name: `${ALPHA_MARKER} Customer`, email: null, phone: null, remote_id: null },
      shipping_address: {
        name: `${ALPHA_MARKER} Customer`,
        line1: '1 Hauptstr.',
        city: 'Berlin',
        country: 'DE',
      },
      lines: [{ remote_id: 'L1', sku: `${ALPHA_MARKER}-SKU`, title: 'Mug', quantity: 1, price: '10.00' }],
    },
  ]);
  return result.orderIds[0]!;
}

export const ruleRunCases: RouteCases = {
  'POST /rule-engines/dry-run': {
    request: async (world) => {
      await alphaOrder(world);
      return { body: { rule: ruleInput(world), limit: 5 } };
    },
    ownerStatus: 200,
    isolation: 'ids',
  },
  'POST /rule-engines/:id/backfill': {
    request: async (world) => ({ params: { id: (await alphaRule(world)).id }, body: { filters: {} } }),
    ownerStatus: 202,
    isolation: 'ids',
  },
  'POST /trigger-rules': {
    request: async (world) => ({
      body: { store_id: alphaStore(world).id, order_ids: [await alphaOrder(world)] },
    }),
    ownerStatus: 202,
    isolation: 'ids',
  },
  'GET /rule-runs/:id': {
    request: async (world) => {
      const store = alphaStore(world);
      const run = await world.services.models.RuleRun.create({
        company_id: store.company_id,
        store_id: store.id,
        kind: 'manual',
        rule_id: null,
        status: 'finished',
        selection: { order_ids: [] },
        total: 0,
        done: 0,
        changed_count: 0,
        failed: 0,
        message: `${ALPHA_MARKER} run`,
        created_by: world.alpha.owner.id,
        finished_at: new Date(),
      });
      return { params: { id: run.id } };
    },
    ownerStatus: 200,
    isolation: 'ids',
  },
  'GET /orders/:storeId/:orderId/rule-trace': {
    request: async (world) => ({
      params: { storeId: alphaStore(world).id, orderId: await alphaOrder(world) },
    }),
    ownerStatus: 200,
    isolation: 'ids',
  },
};
