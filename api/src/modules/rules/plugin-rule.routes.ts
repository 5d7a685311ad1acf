import type { ApiRoute } from '../../http/api-route';
import type { Services } from '../../services';

export function pluginRuleRoutes(services: () => Services): ApiRoute[] {
  void services;
  return [];
}
