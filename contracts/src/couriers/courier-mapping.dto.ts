import { z } from 'zod';

/**
 * "When an order from this channel says shipping method X, fulfil it with courier Y": one row per
 * shipping method text of a sales channel (the spec shows no fields; these are ours).
 */
export interface CourierMappingDto {
  id: number;
  store_id: number;
  channel_id: number;
  /** The order's shipping method exactly as the channel sends it (unique per channel). */
  shipping_method: string;
  /** A courier of the same channel. */
  channel_courier_id: number;
  channel_courier: { id: number; name: string; custom_name: string | null } | null;
  /** The carrier's service (e.g. `tracked-48`), when the courier needs one. */
  service_code: string | null;
  created_at: string;
  updated_at: string;
}

const shippingMethodSchema = z
  .string({ error: 'The shipping method field is required.' })
  .trim()
  .min(1, 'The shipping method field is required.')
  .max(190, 'The shipping method may not be greater than 190 characters.');

const channelCourierIdSchema = z
  .number({ error: 'The courier field is required.' })
  .int('The courier field is required.')
  .positive('The courier field is required.');

const serviceCodeSchema = z
  .string()
  .trim()
  .max(60, 'The service code may not be greater than 60 characters.')
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .optional();

export const createCourierMappingSchema = z.object({
  shipping_method: shippingMethodSchema,
  channel_courier_id: channelCourierIdSchema,
  service_code: serviceCodeSchema,
});
export type CreateCourierMappingInput = z.infer<typeof createCourierMappingSchema>;

export const updateCourierMappingSchema = z.object({
  shipping_method: shippingMethodSchema.optional(),
  channel_courier_id: channelCourierIdSchema.optional(),
  service_code: serviceCodeSchema,
});
export type UpdateCourierMappingInput = z.infer<typeof updateCourierMappingSchema>;
