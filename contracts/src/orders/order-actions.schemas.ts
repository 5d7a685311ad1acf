import { z } from 'zod';

import { nextPickupStatus } from '../pickups/pickup.dto';
import { PICKUP_ACTIONS, type PICKUP_PRODUCT_STATUS } from '../pickups/pickup.status';
import { PLUGIN_SYNC_STATUS } from '../products/product.status';
import type { VocabularyKey, VocabularyValue } from '../vocabulary.types';
import { WEBHOOK_STATUS } from '../webhooks/webhook.status';
import { ORDER_SYNC_STATUS } from './order.status';

/**
 * The order actions of spec §7 that change a state: `updateSyncStatus` (single, selected, a file
 * of ids, or all matching), the plugin resend calls, `resendTheExcludedOrder` and
 * `sendPickupOrder`. Fulfilment calls are in fulfilment.dto.ts.
 *
 * `POST orders/{storeId}/updateSyncStatus` (multipart/form-data or JSON):
 * - `action_type` says WHICH status changes:
 *   - `order` (default): the order's own sync status (ORDER_SYNC_STATUS), checked against
 *     ORDER_SYNC_TRANSITIONS (order.transitions.ts);
 *   - `plugin`: what plugin `plugin_id` did with the order (its plugin order, PLUGIN_SYNC_STATUS),
 *     checked against PLUGIN_ORDER_SYNC_TRANSITIONS below — e.g. `status=0` resends to the WMS;
 *   - `webhook`: whether webhook `webhook_id` has been sent the order (WEBHOOK_STATUS),
 *     checked against WEBHOOK_ORDER_TRANSITIONS below — `status=0` sends it again.
 * - `status`: the target value in that vocabulary.
 * - The selection, one of:
 *   - explicit: `order_ids` (our ids), `order_remote_ids` (the channel's order ids) and/or a
 *     `file` (multipart only; see ORDER_ID_FILE below). Their union is changed ALL OR NOTHING:
 *     an id that is not an order of the store is a 422 naming it, and if any chosen order may not
 *     make the move, nothing changes and the 422 names the refused orders.
 *   - `all=1` plus the orders list's own query parameters (`sync_status[eq]=0`, `channel_id[in]=…`,
 *     `order_date[startDate]`, `search`…: exactly what `GET orders/{storeId}` accepts), so the
 *     selection is what the list shows. The orders the rules allow are changed, the others are
 *     skipped and counted; a 422 only when none of them can change. With `up_to_id` (see
 *     ORDER_SELECTION_BOUND) only orders up to that id count: the set as it was when the seller
 *     chose it, so orders that arrive later are never reached.
 *   Explicit ids and `all` together are refused.
 * Lists arrive as repeated fields (`order_ids[]=1&order_ids[]=2` or `order_ids=1&order_ids=2`),
 * a comma list (`order_ids=1,2`) or a JSON array; this schema accepts all of them.
 */

export const ORDER_ACTION_TYPES = ['order', 'plugin', 'webhook'] as const;
export type OrderActionType = (typeof ORDER_ACTION_TYPES)[number];

/** At most this many orders named explicitly in one request (ids, remote ids and file together). */
export const MAX_EXPLICIT_ORDERS = 50_000;

/**
 * The file of `updateSyncStatus` (field `file`): a CSV or plain-text file, UTF-8, at most
 * `maxBytes`. One value per line, or the FIRST column of a CSV (`,` `;` or tab separated, quotes
 * allowed). A first row naming its column `id`/`order_id`, `order_number` or `remote_id`
 * (`order_remote_id`) says what the values are; without such a header a value is matched to an
 * order of the store by order number, then by remote id, then (digits only) by our order id.
 * Blank lines are ignored; an empty file, a binary file or a value matching no order is a 422.
 */
export const ORDER_ID_FILE = { field: 'file', maxBytes: 2 * 1024 * 1024 } as const;

export const ORDER_ACTION_MESSAGES = {
  noSelection:
    'Choose the orders to change: select them, give their ids, upload a file of ids or choose all matching.',
  allWithIds: 'Choose either all matching orders or some orders, not both.',
  fileEmpty: 'The file has no order ids in it.',
  fileUnreadable: 'The file must be a CSV or text file with one order id or order number per line.',
  fileTooLarge: `The file may not be greater than ${ORDER_ID_FILE.maxBytes / (1024 * 1024)} MB.`,
  tooMany: `At most ${MAX_EXPLICIT_ORDERS} orders can be changed at once; choose all matching orders instead.`,
  pluginRequired: 'Choose the plugin whose order status changes.',
  webhookRequired: 'Choose the webhook whose order status changes.',
  pluginNotFound: 'The plugin must be one of the store’s plugins.',
  webhookNotFound: 'The webhook must be one of the store’s webhooks.',
  updated: 'The sync status of the orders was updated.',
  resent: 'The orders will be sent again.',
  pickupUpdated: 'The pickup status of the order was updated.',
} as const;

