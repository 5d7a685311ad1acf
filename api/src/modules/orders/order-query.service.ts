import type { OrderDomainDeps } from './order-domain-deps';

// FOUNDATION STUB — orders list, detail, items, counts (H-list).
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface OrderQueryService {}

export function createOrderQueryService(_deps: OrderDomainDeps): OrderQueryService {
  return {};
}
