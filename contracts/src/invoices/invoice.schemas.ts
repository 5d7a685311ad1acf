import { z } from 'zod';

import { vocabularySchema } from '../vocabulary.schema';
import { INVOICE_STATUS } from './invoice.dto';
import { INVOICE_SYNC_STATUS } from './invoice.status';

/** A non-negative decimal given as a string or a JSON number, with at most `places` decimals. */
const decimal = (label: string, places: number) =>
  z
    .union([z.string(), z.number()], { error: `The ${label} field is required.` })
    .transform((value) => String(value).trim())
    .refine((value) => value !== '', `The ${label} field is required.`)
    .refine((value) => !/^-/.test(value), `The ${label} must not be negative.`)
    .refine((value) => /^-?\d{1,10}(\.\d+)?$/.test(value), `The ${label} must be a number.`)
    .refine(
      (value) => !new RegExp(`\\.\\d{${places + 1},}$`).test(value),
      `The ${label} may have at most ${places} decimal places.`,
    );

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `The ${label} may not be greater than ${max} characters.`)
    .nullish()
    .transform((value) => (value ? value : null));

export const createInvoiceLineSchema = z.object({
  sku: optionalText('SKU', 190),
  product_nominal_code: optionalText('account code', 60),
  description: z
    .string({ error: 'The description field is required.' })
    .trim()
    .min(1, 'The description field is required.')
    .max(500, 'The description may not be greater than 500 characters.'),
  quantity: decimal('quantity', 4).refine(
    (value) => /[1-9]/.test(value),
    'The quantity must be greater than 0.',
  ),
  tax_type: z
    .string({ error: 'The tax type field is required.' })
    .trim()
    .min(1, 'The tax type field is required.'),
  tax_total: decimal('tax amount', 2).optional().default('0'),
  discount_total: decimal('discount', 2).optional().default('0'),
  unit_price: decimal('unit price', 4),
  /** Optional: when sent, it must equal the server's quantity × unit price − discount. */
  price: decimal('price', 2).optional(),
});

export const createInvoiceSchema = z.object({
  channel_id: z.number({ error: 'The accounting channel field is required.' }).int().positive(),
  customer_name: z
    .string({ error: 'The customer field is required.' })
    .trim()
    .min(1, 'The customer field is required.')
    .max(190, 'The customer may not be greater than 190 characters.'),
  customer_email: z
    .string()
    .trim()
    .max(190)
    .nullish()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), {
      message: 'The customer e-mail must be a valid e-mail address.',
    }),
  invoice_number: optionalText('invoice number', 60),
  order_reference: optionalText('order reference', 190),
  invoice_date: z
    .string({ error: 'The invoice date field is required.' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'The invoice date must be a date (YYYY-MM-DD).')
    .refine(
      (value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)),
      'The invoice date must be a date (YYYY-MM-DD).',
    ),
  currency: z
    .string({ error: 'The currency field is required.' })
    .trim()
    .regex(/^[A-Za-z]{3}$/, 'The currency must be a three-letter ISO code.')
    .transform((value) => value.toUpperCase()),
  status: vocabularySchema(INVOICE_STATUS).optional().default('authorised'),
  lines: z
    .array(createInvoiceLineSchema, { error: 'The invoice needs at least one line.' })
    .min(1, 'The invoice needs at least one line.')
    .max(500, 'An invoice may have at most 500 lines.'),
});
export type CreateInvoiceInput = z.input<typeof createInvoiceSchema>;
export type CreateInvoiceData = z.output<typeof createInvoiceSchema>;

export const updateInvoiceSyncStatusSchema = z.object({
  invoice_ids: z
    .array(z.number().int().positive(), { error: 'Choose at least one invoice.' })
    .min(1, 'Choose at least one invoice.')
    .max(1000, 'At most 1000 invoices can be changed at once.'),
  status: vocabularySchema(INVOICE_SYNC_STATUS),
});
export type UpdateInvoiceSyncStatusInput = z.input<typeof updateInvoiceSyncStatusSchema>;
