import { z } from 'zod';

import { NOTIFICATION_STATUS } from './notification.status';

/** The most notifications one bulk update names; more is a select-all (`all: true`). */
export const MAX_NOTIFICATION_BULK_IDS = 1000;

export const NOTIFICATION_BULK_TARGET_REQUIRED = 'Choose the notifications to update.';

/** A notification only moves forward (unread → read → dismissed), so 0 is never a target. */
const TARGET_STATUSES = NOTIFICATION_STATUS.values.filter((value) => value !== 0) as [1, 2];
const STATUS_MESSAGE = 'The status must be read (1) or dismissed (2).';

/**
 * `PUT notifications/bulk-update`: mark read (1) or dismiss (2) the caller's notifications named by
 * `ids`, or all of them with `all: true`.
 */
export const bulkUpdateNotificationsSchema = z
  .object({
    ids: z
      .array(
        z
          .number({ error: 'Each notification id must be a number.' })
          .int('Each notification id must be a number.')
          .positive('Each notification id must be a number.'),
        { error: 'The notifications must be a list of ids.' },
      )
      .max(MAX_NOTIFICATION_BULK_IDS, `Choose at most ${MAX_NOTIFICATION_BULK_IDS} notifications at once.`)
      .optional(),
    all: z.boolean({ error: 'The all field must be true or false.' }).optional(),
    status: z.literal(TARGET_STATUSES, { error: STATUS_MESSAGE }),
  })
  .superRefine((input, context) => {
    if (!input.all && (input.ids ?? []).length === 0) {
      context.addIssue({ code: 'custom', path: ['ids'], message: NOTIFICATION_BULK_TARGET_REQUIRED });
    }
  });
export type BulkUpdateNotificationsInput = z.infer<typeof bulkUpdateNotificationsSchema>;

/** `GET notifications/stats`. */
export interface NotificationStatsDto {
  unread: number;
}
