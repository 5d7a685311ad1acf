import { z } from 'zod';

import type { OrderFulfillmentDto } from './order.dto';

/**
 * Fulfilments of an order (spec §3 "Order item fulfilment": uuid, courier, shipping_method,
 * shipping_tracking_code, sync_status):
 * - `GET orders/{storeId}/{orderId}/fulfillments` → `FulfilmentListResponse`;
 * - `POST orders/{storeId}/{orderId}/fulfillments` (`createFulfilmentSchema`) → `{ data: FulfilmentDto }`;
 * - `POST orders/fulfillment/notSynced {order_fulfillment_ids}` → resend failed ones (failed →
 *   awaiting send), all or nothing → `OrderActionResult`.
 *
 * A new fulfilment waits as "awaiting send" (FULFILMENT_STATUS 0) for the sync engine, which
 * pushes it to the channel; a channel with `disable_fulfillment` on keeps it as "no fulfilment" (4).
 */

export interface FulfilmentDto extends OrderFulfillmentDto {
  order_id: number;
  updated_at: string;
}

/** How much of one order line is fulfilled: what a partial fulfilment can still take. */
export interface FulfilmentLineProgress {
  order_item_id: number;
  product_sku: string | null;
  title: string | null;
  ordered: number;
  fulfilled: number;
  remaining: number;
}

export interface FulfilmentListResponse {
  data: FulfilmentDto[];
  meta: { total: number; lines: FulfilmentLineProgress[] };
}

export const FULFILMENT_MESSAGES = {
  created: 'The fulfilment was created.',
  resent: 'The fulfilments will be sent again.',
  nothingLeft: 'Every line of this order has been fulfilled already.',
  noLines: 'The order has no lines to fulfil.',
  cancelled: 'A cancelled order cannot be fulfilled.',
  courierRequired: (shippingMethod: string | null) =>
    shippingMethod
      ? `Choose a courier: the channel has no courier mapping for the shipping method ${shippingMethod}.`
      : 'Choose a courier.',
  notALine: 'The line is not one of this order’s lines.',
  repeatedLine: 'Each line may be given once.',
  tooMany: (remaining: number) =>
    remaining === 0
      ? 'This line has been fulfilled already.'
      : `Only ${remaining} of this line ${remaining === 1 ? 'is' : 'are'} left to fulfil.`,
} as const;

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `The ${label} must be text.` })
    .trim()
    .max(max, `The ${label} may not be greater than ${max} characters.`)
    .nullish()
    .transform((value) => (value ? value : null));

const wholeNumber = (message: string) =>
  z
    .union([z.number(), z.string()], { error: message })
    .transform((value) =>
      typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value),
    )
    .refine((value) => Number.isInteger(value) && value >= 1, message);

export const fulfilmentLineSchema = z.object({
  order_item_id: wholeNumber('Choose one of the order’s lines.'),
  quantity: wholeNumber('The quantity must be a whole number of at least 1.').refine(
    (value) => value <= 1_000_000,
    'The quantity may not be greater than 1000000.',
  ),
});

/**
 * `courier` absent: the channel's courier mapping for the shipping method (this one, else the
 * order's) names it; no mapping and no courier is a 422. `shipping_method` absent: the order's.
 * `lines` absent or empty: everything not fulfilled yet; given: a partial fulfilment, each
 * quantity at most what is left of that line.
 */
export const createFulfilmentSchema = z.object({
  courier: optionalText('courier', 120),
  shipping_method: optionalText('shipping method', 190),
  shipping_tracking_code: optionalText('tracking code', 190),
  lines: z
    .array(fulfilmentLineSchema, { error: 'The lines must be a list of order lines and quantities.' })
    .max(1000, 'A fulfilment may have at most 1000 lines.')
    .optional()
    .default([]),
});
export type CreateFulfilmentInput = z.input<typeof createFulfilmentSchema>;
export type CreateFulfilmentData = z.output<typeof createFulfilmentSchema>;

export const resendFulfilmentsSchema = z.object({
  order_fulfillment_ids: z
    .array(wholeNumber('Each fulfilment id must be a whole number.'), {
      error: 'Choose at least one fulfilment.',
    })
    .min(1, 'Choose at least one fulfilment.')
    .max(1000, 'At most 1000 fulfilments can be resent at once.'),
});
export type ResendFulfilmentsInput = z.input<typeof resendFulfilmentsSchema>;
