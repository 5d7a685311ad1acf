import type { AgendaBackend, JobRepository, NotificationChannel } from 'agenda';
import type { Sequelize } from 'sequelize';
import { inProcessJobNotificationChannel } from './notification-channel';
import { pruneFinishedJobs, type PrunedJobs, type PruneFinishedJobsOptions } from './prune-finished-jobs';
import { SequelizeJobRepository, type JobStoreLogger } from './sequelize-job-repository';

export interface SequelizeBackendOptions {
  /** The application's connection (MySQL/MariaDB or SQLite). Agenda never closes it. */
  sequelize: Sequelize;
  /** Default `agenda_jobs`. */
  tableName?: string;
  /** Create the table and its indexes on connect() when missing. Default true. */
  ensureSchema?: boolean;
  /** Lock candidates read per query (advanced tuning). Default 10. */
  lockBatchSize?: number;
  /**
   * The application's logger, for job state saves the database refused (Agenda drops those errors).
   * Default: console. Not Agenda's `backend.logger`, which is a persistent job-event log.
   */
  logger?: JobStoreLogger;
  /**
   * How a queued job reaches workers before their next poll. Default: in-process (a worker in the
   * same process as the code that queues); give a Redis channel when they are separate processes;
   * `null` leaves the workers to their polling.
   */
  notificationChannel?: NotificationChannel | null;
}

/**
 * Agenda storage on the application's own SQL database. MySQL and SQLite have no LISTEN/NOTIFY, so
 * "a job was queued" travels through a separate notification channel (in-process or Redis) and the
 * worker starts it at once; polling every `processEvery` stays as the safety net.
 */
export class SequelizeBackend implements AgendaBackend {
  readonly name = 'Sequelize';
  /** The Sequelize instance is passed in, so agenda.stop() must not close it. */
  readonly ownsConnection = false;
  readonly notificationChannel: NotificationChannel | undefined;
  private readonly jobRepository: SequelizeJobRepository;
  private readonly sequelize: Sequelize;

  constructor(options: SequelizeBackendOptions) {
    this.sequelize = options.sequelize;
    this.jobRepository = new SequelizeJobRepository(options);
    this.notificationChannel =
      options.notificationChannel === null
        ? undefined
        : (options.notificationChannel ?? inProcessJobNotificationChannel({ logger: options.logger }));
  }

  get repository(): JobRepository {
    return this.jobRepository;
  }

  /**
   * Creates the jobs table and indexes when missing (when `ensureSchema`); safe to call repeatedly.
   * Also connects the notification channel: Agenda only does that in start(), and a process that
   * only queues jobs (the api role) never starts, yet its jobs must still wake the workers.
   */
  async connect(): Promise<void> {
    await this.jobRepository.connect();
    await this.notificationChannel?.connect();
  }

  /** Removes one-off jobs that finished long ago (the `system.prune_jobs` job; see pruneFinishedJobs). */
  pruneFinishedJobs(options: Omit<PruneFinishedJobsOptions, 'tableName'> = {}): Promise<PrunedJobs> {
    return pruneFinishedJobs(this.sequelize, { ...options, tableName: this.jobRepository.tableName });
  }

  /** Leaves the Sequelize instance open: it belongs to the application. */
  async disconnect(): Promise<void> {
    await this.notificationChannel?.disconnect();
    await this.jobRepository.disconnect();
  }
}
