import { MongoBackend } from '@agendajs/mongo-backend';
import type { AgendaBackend } from 'agenda';
import type { Sequelize } from 'sequelize';
import { SequelizeBackend } from './sequelize-backend';
import type { JobStoreLogger } from './sequelize-job-repository';

export interface AgendaBackendSettings {
  /** The application's database; used unless `mongoUrl` is set. */
  sequelize: Sequelize;
  /** Optional MongoDB URL (production option): jobs then live in MongoDB instead. */
  mongoUrl?: string;
  /** The application's logger, for job state saves the SQL store could not make. */
  logger?: JobStoreLogger;
}

/** Picks the job store: MongoDB when a URL is configured, otherwise the application's SQL database. */
export function createAgendaBackend({ sequelize, mongoUrl, logger }: AgendaBackendSettings): AgendaBackend {
  if (mongoUrl) return new MongoBackend({ address: mongoUrl });
  return new SequelizeBackend({ sequelize, logger });
}
