import type { CoreServices } from '../../services';
import type { CatalogueServices } from '../../modules/catalogue.module';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface RuleRunner {}

export function createRuleRunner(core: CoreServices, catalogue: CatalogueServices): RuleRunner {
  void core;
  void catalogue;
  return {};
}
