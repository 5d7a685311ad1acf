import type { AgendaBackend, JobRepository } from 'agenda';
import type { Sequelize } from 'sequelize';
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
}

/**
 * Agenda storage on the application's own SQL database. Polling only: MySQL and SQLite have no
 * LISTEN/NOTIFY, so there is no notification channel and Agenda scans every `processEvery`.
 */
export class SequelizeBackend implements AgendaBackend {
  readonly name = 'Sequelize';
  /** The Sequelize instance is passed in, so agenda.stop() must not close it. */
  readonly ownsConnection = false;
  readonly notificationChannel = undefined;
  private readonly jobRepository: SequelizeJobRepository;

  constructor(options: SequelizeBackendOptions) {
    this.jobRepository = new SequelizeJobRepository(options);
  }

  get repository(): JobRepository {
    return this.jobRepository;
  }

  /** Creates the jobs table and indexes when missing (when `ensureSchema`); safe to call repeatedly. */
  connect(): Promise<void> {
    return this.jobRepository.connect();
  }

  /** Leaves the Sequelize instance open: it belongs to the application. */
  disconnect(): Promise<void> {
    return this.jobRepository.disconnect();
  }
}
