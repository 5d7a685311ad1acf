export { SequelizeBackend, type SequelizeBackendOptions } from './sequelize-backend';
export {
  SequelizeJobRepository,
  type JobStoreLogger,
  type SequelizeJobRepositoryOptions,
} from './sequelize-job-repository';
export { createAgendaBackend, type AgendaBackendSettings } from './create-agenda';
export {
  createJobNotificationChannel,
  inProcessJobNotificationChannel,
  DEFAULT_JOB_CHANNEL_NAME,
  jobChannelName,
  type JobNotificationSettings,
} from './notification-channel';
export {
  pruneFinishedJobs,
  FAILED_JOB_RETENTION_MS,
  PRUNE_CHUNK_SIZE,
  SUCCEEDED_JOB_RETENTION_MS,
  type PrunedJobs,
  type PruneFinishedJobsOptions,
} from './prune-finished-jobs';
