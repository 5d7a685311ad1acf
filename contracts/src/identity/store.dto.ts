import { z } from 'zod';
import { emailSchema } from './auth.dto';

export interface StoreNotificationDto {
  id: number;
  email: string;
}

export interface StoreDto {
  id: number;
  name: string;
  company_id: number;
  /** True when another company owns the store and shared it with the caller's company. */
  shared: boolean;
  storeNotifications: StoreNotificationDto[];
  created_at: string;
}

const notificationEmails = z.array(emailSchema).max(20, 'At most 20 notification e-mails.');

export const createStoreSchema = z.object({
  name: z
    .string({ error: 'The name field is required.' })
    .trim()
    .min(1, 'The name field is required.')
    .max(120),
  storeNotifications: notificationEmails.default([]),
});
export type CreateStoreInput = z.infer<typeof createStoreSchema>;

export const updateStoreSchema = z.object({
  name: z.string().trim().min(1, 'The name field is required.').max(120).optional(),
  storeNotifications: notificationEmails.optional(),
});
export type UpdateStoreInput = z.infer<typeof updateStoreSchema>;

export const storeNotificationsSchema = z.object({ storeNotifications: notificationEmails });

export interface SharedCompanyDto {
  id: number;
  uuid: string;
  name: string;
}

export const shareStoreSchema = z.object({
  company_uuid: z.uuid('The company uuid must be a valid UUID.'),
});
