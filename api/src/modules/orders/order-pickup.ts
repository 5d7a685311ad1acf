import {
  isPickupOrderType,
  nextPickupOrderAction,
  type OrderPickupDto,
  type PickupOrderStatus,
} from '@syncdesk/contracts';
import type { Order } from '../../db/order.models';

/**
 * An order's click-and-collect state for the screens (`OrderDetailDto.pickup`, the answer of
 * `sendPickupOrder`); null for an order that is not click and collect (its order_type says so).
 */
export function orderPickupOf(
  order: Pick<Order, 'id' | 'order_type' | 'pickup_status' | 'pickup_sync_status'>,
): OrderPickupDto | null {
  if (!isPickupOrderType(order.order_type)) return null;
  const status = (order.pickup_status ?? 'awaiting') as PickupOrderStatus;
  return {
    order_id: Number(order.id),
    pickup_status: status,
    pickup_sync_status: order.pickup_sync_status ?? 0,
    next_action: nextPickupOrderAction(status)?.action ?? null,
  };
}
