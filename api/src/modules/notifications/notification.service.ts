import { Op, type Attributes, type WhereOptions } from 'sequelize';
import {
  NOTIFICATION_LEVEL,
  NOTIFICATION_STATUS,
  isSafeRedirectPath,
  rooms,
  type BulkUpdateNotificationsInput,
  type ListResponse,
  type NotificationDto,
  type NotificationStatsDto,
} from '@syncdesk/contracts';
import type { Notification } from '../../db/catalogue.models';
import { findPage, type ListQueryInput, type ListQuerySpec } from '../../http/list-query';
import type { RequestScope } from '../../http/request-scope';
import type { CoreServices } from '../../services';
import { toNotificationDto } from './notification.mapper';

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

/**
 * In-app notifications of one user: what finished imports and exports (and later other jobs) tell
 * them. A caller only ever sees and changes their own, and only those of the company they are
 * working in (or of no company): a notification about another company's store would link to a
 * page they cannot open from here; they see it after switching to that company.
 */
export interface NotificationService {
  /** Stores the notification and tells the user's open pages (`notification:created`). */
  notify(input: NotifyInput): Promise<NotificationDto>;
  /** Unread ones, newest first; `show_all=1` adds the read ones. Dismissed ones are never listed. */
  list(scope: RequestScope, query: ListQueryInput): Promise<ListResponse<NotificationDto>>;
  stats(scope: RequestScope): Promise<NotificationStatsDto>;
  /**
   * Marks read or dismisses the caller's notifications named by `ids` (or all of them). Ids that
   * are not the caller's are left alone, without saying whether they exist. A notification only
   * moves forward (unread → read → dismissed): marking a dismissed one read changes nothing.
   * Answers how many changed.
   */
  bulkUpdate(scope: RequestScope, input: BulkUpdateNotificationsInput): Promise<{ updated: number }>;
}

export interface NotificationServices {
  notifications: NotificationService;
}

const STATUS = {
  unread: NOTIFICATION_STATUS.byKey('unread').value,
  read: NOTIFICATION_STATUS.byKey('read').value,
  dismissed: NOTIFICATION_STATUS.byKey('dismissed').value,
};

const TITLE_MAX = 190;
const LINK_MAX = 255;

const LIST_SPEC: ListQuerySpec<Attributes<Notification>> = {
  filters: {
    id: { type: 'number', operators: ['eq', 'in'] },
    level: { type: 'number', operators: ['eq', 'in'] },
  },
  dateRanges: { created_at: {} },
  search: ['title', 'message'],
  sort: { fields: ['created_at', 'level'], default: { field: 'created_at', direction: 'desc' } },
};

const truncate = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/** A truthy query flag as the spec's browser sends it (`show_all=1`, `true`). */
const isOn = (value: ListQueryInput[string]) => {
  const raw = Array.isArray(value) ? value[0] : value;
  return raw === '1' || raw === 'true';
};

export function createNotificationServices(core: CoreServices): NotificationServices {
  const { Notification: Notifications } = core.models;

  /** The caller's own notifications in the company they work in. */
  const ownedBy = (scope: RequestScope): WhereOptions<Attributes<Notification>> => ({
    user_id: scope.userId,
    company_id: { [Op.or]: [scope.companyId, null] },
  });

  const notifications: NotificationService = {
    async notify(input) {
      if (!NOTIFICATION_LEVEL.entries.some((entry) => entry.value === input.level)) {
        throw new Error(`notify: ${input.level} is not a notification level`);
      }
      const link = input.link ?? null;
      // Links are opened inside the app; an absolute or protocol-relative url is a programming error.
      if (link !== null && (!isSafeRedirectPath(link) || link.length > LINK_MAX)) {
        throw new Error(`notify: ${link} is not an in-app path`);
      }
      const row = await Notifications.create({
        user_id: input.userId,
        company_id: input.companyId,
        level: input.level,
        title: truncate(input.title, TITLE_MAX),
        message: input.message,
        link,
      });
      core.publish({
        name: 'notification:created',
        rooms: [rooms.user(input.userId)],
        payload: { notificationId: row.id, level: row.level },
      });
      return toNotificationDto(row);
    },

    async list(scope, query) {
      const statuses = isOn(query.show_all) ? [STATUS.unread, STATUS.read] : [STATUS.unread];
      return findPage(
        Notifications,
        query,
        LIST_SPEC,
        { ...ownedBy(scope), status: { [Op.in]: statuses } },
        { map: toNotificationDto },
      );
    },

    async stats(scope) {
      const unread = await Notifications.count({ where: { ...ownedBy(scope), status: STATUS.unread } });
      return { unread };
    },

    async bulkUpdate(scope, input) {
      const where: WhereOptions<Attributes<Notification>> = {
        ...ownedBy(scope),
        status: { [Op.lt]: input.status },
        ...(input.all ? {} : { id: { [Op.in]: input.ids ?? [] } }),
      };
      const [updated] = await Notifications.update({ status: input.status }, { where });
      return { updated };
    },
  };

  return { notifications };
}
