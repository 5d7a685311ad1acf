import type { ApiRoute } from '../../http/api-route';
import type { Services } from '../../services';

export function ruleEngineLogRoutes(services: () => Services): ApiRoute[] {
  void services;
  return [];
}
