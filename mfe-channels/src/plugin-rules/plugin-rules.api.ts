import type {
  PluginRuleDto,
  PluginRuleInput,
  RouteParam,
  RuleActionName,
  RuleActionValueType,
  RuleConditionField,
  RuleOperator,
  RuleValueType,
} from '@syncdesk/contracts';
import { apiClient, quietApiClient } from '@syncdesk/web-kit';

/** `GET condition-fields/order` rows: a field, its value type and the operators it offers. */
export interface ConditionFieldOption {
  key: RuleConditionField;
  label: string;
  type: RuleValueType;
  help: string;
  operators: { key: RuleOperator; label: string }[];
}

/** `GET actions/order` rows; `options` for the sync status (the statuses a rule may move orders to). */
export interface ActionOption {
  key: RuleActionName;
  label: string;
  valueType: RuleActionValueType;
  help: string;
  options?: { value: string; label: string }[];
}

function rulesPath(storeId: RouteParam, pluginId: RouteParam): string {
  return `/stores/${storeId}/plugins/${pluginId}/rules`;
}

/**
 * A plugin's rules. Quiet: the card sits inside the plugin's page and says itself when they cannot
 * be read, rather than a red notice over the settings.
 */
export async function listPluginRules(storeId: RouteParam, pluginId: RouteParam): Promise<PluginRuleDto[]> {
  const body = await quietApiClient.get<{ data: PluginRuleDto[] }>(rulesPath(storeId, pluginId));
  return Array.isArray(body?.data) ? body.data : [];
}

export async function createPluginRule(
  storeId: RouteParam,
  pluginId: RouteParam,
  input: PluginRuleInput,
): Promise<PluginRuleDto> {
  return (await apiClient.post<{ data: PluginRuleDto }>(rulesPath(storeId, pluginId), input)).data;
}

export async function updatePluginRule(
  storeId: RouteParam,
  pluginId: RouteParam,
  ruleId: RouteParam,
  input: PluginRuleInput,
): Promise<PluginRuleDto> {
  return (await apiClient.put<{ data: PluginRuleDto }>(`${rulesPath(storeId, pluginId)}/${ruleId}`, input))
    .data;
}

export async function setPluginRuleActive(
  storeId: RouteParam,
  pluginId: RouteParam,
  ruleId: RouteParam,
  isActive: boolean,
): Promise<PluginRuleDto | undefined> {
  const body = await apiClient.put<{ data?: PluginRuleDto } | undefined>(
    `${rulesPath(storeId, pluginId)}/${ruleId}/status`,
    { is_active: isActive },
  );
  return body?.data;
}

export async function deletePluginRule(
  storeId: RouteParam,
  pluginId: RouteParam,
  ruleId: RouteParam,
): Promise<void> {
  await apiClient.delete(`${rulesPath(storeId, pluginId)}/${ruleId}`);
}

/** The condition fields and actions orders offer, as the api lists them (the form is driven by these). */
export async function getOrderRuleVocabulary(): Promise<{
  fields: ConditionFieldOption[];
  actions: ActionOption[];
}> {
  const [fields, actions] = await Promise.all([
    apiClient.get<{ data: ConditionFieldOption[] }>('/condition-fields/order'),
    apiClient.get<{ data: ActionOption[] }>('/actions/order'),
  ]);
  return { fields: fields.data, actions: actions.data };
}
