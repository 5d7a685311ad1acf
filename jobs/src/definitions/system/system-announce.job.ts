import { JOB_NAMES } from '@syncdesk/contracts';
import type { JobDefinition } from '../job-definition';

export const systemAnnounceJob: JobDefinition<typeof JOB_NAMES.systemAnnounce> = {
  name: JOB_NAMES.systemAnnounce,
  async handler(data, { services }) {
    await services.announcements.deliver(data.announcementId);
  },
  options: { concurrency: 5 },
};
