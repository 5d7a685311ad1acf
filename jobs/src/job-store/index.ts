export { SequelizeBackend, type SequelizeBackendOptions } from './sequelize-backend';
export {
  SequelizeJobRepository,
  type JobStoreLogger,
  type SequelizeJobRepositoryOptions,
} from './sequelize-job-repository';
export { createAgendaBackend, type AgendaBackendSettings } from './create-agenda';
