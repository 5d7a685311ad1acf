import type { OrderDomainDeps } from '../orders/order-domain-deps';

// FOUNDATION STUB — customers built from imported orders (H-import).
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface CustomerService {}

export function createCustomerService(_deps: OrderDomainDeps): CustomerService {
  return {};
}
