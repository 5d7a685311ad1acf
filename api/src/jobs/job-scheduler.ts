import type { Agenda } from 'agenda';
import type { JobData, JobName } from '@syncdesk/contracts';

/** What domain services need from the job system: put named work on the queue. */
export interface JobScheduler {
  enqueue<N extends JobName>(name: N, data: JobData[N]): Promise<void>;
}

export function createJobScheduler(agenda: Agenda): JobScheduler {
  return {
    async enqueue(name, data) {
      await agenda.now(name, data);
    },
  };
}
