import { z } from 'zod';
import { PRODUCT_TYPES } from './product.dto';
import { KIT_MESSAGES } from './kit-rules';

/**
 * Request bodies of the products api (integration-domain §7 "Products"). The shapes are checked
 * here; the rules that need the store's data (a unique SKU, components that exist and are not
 * kits) are the api's, in the same words (`kit-rules.ts`).
 */

/** Widest on-hand figure a seller can set or move by in one go. */
export const MAX_STOCK_FIGURE = 1_000_000_000;
/** Most components one kit may have. */
export const MAX_KIT_ITEMS = 50;
/** Most products one bulk call names by uuid. */
export const MAX_BULK_PRODUCTS = 10_000;

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `The ${label} field is required.` })
    .trim()
    .min(1, `The ${label} field is required.`)
    .max(max, `The ${label} may not be greater than ${max} characters.`);

/** Empty text means "none". */
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `The ${label} must be text.` })
    .trim()
    .max(max, `The ${label} may not be greater than ${max} characters.`)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

const PRICE_TEXT = /^\d{1,10}(\.\d{1,2})?$/;
const PRICE_MESSAGE = 'The price must be an amount of 0 or more with at most 2 decimals (e.g. 12.50).';

/** A price as the api keeps it: a decimal string with 2 decimals ("12.50"), or null for none. */
export const priceSchema = z
  .union([z.string(), z.number()], { error: PRICE_MESSAGE })
  .transform((value, context) => {
    const text = typeof value === 'number' ? String(value) : value.trim();
    if (text === '') return null;
    if (!PRICE_TEXT.test(text) || !Number.isFinite(Number(text))) {
      context.addIssue({ code: 'custom', message: PRICE_MESSAGE });
      return z.NEVER;
    }
    return Number(text).toFixed(2);
  })
  .nullable()
  .optional();

const QUANTITY_MESSAGE = `The quantity must be a whole number from 0 to ${MAX_STOCK_FIGURE}.`;

/** An on-hand figure to set: whole, never negative (oversold stock comes from orders, not a count). */
export const onHandSchema = z
  .number({ error: QUANTITY_MESSAGE })
  .int(QUANTITY_MESSAGE)
  .min(0, QUANTITY_MESSAGE)
  .max(MAX_STOCK_FIGURE, QUANTITY_MESSAGE);

const DELTA_MESSAGE = `The stock change must be a whole number other than 0, at most ${MAX_STOCK_FIGURE} either way.`;

export const stockDeltaSchema = z
  .number({ error: DELTA_MESSAGE })
  .int(DELTA_MESSAGE)
  .min(-MAX_STOCK_FIGURE, DELTA_MESSAGE)
  .max(MAX_STOCK_FIGURE, DELTA_MESSAGE)
  .refine((value) => value !== 0, DELTA_MESSAGE);

export const kitItemInputSchema = z.object({
  sku: z
    .string({ error: KIT_MESSAGES.componentSkuRequired })
    .trim()
    .min(1, KIT_MESSAGES.componentSkuRequired)
    .max(190, 'The SKU may not be greater than 190 characters.'),
  product_nominal_code: optionalText('nominal code', 60),
  quantity: z
    .number({ error: KIT_MESSAGES.componentQuantity })
    .int(KIT_MESSAGES.componentQuantity)
    .min(1, KIT_MESSAGES.componentQuantity)
    .max(MAX_STOCK_FIGURE, KIT_MESSAGES.componentQuantity),
});
export type KitItemInputBody = z.infer<typeof kitItemInputSchema>;

const productFields = {
  sku: requiredText('SKU', 190),
  title: requiredText('title', 255),
  type: z.enum(PRODUCT_TYPES, { error: 'The type must be Product or Kit.' }),
  price: priceSchema,
  nominal_code: optionalText('nominal code', 60),
  barcode: optionalText('barcode', 64),
  auto_sync_stock: z.boolean({ error: 'Auto sync stock must be on or off.' }).optional(),
  kit_items: z
    .array(kitItemInputSchema, { error: 'The components must be a list.' })
    .max(MAX_KIT_ITEMS, `A kit can have at most ${MAX_KIT_ITEMS} components.`)
    .optional(),
};

/**
 * `POST products/{storeId}/create`. `quantity` is the opening on-hand figure of a product (written
 * to the stock ledger as a manual movement); a kit takes none: its availability is computed.
 */
export const createProductSchema = z.object({
  ...productFields,
  type: productFields.type.default('product'),
  quantity: onHandSchema.nullable().optional(),
});
export type CreateProductInput = z.infer<typeof createProductSchema>;

/**
 * `PUT products/{storeId}/{id}`: only the fields sent change. Stock moves either by `quantity`
 * (set on hand to this figure) or by `stock_delta` (add or take this many, safe against concurrent
 * changes); both are manual movements in the ledger. An edit form should send `stock_delta` (or
 * `quantity` only when the seller changed it), so an order taken meanwhile is not overwritten.
 */
export const updateProductSchema = z
  .object({
    ...productFields,
    sku: productFields.sku.optional(),
    title: productFields.title.optional(),
    type: productFields.type.optional(),
    quantity: onHandSchema.nullable().optional(),
    stock_delta: stockDeltaSchema.optional(),
  })
  .superRefine((value, context) => {
    if (value.quantity !== undefined && value.quantity !== null && value.stock_delta !== undefined) {
      context.addIssue({
        code: 'custom',
        path: ['stock_delta'],
        message: 'Send either a new quantity or a stock change, not both.',
      });
    }
  });
export type UpdateProductInput = z.infer<typeof updateProductSchema>;

const uuidList = (label: string) =>
  z
    .array(z.uuid(`Each ${label} must be a valid UUID.`), { error: `The ${label}s must be a list.` })
    .max(MAX_BULK_PRODUCTS, `At most ${MAX_BULK_PRODUCTS} products at a time; use "all" for more.`);

/** Whole-store (`all`) or named (`product_uuids`) bulk actions: one of them must say which products. */
const selection = <T extends { all?: boolean; product_uuids?: string[] }>(
  value: T,
  context: z.RefinementCtx,
) => {
  if (value.all !== true && (value.product_uuids?.length ?? 0) === 0) {
    context.addIssue({
      code: 'custom',
      path: ['product_uuids'],
      message: 'Choose the products, or all of them.',
    });
  }
};

/** `DELETE products/{storeId}` (bulk). */
export const bulkDeleteProductsSchema = z
  .object({
    all: z.boolean({ error: 'All must be true or false.' }).optional(),
    product_uuids: uuidList('product uuid').optional(),
  })
  .superRefine(selection);
export type BulkDeleteProductsInput = z.infer<typeof bulkDeleteProductsSchema>;

/** `PUT products/{storeId}/updateAutoSyncStock`. */
export const updateAutoSyncStockSchema = z
  .object({
    auto_sync_stock: z.boolean({ error: 'Auto sync stock must be on or off.' }),
    all: z.boolean({ error: 'All must be true or false.' }).optional(),
    product_uuids: uuidList('product uuid').optional(),
  })
  .superRefine(selection);
export type UpdateAutoSyncStockInput = z.infer<typeof updateAutoSyncStockSchema>;

/** `POST products/{storeId}/checkProductUsedInKit`. */
export const checkProductUsedInKitSchema = z.object({
  product_uuids: uuidList('product uuid').min(1, 'Choose the products to check.'),
});
export type CheckProductUsedInKitInput = z.infer<typeof checkProductUsedInKitSchema>;
