import type { OrderDomainDeps } from './order-domain-deps';

// FOUNDATION STUB — sync-status changes, resend, plugin sync status, pickup (H-actions).
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface OrderActionService {}

export function createOrderActionService(_deps: OrderDomainDeps): OrderActionService {
  return {};
}
