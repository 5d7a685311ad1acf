import type { VocabularyValue } from '../vocabulary.types';
import type { NOTIFICATION_LEVEL, NOTIFICATION_STATUS } from './notification.status';

/** An in-app notification of one user (finished imports and exports, …). */
export interface NotificationDto {
  id: number;
  level: VocabularyValue<typeof NOTIFICATION_LEVEL>;
  status: VocabularyValue<typeof NOTIFICATION_STATUS>;
  title: string;
  message: string;
  /** An in-app path to open, never an absolute url. */
  link: string | null;
  created_at: string;
}
