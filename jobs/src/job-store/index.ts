export { SequelizeBackend, type SequelizeBackendOptions } from './sequelize-backend';
export { SequelizeJobRepository, type SequelizeJobRepositoryOptions } from './sequelize-job-repository';
export { createAgendaBackend, type AgendaBackendSettings } from './create-agenda';
