import type { CoreServices } from '../../services';

// FOUNDATION STUB — the notifications helper replaces this file's contents.

export interface NotifyInput {
  userId: number;
  companyId: number | null;
  /** NOTIFICATION_LEVEL value: 0 info, 1 warning, 2 error. */
  level: number;
  title: string;
  message: string;
  /** In-app path, never an absolute url. */
  link?: string | null;
}

export interface NotificationService {
  /** Stores the notification and tells the user's open pages (`notification:created`). */
  notify(input: NotifyInput): Promise<void>;
}

export interface NotificationServices {
  notifications: NotificationService;
}

export function createNotificationServices(_core: CoreServices): NotificationServices {
  return { notifications: { notify: async () => undefined } };
}