const POSITIVE_ID = /^\d{1,15}$/;

/** A list given as an array, repeated fields, a comma list or a JSON array text; empty values dropped. */
function listOf(value: unknown): unknown[] {
  if (value === undefined || value === null || value === '') return [];
  if (Array.isArray(value)) return value.flatMap(listOf);
  if (typeof value === 'string') {
    const text = value.trim();
    if (text.startsWith('[')) {
      try {
        const parsed: unknown = JSON.parse(text);
        if (Array.isArray(parsed)) return parsed.flatMap(listOf);
      } catch {
        // not JSON: read as a comma list
      }
    }
    return text
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== '');
  }
  return [value];
}

/** Order ids: positive whole numbers, given as numbers or digit strings. */
export const orderIdListSchema = (label = 'order') =>
  z.preprocess(
    listOf,
    z
      .array(
        z
          .union([z.number(), z.string()])
          .transform((value) => String(value).trim())
          .refine(
            (value) => POSITIVE_ID.test(value) && Number(value) > 0,
            `Each ${label} id must be a whole number.`,
          )
          .transform(Number),
      )
      .max(MAX_EXPLICIT_ORDERS, ORDER_ACTION_MESSAGES.tooMany),
  );

const remoteIdListSchema = z.preprocess(
  listOf,
  z
    .array(
      z
        .union([z.number(), z.string()])
        .transform((value) => String(value).trim())
        .refine((value) => value.length <= 190, 'A remote order id may not be greater than 190 characters.'),
    )
    .max(MAX_EXPLICIT_ORDERS, ORDER_ACTION_MESSAGES.tooMany),
);

/** `1`, `true`, `on` (a checkbox) → true; absent, `0`, `false` → false. */
export const flagSchema = z.preprocess((value) => {
  if (Array.isArray(value)) value = value[0];
  if (typeof value === 'boolean') return value;
  if (value === undefined || value === null || value === '') return false;
  return ['1', 'true', 'on', 'yes'].includes(String(value).trim().toLowerCase());
}, z.boolean());

const optionalIdSchema = (message: string) =>
  z.preprocess(
    (value) => (Array.isArray(value) ? value[0] : value) ?? undefined,
    z
      .union([z.number(), z.string()])
      .transform((value) => String(value).trim())
      .refine((value) => POSITIVE_ID.test(value) && Number(value) > 0, message)
      .transform(Number)
      .optional(),
  );

const statusSchema = z.preprocess(
  (value) => (Array.isArray(value) ? value[0] : value),
  z
    .union([z.number(), z.string()], { error: 'The status field is required.' })
    .transform((value) => String(value).trim())
    .refine((value) => value !== '', 'The status field is required.')
    .refine((value) => /^\d{1,3}$/.test(value), 'The status must be one of the sync statuses.')
    .transform(Number),
);

/** Which vocabulary `status` is read in, per action type. */
export function statusVocabularyOf(actionType: OrderActionType) {
  return actionType === 'order'
    ? ORDER_SYNC_STATUS
    : actionType === 'plugin'
      ? PLUGIN_SYNC_STATUS
      : WEBHOOK_STATUS;
}

/** The fields of `updateSyncStatus` (the list's own filter parameters are read separately). */
export const updateOrderSyncStatusSchema = z
  .object({
    action_type: z.preprocess(
      (value) => (Array.isArray(value) ? value[0] : value) || 'order',
      z.enum(ORDER_ACTION_TYPES, { error: 'The action type must be order, plugin or webhook.' }),
    ),
    status: statusSchema,
    order_ids: orderIdListSchema(),
    order_remote_ids: remoteIdListSchema,
    plugin_id: optionalIdSchema(ORDER_ACTION_MESSAGES.pluginNotFound),
    webhook_id: optionalIdSchema(ORDER_ACTION_MESSAGES.webhookNotFound),
    all: flagSchema,
  })
  .superRefine((input, context) => {
    const vocabulary = statusVocabularyOf(input.action_type);
    if (!(vocabulary.values as readonly number[]).includes(input.status)) {
      context.addIssue({
        code: 'custom',
        path: ['status'],
        message: 'The status must be one of the sync statuses.',
      });
    }
    if (input.action_type === 'plugin' && input.plugin_id === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['plugin_id'],
        message: ORDER_ACTION_MESSAGES.pluginRequired,
      });
    }
    if (input.action_type === 'webhook' && input.webhook_id === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['webhook_id'],
        message: ORDER_ACTION_MESSAGES.webhookRequired,
      });
    }
    if (input.all && (input.order_ids.length > 0 || input.order_remote_ids.length > 0)) {
      context.addIssue({ code: 'custom', path: ['all'], message: ORDER_ACTION_MESSAGES.allWithIds });
    }
  });
