import type { RouteParam, RuleDto, RuleEngineLogContentDto } from '@syncdesk/contracts';
import { apiClient, quietApiClient } from '@syncdesk/web-kit';

/** The rule-engine logs list (spec §7 `logs/ruleEngineLogs`, the list convention, newest first). */
export const RULE_ENGINE_LOGS_PATH = '/logs/ruleEngineLogs';

/** One log with the evaluation it recorded: every condition checked and every action applied. */
export async function getRuleEngineLogContent(logId: RouteParam): Promise<RuleEngineLogContentDto> {
  return (await apiClient.get<{ data: RuleEngineLogContentDto }>(`${RULE_ENGINE_LOGS_PATH}/${logId}/content`))
    .data;
}

/**
 * A store's rules, for the rule filter. Quiet: without them the filter is only empty, and the logs
 * still read.
 */
export async function getStoreRules(storeId: RouteParam): Promise<Pick<RuleDto, 'id' | 'name'>[]> {
  const body = await quietApiClient.get<{ data: RuleDto[] }>('/rule-engines', { store_id: String(storeId) });
  return Array.isArray(body?.data) ? body.data.map((rule) => ({ id: rule.id, name: rule.name })) : [];
}
