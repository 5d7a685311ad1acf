import type { Sequelize } from 'sequelize';
import {
  JOB_NAMES,
  rooms,
  type AnnouncementDto,
  type CreateAnnouncementInput,
  type ListResponse,
  type Publish,
} from '@syncdesk/contracts';
import { AppError } from '../../http/app-error';
import { findPage, type ListQuerySpec } from '../../http/list-query';
import type { JobScheduler } from '../../jobs/job-scheduler';
import type { RequestScope } from '../../http/request-scope';
import { defineAnnouncementModel, type Announcement } from './announcement.model';

const LIST_SPEC: ListQuerySpec = {
  filters: {
    id: { type: 'number', operators: ['eq', 'in'] },
    created_by: { type: 'number', operators: ['eq'] },
    published_at: { type: 'date', operators: ['gte', 'lte'] },
  },
  dateRanges: { created_at: {} },
  search: ['message'],
  sort: { fields: ['created_at', 'id'], default: { field: 'created_at', direction: 'desc' } },
};

function toDto(row: Announcement): AnnouncementDto {
  return {
    id: row.id,
    message: row.message,
    created_by: row.created_by,
    published_at: row.published_at ? row.published_at.toISOString() : null,
    created_at: row.created_at.toISOString(),
  };
}

export interface AnnouncementService {
  /** Saves the announcement and queues its delivery; administrators only. */
  create(input: CreateAnnouncementInput, scope: RequestScope): Promise<AnnouncementDto>;
  list(query: Record<string, string | string[] | undefined>): Promise<ListResponse<AnnouncementDto>>;
  /** Run by the worker: publishes the announcement to every open page and records when. */
  deliver(announcementId: number): Promise<void>;
}

export function createAnnouncementService(deps: {
  sequelize: Sequelize;
  publish: Publish;
  jobs: JobScheduler;
}): AnnouncementService {
  const Announcements = defineAnnouncementModel(deps.sequelize);
  return {
    async create(input, scope) {
      if (!scope.administrator) throw new AppError('forbidden', 'This action is unauthorized.');
      const row = await Announcements.create({
        message: input.message,
        created_by: scope.userId,
        published_at: null,
      });
      await deps.jobs.enqueue(JOB_NAMES.systemAnnounce, { announcementId: row.id });
      return toDto(row);
    },
    async list(query) {
      // Announcements are platform-wide: every signed-in user may read them, so the scope is empty.
      return findPage(Announcements, query, LIST_SPEC, {}, { map: toDto });
    },
    async deliver(announcementId) {
      const row = await Announcements.findByPk(announcementId);
      if (!row) return; // deleted before delivery: nothing to say
      // Stored before it is announced: a page refetching on the event must see it published.
      if (!row.published_at) await row.update({ published_at: new Date() });
      deps.publish({
        name: 'system:announcement',
        rooms: [rooms.everyone],
        payload: { id: row.id, message: row.message, at: new Date().toISOString() },
      });
    },
  };
}
