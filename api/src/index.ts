export { startProcess, runFromEnvironment, type RunningProcess } from './runtime';
export { createApp, type AppOptions } from './app';
export { createServices, type Services, type ServiceDependencies } from './services';
export { loadConfig, type Config, type ProcessRole } from './config';
export { createSequelize, dialectOf, type DatabaseDialect } from './db/create-sequelize';
export { migrate } from './db/migrate';
export { AppError } from './http/app-error';
export type { TokenClaims, TokenService } from './modules/auth/token.service';
