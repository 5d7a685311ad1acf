import type { Agenda } from 'agenda';
import type { JobData, JobName } from '@syncdesk/contracts';

/** What domain services need from the job system: put named work on the queue. */
export interface JobScheduler {
  enqueue<N extends JobName>(name: N, data: JobData[N]): Promise<void>;
  /** The same, to start no earlier than `when` (a fulfilment the channel's delay holds back). */
  enqueueAt<N extends JobName>(name: N, data: JobData[N], when: Date): Promise<void>;
}

/** What keeps per-channel recurring work in step with the channels (`ChannelJobSchedule`). */
export interface RecurringJobScheduler extends JobScheduler {
  /**
   * Runs `name` every `seconds`, one row per `unique` constraint: saving again with another
   * interval reschedules it; the same interval leaves the stored schedule alone.
   */
  every<N extends JobName>(
    name: N,
    data: JobData[N],
    seconds: number,
    unique: Record<string, unknown>,
  ): Promise<void>;
  /** Runs `name` once at `when`, one row per `unique` constraint (saving again moves it). */
  at<N extends JobName>(
    name: N,
    data: JobData[N],
    when: Date,
    unique: Record<string, unknown>,
  ): Promise<void>;
  /** The jobs of `name` (whose data contains `matchData`), as stored, for keeping them in step. */
  find<N extends JobName>(
    name: N,
    matchData?: Partial<JobData[N]>,
  ): Promise<{ repeatInterval?: string; nextRunAt: Date | null; lastRunAt?: Date; data: unknown }[]>;
  /** Removes every job of `name` whose data contains `matchData`; answers how many. */
  cancel<N extends JobName>(name: N, matchData: Partial<JobData[N]>): Promise<number>;
}

/** Test doubles of `JobScheduler` may queue without scheduling; real Agenda-backed ones do both. */
export function isRecurringJobScheduler(jobs: JobScheduler): jobs is RecurringJobScheduler {
  const candidate = jobs as Partial<RecurringJobScheduler>;
  return typeof candidate.every === 'function' && typeof candidate.cancel === 'function';
}

export function createJobScheduler(agenda: Agenda): RecurringJobScheduler {
  const find: RecurringJobScheduler['find'] = async (name, matchData) => {
    const { jobs } = await agenda.queryJobs({ name, data: matchData, includeDisabled: true });
    return jobs.map((job) => ({
      repeatInterval: job.repeatInterval === undefined ? undefined : String(job.repeatInterval),
      nextRunAt: job.nextRunAt ?? null,
      lastRunAt: job.lastRunAt,
      data: job.data,
    }));
  };
  return {
    find,
    async enqueue(name, data) {
      await agenda.now(name, data);
    },
    async enqueueAt(name, data, when) {
      await agenda.schedule(when, name, data);
    },
    async every(name, data, seconds, unique) {
      const interval = `${seconds} seconds`;
      const stored = await find(name, data);
      if (stored.some((job) => job.repeatInterval === interval)) return;
      // A changed interval counts from now; a new schedule runs once right away.
      const rescheduled = stored.some((job) => job.repeatInterval);
      await agenda
        .create(name, data)
        .repeatEvery(interval, { skipImmediate: rescheduled })
        .unique(unique)
        .save();
    },
    async at(name, data, when, unique) {
      await agenda.create(name, data).schedule(when).unique(unique).save();
    },
    async cancel(name, matchData) {
      return agenda.cancel({ name, data: matchData });
    },
  };
}
