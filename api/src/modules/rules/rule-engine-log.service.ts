import type { CoreServices } from '../../services';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface RuleEngineLogService {}

export function createRuleEngineLogService(core: CoreServices): RuleEngineLogService {
  void core;
  return {};
}
