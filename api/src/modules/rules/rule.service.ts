import type { CoreServices } from '../../services';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface RuleService {}

export function createRuleService(core: CoreServices): RuleService {
  void core;
  return {};
}
