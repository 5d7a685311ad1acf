import type { OrderDomainDeps } from './order-domain-deps';

// FOUNDATION STUB — plugin orders list (H-actions).
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface PluginOrderService {}

export function createPluginOrderService(_deps: OrderDomainDeps): PluginOrderService {
  return {};
}
