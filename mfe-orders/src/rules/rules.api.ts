import type {
  OrderRuleTraceDto,
  RouteParam,
  RuleActionValueType,
  RuleDryRunDto,
  RuleDto,
  RuleInput,
  RuleRunDto,
  RuleTriggerEvent,
  RuleValueType,
  RuleVersionDto,
} from '@syncdesk/contracts';
import { apiClient, quietApiClient } from '@syncdesk/web-kit';

/** `GET trigger-events` rows. */
export interface TriggerEventOption {
  key: RuleTriggerEvent;
  label: string;
  description: string;
  timing: number;
}

/** `GET condition-fields/order` rows: the operators are the ones the field's type offers. */
export interface ConditionFieldOption {
  key: string;
  label: string;
  type: RuleValueType;
  help: string;
  operators: { key: string; label: string }[];
}

/** `GET actions/order` rows; `options` only for the sync status (the statuses a rule may set). */
export interface ActionOption {
  key: string;
  label: string;
  valueType: RuleActionValueType;
  help: string;
  options?: { value: string; label: string }[];
}

export async function listRules(storeId: RouteParam): Promise<RuleDto[]> {
  return (await apiClient.get<{ data: RuleDto[] }>('/rule-engines', { store_id: storeId })).data;
}

export async function getRule(ruleId: RouteParam): Promise<RuleDto> {
  return (await apiClient.get<{ data: RuleDto }>(`/rule-engines/${ruleId}`)).data;
}

export async function createRule(input: RuleInput): Promise<RuleDto> {
  return (await apiClient.post<{ data: RuleDto }>('/rule-engines', input)).data;
}

export async function updateRule(ruleId: RouteParam, input: RuleInput): Promise<RuleDto> {
  return (await apiClient.put<{ data: RuleDto }>(`/rule-engines/${ruleId}`, input)).data;
}

/** Switches the rule between active and inactive. */
export async function toggleRule(ruleId: RouteParam): Promise<RuleDto> {
  return (await apiClient.patch<{ data: RuleDto }>(`/rule-engines/${ruleId}`)).data;
}

export async function deleteRule(ruleId: RouteParam): Promise<void> {
  await apiClient.delete(`/rule-engines/${ruleId}`);
}

/** The store's rules in their new order (first = priority 1). */
export async function sortRules(storeId: RouteParam, ruleIds: number[]): Promise<RuleDto[]> {
  return (await apiClient.post<{ data: RuleDto[] }>('/sort', { store_id: Number(storeId), sort: ruleIds }))
    .data;
}

/** Every save of the rule, newest first. */
export async function listRuleVersions(ruleId: RouteParam): Promise<RuleVersionDto[]> {
  return (await apiClient.get<{ data: RuleVersionDto[] }>(`/rule-engines/${ruleId}/versions`)).data;
}

export async function listTriggerEvents(): Promise<TriggerEventOption[]> {
  return (await apiClient.get<{ data: TriggerEventOption[] }>('/trigger-events')).data;
}

export async function listConditionFields(): Promise<ConditionFieldOption[]> {
  return (await apiClient.get<{ data: ConditionFieldOption[] }>('/condition-fields/order')).data;
}

export async function listActions(): Promise<ActionOption[]> {
  return (await apiClient.get<{ data: ActionOption[] }>('/actions/order')).data;
}

/**
 * What a rule being edited would do to the store's latest orders. Quiet: the preview shows its own
 * outcome (a half-written rule answers 422 while the seller types; no red notice for that).
 */
export async function dryRunRule(rule: RuleInput, signal?: AbortSignal): Promise<RuleDryRunDto> {
  return quietApiClient.post<RuleDryRunDto>('/rule-engines/dry-run', { rule }, { signal });
}

/** Applies a saved rule to the store's orders the filters select (the orders list's own parameters). */
export async function backfillRule(
  ruleId: RouteParam,
  filters: Record<string, string | string[]>,
): Promise<RuleRunDto> {
  return (await apiClient.post<{ data: RuleRunDto }>(`/rule-engines/${ruleId}/backfill`, { filters })).data;
}

export interface TriggerRulesInput {
  storeId: number;
  orderIds: string[];
  file?: File;
  ruleIds?: number[];
}

/** Runs the store's rules (or the chosen ones) on orders named by id or in a CSV/TXT file. */
export async function triggerRules({
  storeId,
  orderIds,
  file,
  ruleIds,
}: TriggerRulesInput): Promise<RuleRunDto> {
  if (file) {
    const body = new FormData();
    body.append('store_id', String(storeId));
    body.append('file', file);
    for (const id of orderIds) body.append('order_ids', id);
    for (const id of ruleIds ?? []) body.append('rule_ids', String(id));
    return (await apiClient.post<{ data: RuleRunDto }>('/trigger-rules', body)).data;
  }
  return (
    await apiClient.post<{ data: RuleRunDto }>('/trigger-rules', {
      store_id: storeId,
      order_ids: orderIds,
      ...(ruleIds && ruleIds.length > 0 ? { rule_ids: ruleIds } : {}),
    })
  ).data;
}

export async function getRuleRun(runId: RouteParam): Promise<RuleRunDto> {
  return (await quietApiClient.get<{ data: RuleRunDto }>(`/rule-runs/${runId}`)).data;
}

/** The order's "why": every run of the rules on it, oldest first. */
export async function getOrderRuleTrace(
  storeId: RouteParam,
  orderId: RouteParam,
): Promise<OrderRuleTraceDto> {
  return quietApiClient.get<OrderRuleTraceDto>(`/orders/${storeId}/${orderId}/rule-trace`);
}