export type UpdateOrderSyncStatusInput = z.input<typeof updateOrderSyncStatusSchema>;
export type UpdateOrderSyncStatusData = z.output<typeof updateOrderSyncStatusSchema>;

/**
 * The activity events (subject `order`) the actions record, with `old`/`new`:
 * - syncStatusUpdated: `{ sync_status }` → `{ sync_status }` (ORDER_SYNC_STATUS);
 * - pluginSyncStatusUpdated: `{ plugin, plugin_sync_status }` (updateSyncStatus action_type=plugin), or
 *   `{ plugin_sync_status?, plugins: [{ plugin, plugin_sync_status }] }` (the resend calls);
 * - webhookStatusUpdated: `{ webhook, webhook_status }` (WEBHOOK_STATUS);
 * - excludedResent: `{ sync_status }` → `{ sync_status, force_resend?, plugins?, webhooks? }` (counts reset);
 * - pickupStatusUpdated: `{ pickup_status }` (PICKUP_PRODUCT_STATUS values);
 * - fulfilmentCreated: new `{ fulfilment_id, courier, shipping_method, shipping_tracking_code, lines: [{ sku, quantity }] }`;
 * - fulfilmentResent: `{ fulfilment_id, fulfilment_status }` (FULFILMENT_STATUS) old → new.
 */
export const ORDER_ACTION_EVENTS = {
  syncStatusUpdated: 'order.sync_status_updated',
  pluginSyncStatusUpdated: 'order.plugin_sync_status_updated',
  webhookStatusUpdated: 'order.webhook_status_updated',
  excludedResent: 'order.excluded_resent',
  pickupStatusUpdated: 'order.pickup_status_updated',
  fulfilmentCreated: 'order.fulfilment_created',
  fulfilmentResent: 'order.fulfilment_resent',
} as const;

/** What every order action answers: how many orders changed, how many of "all matching" could not. */
/**
 * The list-query field that freezes an "all matching" selection: orders with an id above it came
 * after the seller chose "Select all N" and are left out. `GET orders/{storeId}/selection` answers
 * it with the count, for the list's own query.
 */
export const ORDER_SELECTION_BOUND = 'up_to_id';

/** `GET orders/{storeId}/selection?<the list's query>`: the set "Select all N" chooses, frozen. */
export interface OrderSelectionDto {
  /** How many orders match now (N). */
  count: number;
  /** The highest id among them (null when none match): send it as `up_to_id` with the bulk action. */
  up_to_id: number | null;
}

export interface OrderActionResult {
  message: string;
  data: {
    updated: number;
    /** Orders of an "all matching" selection the rules did not allow to change (0 for explicit ids). */
    skipped: number;
  };
}

// ---- plugin orders and webhook orders ----

type PluginSyncKey = VocabularyKey<typeof PLUGIN_SYNC_STATUS>;

/**
 * What a person may do with a plugin's copy of an order (our decision; the spec shows the
 * vocabulary only): resend it (→ pending) once the plugin has it, failed it or it was excluded;
 * exclude one the plugin has not taken yet; retry a failed cancellation. In-progress states are
 * the plugin's own.
 */
export const PLUGIN_ORDER_SYNC_TRANSITIONS: Readonly<
  Partial<Record<PluginSyncKey, readonly PluginSyncKey[]>>
> = {
  pending: ['excluded'],
  synced: ['pending'],
  failed: ['pending', 'excluded'],
  excluded: ['pending'],
  return_api_failed: ['pending'],
  order_cancelling_failed: ['order_cancelling_pending'],
  cancelled: ['pending'],
};

export function canChangePluginOrderSyncStatus(from: number, to: number): boolean {
  const fromKey = PLUGIN_SYNC_STATUS.byValue(from as VocabularyValue<typeof PLUGIN_SYNC_STATUS>)?.key;
  const toKey = PLUGIN_SYNC_STATUS.byValue(to as VocabularyValue<typeof PLUGIN_SYNC_STATUS>)?.key;
  if (!fromKey || !toKey) return false;
  return (PLUGIN_ORDER_SYNC_TRANSITIONS[fromKey] ?? []).includes(toKey);
}

/** Whether the plugin state `from` may be resent (set to pending). */
export function canResendToPlugin(from: number): boolean {
  return canChangePluginOrderSyncStatus(from, 0);
}

