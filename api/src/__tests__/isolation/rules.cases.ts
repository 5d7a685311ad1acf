import { insertChannelRow } from '../../testing/channel-fixtures';
import {
  ALPHA_MARKER,
  noRequest,
  type CaseRequest,
  type IsolationWorld,
  type RouteCases,
} from './route-case';

/**
 * Cases for the rule engine's rules, plugin rules and rule-engine logs (modules/rules). Each call
 * gets fresh rows written straight into the tables, named with the marker, so destructive calls
 * never share a record and a leak shows in any body.
 */

const alphaStore = (world: IsolationWorld) => world.alpha.stores[0]!;

const ruleInput = (world: IsolationWorld) => ({
  store_id: alphaStore(world).id,
  name: `${ALPHA_MARKER} EU orders`,
  data_type: 'order',
  trigger_events: ['order_imported'],
  groups_match: 'all',
  condition_groups: [
    { match: 'all', conditions: [{ field: 'shipping_country', operator: 'is', value: 'DE' }] },
  ],
  actions: [{ action: 'add_tag', value: 'EU' }],
});

async function alphaRule(world: IsolationWorld) {
  const { models } = world.services;
  const store = alphaStore(world);
  const { name, trigger_events, groups_match, condition_groups, actions } = ruleInput(world);
  const definition = { trigger_events, groups_match, condition_groups, actions } as never;
  const last =
    ((await models.RuleEngine.max('priority', { where: { store_id: store.id } })) as number | null) ?? 0;
  const rule = await models.RuleEngine.create({
    company_id: store.company_id,
    store_id: store.id,
    name,
    data_type: 'order',
    priority: last + 1,
    is_active: true,
    version: 1,
    definition,
    trigger_events_count: 1,
    conditions_count: 1,
    actions_count: 1,
    created_by: world.alpha.owner.id,
  });
  await models.RuleEngineVersion.create({
    rule_id: rule.id,
    version: 1,
    definition: { name, ...(definition as object) } as never,
    changes: ['Created the rule.'],
    saved_by: world.alpha.owner.id,
    saved_by_name: `${ALPHA_MARKER} Owner`,
    saved_at: new Date(),
  });
  return rule;
}

const ruleRequest = async (world: IsolationWorld): Promise<CaseRequest> => ({
  params: { id: (await alphaRule(world)).id },
});

async function alphaPlugin(world: IsolationWorld) {
  return insertChannelRow(world.services, alphaStore(world), {
    kind: 'plugin',
    type: 'shipstation',
    name: `${ALPHA_MARKER} Warehouse`,
  });
}

const pluginRuleInput = {
  name: `${ALPHA_MARKER} big orders`,
  condition_field: 'total_quantity',
  condition_operator: 'greater_than',
  condition_value: '10',
  action_name: 'set_shipping_method',
  action_value: `${ALPHA_MARKER} Freight`,
  execution_step: 1,
};

async function pluginRuleRequest(world: IsolationWorld): Promise<CaseRequest> {
  const plugin = await alphaPlugin(world);
  const rule = await world.services.models.PluginRule.create({
    company_id: plugin.company_id,
    store_id: plugin.store_id,
    plugin_id: plugin.id,
    ...pluginRuleInput,
    is_active: true,
    version: 1,
  });
  return { params: { storeId: plugin.store_id, pluginId: plugin.id, id: rule.id } };
}

async function alphaLog(world: IsolationWorld) {
  const rule = await alphaRule(world);
  return world.services.models.RuleEngineLog.create({
    company_id: rule.company_id,
    store_id: rule.store_id,
    rule_id: rule.id,
    plugin_rule_id: null,
    plugin_id: null,
    rule_version: 1,
    rule_engine_name: rule.name,
    data_reference: `${ALPHA_MARKER}-1001`,
    order_id: null,
    trigger_type: 'order_imported',
    matched: true,
    made_changes: true,
    message: `${ALPHA_MARKER}: added the tag EU.`,
    content: {
      rule_id: rule.id,
      rule_version: 1,
      rule_name: rule.name,
      matched: true,
      skipped: null,
      groups: [],
      actions: [],
    },
    run_id: null,
    created_at: new Date(),
  });
}

