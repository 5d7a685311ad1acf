import { z } from 'zod';

/** A carrier of the platform's global list (`GET couriers`); seeded, the same for every company. */
export interface CourierDto {
  id: number;
  /** Stable slug (`royal-mail`, `dhl-express`); codes starting with `dhl` are the DHL family. */
  code: string;
  name: string;
  /** Tracking page with a `{tracking_code}` placeholder; null when the carrier has none we know. */
  tracking_url: string | null;
}

/** The global courier a channel courier is linked to, as shown beside it. */
export type CourierSummaryDto = Pick<CourierDto, 'id' | 'code' | 'name'>;

/**
 * How the seller's carrier is named on one sales channel (spec §3 "Courier: name, custom_name"):
 * `name` follows the linked global courier (pushDHLChanges refreshes it), `custom_name` is the
 * seller's own wording and is never overwritten.
 */
export interface ChannelCourierDto {
  id: number;
  store_id: number;
  channel_id: number;
  /** The linked global courier; null for a carrier outside the global list. */
  courier_id: number | null;
  courier: CourierSummaryDto | null;
  name: string;
  custom_name: string | null;
  created_at: string;
  updated_at: string;
}

const optionalText = (field: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `The ${field} may not be greater than ${max} characters.`)
    // An emptied field clears the value rather than storing ''.
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

const courierIdSchema = z
  .number({ error: 'The courier must be a courier id.' })
  .int('The courier must be a courier id.')
  .positive('The courier must be a courier id.')
  .nullable()
  .optional();

const nameSchema = z
  .string({ error: 'The name field must be text.' })
  .trim()
  .max(120, 'The name may not be greater than 120 characters.');

/**
 * `POST stores/{storeId}/channels/{channelId}/couriers`. `name` may be left out when a global
 * courier is chosen: it then takes that courier's name.
 */
export const createChannelCourierSchema = z
  .object({
    courier_id: courierIdSchema,
    name: nameSchema.optional(),
    custom_name: optionalText('custom name', 120),
  })
  .superRefine((value, context) => {
    if (!value.courier_id && !value.name) {
      context.addIssue({ code: 'custom', path: ['name'], message: 'The name field is required.' });
    }
  });
export type CreateChannelCourierInput = z.infer<typeof createChannelCourierSchema>;

/** `PUT .../couriers/{id}`: only the fields sent change. */
export const updateChannelCourierSchema = z.object({
  courier_id: courierIdSchema,
  name: nameSchema.min(1, 'The name field is required.').optional(),
  custom_name: optionalText('custom name', 120),
});
export type UpdateChannelCourierInput = z.infer<typeof updateChannelCourierSchema>;

/** `POST companies/{companyId}/pushDHLChanges` (administrators): how many channel couriers changed. */
export interface PushDhlChangesDto {
  updated: number;
}