/** A webhook may be sent an order again once it was sent; marking as sent is the sender's job. */
export const WEBHOOK_ORDER_TRANSITIONS: Readonly<
  Record<'pending' | 'sent', readonly ('pending' | 'sent')[]>
> = {
  pending: [],
  sent: ['pending'],
};

export function canChangeWebhookOrderStatus(from: number, to: number): boolean {
  const fromKey = WEBHOOK_STATUS.byValue(from as VocabularyValue<typeof WEBHOOK_STATUS>)?.key;
  const toKey = WEBHOOK_STATUS.byValue(to as VocabularyValue<typeof WEBHOOK_STATUS>)?.key;
  if (!fromKey || !toKey) return false;
  return WEBHOOK_ORDER_TRANSITIONS[fromKey].includes(toKey);
}

/** `PUT orders/{storeId}/{orderId}/updatePluginSyncStatus`: resend to one plugin, or (absent) to every plugin that has the order. */
export const updatePluginSyncStatusSchema = z.object({
  plugin_id: optionalIdSchema(ORDER_ACTION_MESSAGES.pluginNotFound),
});
export type UpdatePluginSyncStatusInput = z.input<typeof updatePluginSyncStatusSchema>;

/** `PUT orders/{storeId}/bulkUpdatePluginSyncStatus`: resend these orders to their plugins (all or nothing). */
export const bulkUpdatePluginSyncStatusSchema = z.object({
  order_ids: orderIdListSchema().pipe(
    z
      .array(z.number())
      .min(1, 'Choose at least one order.')
      .max(10_000, 'At most 10000 orders can be resent at once.'),
  ),
  plugin_id: optionalIdSchema(ORDER_ACTION_MESSAGES.pluginNotFound),
});
export type BulkUpdatePluginSyncStatusInput = z.input<typeof bulkUpdatePluginSyncStatusSchema>;

/**
 * `PUT orders/{storeId}/{orderId}/resendTheExcludedOrder[?force_resend=1]`: an excluded order goes
 * back to pending (the sync engine sends it). Without force, plugins and webhooks that already
 * have the order keep their state (it is not sent to them twice); with `force_resend=1` those
 * states are reset too (plugin orders → pending, webhook orders → pending), so every plugin and
 * webhook is sent the order again.
 */
export const resendExcludedQuerySchema = z.object({ force_resend: flagSchema });

// ---- click and collect ----

/** `order_type` values of a click-and-collect order (compared lower-cased). */
export const PICKUP_ORDER_TYPES = [
  'pickup',
  'click_and_collect',
  'click-and-collect',
  'local_pickup',
] as const;

export function isPickupOrderType(orderType: string | null | undefined): boolean {
  return !!orderType && (PICKUP_ORDER_TYPES as readonly string[]).includes(orderType.trim().toLowerCase());
}

export type PickupOrderStatus = VocabularyValue<typeof PICKUP_PRODUCT_STATUS>;

export type PickupOrderAction = (typeof PICKUP_ACTIONS)[number]['action'];

/** The action the screen offers for an order at `current` (null: picked up already). */
export function nextPickupOrderAction(
  current: PickupOrderStatus | null,
): (typeof PICKUP_ACTIONS)[number] | null {
  const next = nextPickupStatus(current ?? 'awaiting');
  return PICKUP_ACTIONS.find((entry) => entry.to === next) ?? null;
}

/**
 * `PUT orders/{storeId}/{orderId}/sendPickupOrder {action}`: the label ('Mark as Ready For Pickup',
 * 'Mark as Picked Up') or its key (`ready_for_pickup`, `picked_up`). Forward one step only.
 */
export const sendPickupOrderSchema = z.object({
  action: z
    .string({ error: 'The action field is required.' })
    .trim()
    .transform((value) =>
      PICKUP_ACTIONS.find(
        (entry) => entry.action.toLowerCase() === value.toLowerCase() || entry.key === value,
      ),
    )
    .refine(
      (entry) => entry !== undefined,
      'The action must be Mark as Ready For Pickup or Mark as Picked Up.',
    )
    .transform((entry) => entry!),
});
export type SendPickupOrderInput = z.input<typeof sendPickupOrderSchema>;

/** An order's click-and-collect state (answered by `sendPickupOrder`). */
export interface OrderPickupDto {
  order_id: number;
  /** PICKUP_PRODUCT_STATUS value: awaiting, ready_for_pickup, picked_up. */
  pickup_status: PickupOrderStatus;
  /** SHOPIFY_PICKUP_SYNC_STATUS of the last action towards the channel (1 pending once asked). */
  pickup_sync_status: number;
  /** The next action's label, or null when the order has been picked up. */
  next_action: PickupOrderAction | null;
}