export const rulesCases: RouteCases = {
  'GET /rule-engines': {
    request: async (world) => {
      await alphaRule(world);
      return {};
    },
    ownerStatus: 200,
    isolation: 'own',
  },
  'POST /rule-engines': {
    request: async (world) => ({ body: ruleInput(world) }),
    ownerStatus: 201,
    isolation: 'ids',
  },
  'GET /rule-engines/:id': { request: ruleRequest, ownerStatus: 200, isolation: 'ids' },
  'PUT /rule-engines/:id': {
    request: async (world) => ({
      ...(await ruleRequest(world)),
      body: { ...ruleInput(world), name: `${ALPHA_MARKER} renamed` },
    }),
    ownerStatus: 200,
    isolation: 'ids',
  },
  'PATCH /rule-engines/:id': { request: ruleRequest, ownerStatus: 200, isolation: 'ids' },
  'DELETE /rule-engines/:id': { request: ruleRequest, ownerStatus: 200, isolation: 'ids' },
  'GET /rule-engines/:id/versions': { request: ruleRequest, ownerStatus: 200, isolation: 'ids' },
  'POST /sort': {
    // Every rule of the store, reversed: read when the call is made, as other cases add rules.
    request: async (world) => {
      await alphaRule(world);
      const rules = await world.services.models.RuleEngine.findAll({
        where: { store_id: alphaStore(world).id },
        order: [['priority', 'DESC']],
      });
      return { body: { store_id: alphaStore(world).id, sort: rules.map((rule) => rule.id) } };
    },
    ownerStatus: 200,
    isolation: 'ids',
  },
  'GET /trigger-events': { request: noRequest, ownerStatus: 200, isolation: 'own' },
  'GET /data-types': { request: noRequest, ownerStatus: 200, isolation: 'own' },
  'GET /condition-fields/:dataType': {
    request: async () => ({ params: { dataType: 'order' } }),
    ownerStatus: 200,
    isolation: 'own',
  },
  'GET /actions/:dataType': {
    request: async () => ({ params: { dataType: 'order' } }),
    ownerStatus: 200,
    isolation: 'own',
  },

  'GET /stores/:storeId/plugins/:pluginId/rules': {
    request: async (world) => {
      const { params } = await pluginRuleRequest(world);
      return { params: { storeId: params!.storeId!, pluginId: params!.pluginId! } };
    },
    ownerStatus: 200,
    isolation: 'ids',
  },
  'POST /stores/:storeId/plugins/:pluginId/rules': {
    request: async (world) => {
      const plugin = await alphaPlugin(world);
      return { params: { storeId: plugin.store_id, pluginId: plugin.id }, body: pluginRuleInput };
    },
    ownerStatus: 201,
    isolation: 'ids',
  },
  'PUT /stores/:storeId/plugins/:pluginId/rules/:id': {
    request: async (world) => ({
      ...(await pluginRuleRequest(world)),
      body: { ...pluginRuleInput, condition_value: '20' },
    }),
    ownerStatus: 200,
    isolation: 'ids',
  },
  'PUT /stores/:storeId/plugins/:pluginId/rules/:id/status': {
    request: async (world) => ({ ...(await pluginRuleRequest(world)), body: { is_active: false } }),
    ownerStatus: 200,
    isolation: 'ids',
  },
  'DELETE /stores/:storeId/plugins/:pluginId/rules/:id': {
    request: pluginRuleRequest,
    ownerStatus: 200,
    isolation: 'ids',
  },

  'GET /logs/ruleEngineLogs': {
    request: async (world) => {
      await alphaLog(world);
      return {};
    },
    ownerStatus: 200,
    isolation: 'own',
  },
  'GET /logs/ruleEngineLogs/:id/content': {
    request: async (world) => ({ params: { id: Number((await alphaLog(world)).id) } }),
    ownerStatus: 200,
    isolation: 'ids',
  },
};
