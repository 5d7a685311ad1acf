export { SequelizeBackend, type SequelizeBackendOptions } from './sequelize-backend';
export {
  SequelizeJobRepository,
  type JobStoreLogger,
  type SequelizeJobRepositoryOptions,
} from './sequelize-job-repository';
export { createAgendaBackend, type AgendaBackendSettings } from './create-agenda';
export {
  createJobNotificationChannel,
  DEFAULT_JOB_CHANNEL_NAME,
  type JobNotificationSettings,
} from './notification-channel';
