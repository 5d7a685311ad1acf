import type { CoreServices } from '../../services';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface PluginRuleService {}

export function createPluginRuleService(core: CoreServices): PluginRuleService {
  void core;
  return {};
}
