import { MongoBackend } from '@agendajs/mongo-backend';
import type { AgendaBackend } from 'agenda';
import type { Sequelize } from 'sequelize';
import { SequelizeBackend } from './sequelize-backend';

export interface AgendaBackendSettings {
  /** The application's database; used unless `mongoUrl` is set. */
  sequelize: Sequelize;
  /** Optional MongoDB URL (production option): jobs then live in MongoDB instead. */
  mongoUrl?: string;
}

/** Picks the job store: MongoDB when a URL is configured, otherwise the application's SQL database. */
export function createAgendaBackend({ sequelize, mongoUrl }: AgendaBackendSettings): AgendaBackend {
  if (mongoUrl) return new MongoBackend({ address: mongoUrl });
  return new SequelizeBackend({ sequelize });
}
