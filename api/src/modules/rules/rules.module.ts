import type { ApiRoute } from '../../http/api-route';
import type { CoreServices, Services } from '../../services';
import type { CatalogueServices } from '../catalogue.module';
import { createRuleService, type RuleService } from './rule.service';
import { ruleEngineRoutes } from './rule.routes';
import { createPluginRuleService, type PluginRuleService } from './plugin-rule.service';
import { pluginRuleRoutes } from './plugin-rule.routes';
import { createRuleEngineLogService, type RuleEngineLogService } from './rule-engine-log.service';
import { ruleEngineLogRoutes } from './rule-engine-log.routes';
import { ruleRunRoutes } from './rule-run.routes';
import { createRuleRunner, type RuleRunner } from '../../flows/apply-rules/rule-runner';

/**
 * The rule engine: rules and their versions, plugin rules, rule-engine logs (module), and the
 * runner that applies them to orders (flows/apply-rules: it spans orders, stock and activities).
 */
export interface RuleServices {
  rules: RuleService;
  pluginRules: PluginRuleService;
  ruleEngineLogs: RuleEngineLogService;
  ruleRunner: RuleRunner;
}

export function createRuleServices(core: CoreServices, catalogue: CatalogueServices): RuleServices {
  return {
    rules: createRuleService(core),
    pluginRules: createPluginRuleService(core),
    ruleEngineLogs: createRuleEngineLogService(core),
    ruleRunner: createRuleRunner(core, catalogue),
  };
}

/** The isolation matrix lists routes with empty services, so the services are only used inside handlers. */
export function ruleRoutes(services: Services): ApiRoute[] {
  const current = () => services;
  return [
    ...ruleEngineRoutes(current),
    ...pluginRuleRoutes(current),
    ...ruleEngineLogRoutes(current),
    ...ruleRunRoutes(current),
  ];
}
