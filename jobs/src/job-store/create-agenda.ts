import type { AgendaBackend } from 'agenda';
import type { Sequelize } from 'sequelize';
import { createJobNotificationChannel, jobChannelName } from './notification-channel';
import { SequelizeBackend } from './sequelize-backend';
import type { JobStoreLogger } from './sequelize-job-repository';

export interface AgendaBackendSettings {
  /** The application's database; used unless `mongoUrl` is set. */
  sequelize: Sequelize;
  /** Optional MongoDB URL (production option): jobs then live in MongoDB instead. */
  mongoUrl?: string;
  /** The application's logger, for job state saves the SQL store could not make. */
  logger?: JobStoreLogger;
  /** REDIS_URL: queued jobs wake workers in other processes through Redis pub/sub. */
  redisUrl?: string;
  /** REDIS_PREFIX: the wake-up channel is `<prefix>:jobs`, so deployments sharing a Redis stay apart. */
  redisPrefix?: string;
}

/**
 * Picks the job store: MongoDB when a URL is configured, otherwise the application's SQL database.
 * The MongoDB backend is loaded only then: it is a third of a second of every process's start.
 */
export async function createAgendaBackend({
  sequelize,
  mongoUrl,
  logger,
  redisUrl,
  redisPrefix,
}: AgendaBackendSettings): Promise<AgendaBackend> {
  if (mongoUrl) {
    const { MongoBackend } = await import('@agendajs/mongo-backend');
    return new MongoBackend({ address: mongoUrl });
  }
  const notificationChannel = await createJobNotificationChannel({
    redisUrl,
    logger,
    channelName: jobChannelName(redisPrefix),
  });
  return new SequelizeBackend({ sequelize, logger, notificationChannel });
}
