import type { z } from 'zod';
import type { PluginRuleDto, pluginRuleInputSchema } from '@syncdesk/contracts';
import { AppError } from '../../http/app-error';
import type { RequestScope } from '../../http/request-scope';
import type { PluginRule } from '../../db/rule.models';
import type { CoreServices } from '../../services';
import { findStoreChannel } from '../channels/channel-access';
import { pluginRuleDtoOf } from './rule.mapper';

export type PluginRuleInputParsed = z.output<typeof pluginRuleInputSchema>;

/**
 * A plugin's own rules (spec §3 "Plugin rule", §7): one condition and one action each, run in
 * execution_step order when an order is sent to that plugin. The plugin is a `plugin` connection of
 * the store in the path that the caller reaches; any other id is 404. Every change is a new version.
 */
export interface PluginRuleService {
  list(scope: RequestScope, storeId: number, pluginId: number): Promise<PluginRuleDto[]>;
  create(
    scope: RequestScope,
    storeId: number,
    pluginId: number,
    input: PluginRuleInputParsed,
  ): Promise<PluginRuleDto>;
  update(
    scope: RequestScope,
    storeId: number,
    pluginId: number,
    id: number,
    input: PluginRuleInputParsed,
  ): Promise<PluginRuleDto>;
  setActive(
    scope: RequestScope,
    storeId: number,
    pluginId: number,
    id: number,
    isActive: boolean,
  ): Promise<PluginRuleDto>;
  remove(scope: RequestScope, storeId: number, pluginId: number, id: number): Promise<{ id: number }>;
}

const columnsOf = (input: PluginRuleInputParsed) => ({
  name: input.name,
  condition_field: input.condition_field,
  condition_operator: input.condition_operator,
  condition_value: input.condition_value,
  action_name: input.action_name,
  action_value: input.action_value,
  execution_step: input.execution_step,
});

export function createPluginRuleService(core: CoreServices): PluginRuleService {
  const { models } = core;

  const findPlugin = (scope: RequestScope, storeId: number, pluginId: number) =>
    findStoreChannel(models, scope, storeId, pluginId, 'plugin');

  async function findPluginRule(
    scope: RequestScope,
    storeId: number,
    pluginId: number,
    id: number,
  ): Promise<PluginRule> {
    const plugin = await findPlugin(scope, storeId, pluginId);
    const rule = await models.PluginRule.findOne({ where: { id, plugin_id: plugin.id } });
    if (!rule) throw AppError.notFound();
    return rule;
  }

  return {
    async list(scope, storeId, pluginId) {
      const plugin = await findPlugin(scope, storeId, pluginId);
      const rows = await models.PluginRule.findAll({
        where: { plugin_id: plugin.id },
        order: [
          ['execution_step', 'ASC'],
          ['id', 'ASC'],
        ],
      });
      return rows.map(pluginRuleDtoOf);
    },

    async create(scope, storeId, pluginId, input) {
      const plugin = await findPlugin(scope, storeId, pluginId);
      const rule = await models.PluginRule.create({
        // The plugin's owner holds its rules, as it holds the plugin.
        company_id: plugin.company_id,
        store_id: plugin.store_id,
        plugin_id: plugin.id,
        ...columnsOf(input),
        is_active: input.is_active ?? true,
        version: 1,
      });
      return pluginRuleDtoOf(rule);
    },

    async update(scope, storeId, pluginId, id, input) {
      const rule = await findPluginRule(scope, storeId, pluginId, id);
      const columns = { ...columnsOf(input), is_active: input.is_active ?? Boolean(rule.is_active) };
      const changed = (Object.keys(columns) as (keyof typeof columns)[]).some(
        (key) => (key === 'is_active' ? Boolean(rule.is_active) : rule[key]) !== columns[key],
      );
      if (changed) await rule.update({ ...columns, version: rule.version + 1 });
      return pluginRuleDtoOf(rule);
    },

    async setActive(scope, storeId, pluginId, id, isActive) {
      const rule = await findPluginRule(scope, storeId, pluginId, id);
      if (Boolean(rule.is_active) !== isActive)
        await rule.update({ is_active: isActive, version: rule.version + 1 });
      return pluginRuleDtoOf(rule);
    },

    async remove(scope, storeId, pluginId, id) {
      const rule = await findPluginRule(scope, storeId, pluginId, id);
      await rule.destroy();
      return { id: rule.id };
    },
  };
}
