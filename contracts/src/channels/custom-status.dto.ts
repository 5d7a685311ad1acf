import { z } from 'zod';

/**
 * A channel's custom order status (spec §3): the status text the channel sends (`custom_status`,
 * unique per channel) and the name people read for it (`friendly_status`).
 */
export interface CustomOrderStatusDto {
  id: number;
  store_id: number;
  channel_id: number;
  custom_status: string;
  friendly_status: string;
  created_at: string;
  updated_at: string;
}

const text = (field: string) =>
  z
    .string({ error: `The ${field} field is required.` })
    .trim()
    .min(1, `The ${field} field is required.`)
    .max(120, `The ${field} may not be greater than 120 characters.`);

export const customOrderStatusSchema = z.object({
  custom_status: text('custom status'),
  friendly_status: text('friendly status'),
});
export type CustomOrderStatusInput = z.infer<typeof customOrderStatusSchema>;

/** `PUT .../customOrderStatuses/{id}`: either field; an absent one keeps its value. */
export const updateCustomOrderStatusSchema = customOrderStatusSchema.partial();
export type UpdateCustomOrderStatusInput = z.infer<typeof updateCustomOrderStatusSchema>;

export const CUSTOM_STATUS_TAKEN = 'The custom status has already been taken.';
