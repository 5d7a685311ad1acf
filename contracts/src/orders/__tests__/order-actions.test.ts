import {
  bulkUpdatePluginSyncStatusSchema,
  canChangePluginOrderSyncStatus,
  canChangeWebhookOrderStatus,
  createFulfilmentSchema,
  isPickupOrderType,
  nextPickupOrderAction,
  sendPickupOrderSchema,
  updateOrderSyncStatusSchema,
} from '../index';

describe('order action contracts', () => {
  it('reads updateSyncStatus from a form (strings, repeated fields, comma lists) or JSON', () => {
    expect(updateOrderSyncStatusSchema.parse({ status: '3', order_ids: ['1,2', '3'], all: '0' })).toEqual({
      action_type: 'order',
      status: 3,
      order_ids: [1, 2, 3],
      order_remote_ids: [],
      all: false,
    });
    expect(
      updateOrderSyncStatusSchema.parse({
        action_type: ['plugin'],
        status: 0,
        plugin_id: '7',
        order_remote_ids: '[ "A-1", 22 ]',
      }),
    ).toMatchObject({ action_type: 'plugin', plugin_id: 7, order_remote_ids: ['A-1', '22'] });
  });

  it('says what is wrong with updateSyncStatus in the user’s words', () => {
    const result = updateOrderSyncStatusSchema.safeParse({
      action_type: 'webhook',
      status: 5,
      all: 'yes',
      order_ids: [4],
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['status', 'The status must be one of the sync statuses.'],
      ['webhook_id', 'Choose the webhook whose order status changes.'],
      ['all', 'Choose either all matching orders or some orders, not both.'],
    ]);
    expect(bulkUpdatePluginSyncStatusSchema.safeParse({ order_ids: [] }).error!.issues[0]!.message).toBe(
      'Choose at least one order.',
    );
  });

  it('lets a plugin order be resent once the plugin has it, failed it or it was excluded', () => {
    expect(canChangePluginOrderSyncStatus(2, 0)).toBe(true);
    expect(canChangePluginOrderSyncStatus(3, 0)).toBe(true);
    expect(canChangePluginOrderSyncStatus(6, 0)).toBe(true);
    expect(canChangePluginOrderSyncStatus(0, 0)).toBe(false);
    expect(canChangePluginOrderSyncStatus(1, 0)).toBe(false);
    expect(canChangeWebhookOrderStatus(1, 0)).toBe(true);
    expect(canChangeWebhookOrderStatus(0, 1)).toBe(false);
  });

  it('offers the pickup actions forward only', () => {
    expect(isPickupOrderType('Click_And_Collect')).toBe(true);
    expect(isPickupOrderType('delivery')).toBe(false);
    expect(nextPickupOrderAction(null)?.action).toBe('Mark as Ready For Pickup');
    expect(nextPickupOrderAction('ready_for_pickup')?.action).toBe('Mark as Picked Up');
    expect(nextPickupOrderAction('picked_up')).toBeNull();
    expect(sendPickupOrderSchema.parse({ action: 'mark as picked up' }).action.to).toBe('picked_up');
  });

  it('reads a fulfilment: empty texts are none, lines default to everything left', () => {
    expect(createFulfilmentSchema.parse({ courier: ' ', shipping_tracking_code: 'T1' })).toEqual({
      courier: null,
      shipping_method: null,
      shipping_tracking_code: 'T1',
      lines: [],
    });
    expect(createFulfilmentSchema.parse({ lines: [{ order_item_id: '4', quantity: 2 }] }).lines).toEqual([
      { order_item_id: 4, quantity: 2 },
    ]);
  });
});
