import { z } from 'zod';

import type { VocabularyValue } from '../vocabulary.types';
import { vocabularySchema } from '../vocabulary.schema';
import { PICKUP_PRODUCT_STATUS } from './pickup.status';
import type { PICKUP_STORE_SYNC_STATUS, SHOPIFY_PICKUP_SYNC_STATUS } from './pickup.status';

export type PickupProductStatus = VocabularyValue<typeof PICKUP_PRODUCT_STATUS>;

/**
 * A click-and-collect location of a sales channel (spec §3 "Pickup store: name, addresses, phone,
 * store_sync_status, is_active"). `store_sync_status` is the server's: pending until the channel
 * has it, then updated / updated status after a change (PICKUP_STORE_SYNC_STATUS).
 */
export interface PickupStoreDto {
  id: number;
  uuid: string;
  store_id: number;
  channel_id: number;
  name: string;
  address_line1: string;
  address_line2: string | null;
  city: string;
  postcode: string;
  /** ISO 3166-1 alpha-2, upper case. */
  country_code: string;
  phone: string | null;
  store_sync_status: VocabularyValue<typeof PICKUP_STORE_SYNC_STATUS>;
  is_active: boolean;
  created_at: string;
  updated_at: string;
}

/** A product waiting at a pickup store for its customer. */
export interface PickupProductDto {
  id: number;
  pickup_store_id: number;
  product_sku: string;
  /** The store's product with that SKU (null only for lines saved before products existed). */
  product_id: number | null;
  title: string | null;
  quantity: number;
  pickup_status: PickupProductStatus;
  /** Sync of the last pickup action towards Shopify (SHOPIFY_PICKUP_SYNC_STATUS); the server's. */
  status: VocabularyValue<typeof SHOPIFY_PICKUP_SYNC_STATUS>;
  created_at: string;
  updated_at: string;
}

const required = (field: string, max: number) =>
  z
    .string({ error: `The ${field} field is required.` })
    .trim()
    .min(1, `The ${field} field is required.`)
    .max(max, `The ${field} may not be greater than ${max} characters.`);

const optional = (field: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `The ${field} may not be greater than ${max} characters.`)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

const pickupStoreFields = {
  name: required('name', 120),
  address_line1: required('address line 1', 190),
  address_line2: optional('address line 2', 190),
  city: required('city', 120),
  postcode: required('postcode', 20),
  country_code: z
    .string({ error: 'The country code field is required.' })
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'The country code must be a two-letter ISO code.')
    .transform((value) => value.toUpperCase()),
  phone: optional('phone', 40),
  is_active: z.boolean({ error: 'The is active field must be true or false.' }).optional(),
};

/** `POST pickupStores/{storeId}/{channelId}/stores`. */
export const createPickupStoreSchema = z.object(pickupStoreFields);
export type CreatePickupStoreInput = z.infer<typeof createPickupStoreSchema>;

/** `PUT .../stores/{id}`: only the fields sent change. */
export const updatePickupStoreSchema = createPickupStoreSchema.partial();
export type UpdatePickupStoreInput = z.infer<typeof updatePickupStoreSchema>;

/**
 * `PUT .../stores/{id}/statusUpdate`: switches the store on or off at the channel. The sync status
 * is not taken from the caller; the server marks the change for the channel ('Status updated').
 */
export const pickupStoreStatusSchema = z.object({
  is_active: z.boolean({ error: 'The is active field must be true or false.' }),
});
export type PickupStoreStatusInput = z.infer<typeof pickupStoreStatusSchema>;

const quantitySchema = z
  .number({ error: 'The quantity must be a whole number of at least 1.' })
  .int('The quantity must be a whole number of at least 1.')
  .min(1, 'The quantity must be a whole number of at least 1.')
  .max(1_000_000, 'The quantity may not be greater than 1000000.');

/** `POST pickupStores/{storeId}/{channelId}/{pickupId}/create`. */
export const createPickupProductSchema = z.object({
  product_sku: required('product sku', 120),
  title: optional('title', 255),
  quantity: quantitySchema.default(1),
});
export type CreatePickupProductInput = z.infer<typeof createPickupProductSchema>;

/** `PUT .../{pickupId}/{productId}`: details, and/or the next pickup step. */
export const updatePickupProductSchema = z.object({
  product_sku: required('product sku', 120).optional(),
  title: optional('title', 255),
  quantity: quantitySchema.optional(),
  pickup_status: vocabularySchema(PICKUP_PRODUCT_STATUS).optional(),
});
export type UpdatePickupProductInput = z.infer<typeof updatePickupProductSchema>;

const PICKUP_STEPS = PICKUP_PRODUCT_STATUS.values;

/**
 * Why a product cannot move from `from` to `to`, or null when it can: one step forward at a time
 * (Awaiting → Ready for pickup → Picked up). Staying where it is, is no move and allowed.
 */
export function pickupStatusRefusal(from: PickupProductStatus, to: PickupProductStatus): string | null {
  const step = PICKUP_STEPS.indexOf(to) - PICKUP_STEPS.indexOf(from);
  if (step === 0 || step === 1) return null;
  if (from === 'picked_up') return 'This product has already been picked up.';
  if (step > 1) return 'Mark the product as Ready For Pickup before marking it as Picked Up.';
  return `A product that is ${PICKUP_PRODUCT_STATUS.label(from).toLowerCase()} can not go back to ${PICKUP_PRODUCT_STATUS.label(to).toLowerCase()}.`;
}

/** The next pickup step of a product, or null once it has been picked up. */
export function nextPickupStatus(current: PickupProductStatus): PickupProductStatus | null {
  return PICKUP_STEPS[PICKUP_STEPS.indexOf(current) + 1] ?? null;
}
