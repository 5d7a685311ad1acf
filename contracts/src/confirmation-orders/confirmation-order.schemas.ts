import { z } from 'zod';
import { ACKNOWLEDGEMENT_MESSAGES, REJECTION_REASON } from './acknowledgement-rules';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

const quantity = (label: string) =>
  z
    .number({ error: `The ${label} quantity must be a whole number.` })
    .int(`The ${label} quantity must be a whole number.`)
    .min(0, `The ${label} quantity cannot be negative.`)
    .max(10_000_000, `The ${label} quantity may not be greater than 10000000.`);

const dateOnly = (label: string) =>
  z
    .string({ error: `The ${label} must be a date (YYYY-MM-DD).` })
    .trim()
    .transform((value) => (value === '' ? null : value))
    .refine(
      (value) => value === null || (DATE_ONLY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`))),
      `The ${label} must be a date (YYYY-MM-DD).`,
    )
    .nullable()
    .optional();

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `The ${label} must be text.` })
    .trim()
    .max(max, `The ${label} may not be greater than ${max} characters.`)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

/**
 * `PUT confirmationOrders/{storeId}/{id}/{itemId}/updateItem`: the item's acknowledgement. Only the
 * fields sent change; the merged item is then checked against the editing rules
 * (acknowledgement-rules.ts).
 */
export const updateConfirmationOrderItemSchema = z.object({
  accepted_quantity: quantity('accepted').optional(),
  backordered_quantity: quantity('backordered').optional(),
  rejected_quantity: quantity('rejected').optional(),
  rejected_reason: z
    .enum(REJECTION_REASON.values as [string, ...string[]], {
      error: ACKNOWLEDGEMENT_MESSAGES.unknownReason,
    })
    .nullable()
    .optional(),
  scheduled_ship_date: dateOnly('scheduled ship date'),
  scheduled_delivery_date: dateOnly('scheduled delivery date'),
});
export type UpdateConfirmationOrderItemInput = z.infer<typeof updateConfirmationOrderItemSchema>;

/**
 * `PUT confirmationOrders/{storeId}/{id}`: the header fields a seller may edit. Everything else
 * (number, dates, parties, status) is the retailer's and comes from the channel: the vendor code
 * the acknowledgement is sent under (`selling_party_id`) and the seller's own note.
 */
export const updateConfirmationOrderSchema = z.object({
  selling_party_id: optionalText('selling party', 64),
  seller_note: optionalText('note', 2000),
});
export type UpdateConfirmationOrderInput = z.infer<typeof updateConfirmationOrderSchema>;
