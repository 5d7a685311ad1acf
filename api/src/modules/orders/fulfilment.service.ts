import type { OrderDomainDeps } from './order-domain-deps';

// FOUNDATION STUB — fulfilments (H-actions).
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface FulfilmentService {}

export function createFulfilmentService(_deps: OrderDomainDeps): FulfilmentService {
  return {};
}
