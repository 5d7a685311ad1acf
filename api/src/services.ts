import type { Sequelize } from 'sequelize';
import type { Publish } from '@syncdesk/contracts';
import type { JobScheduler } from './jobs/job-scheduler';
import type { TokenService } from './modules/auth/token.service';
import {
  createAnnouncementService,
  type AnnouncementService,
} from './modules/announcements/announcement.service';
import { createHealthService, type HealthService, type JobStoreProbe } from './modules/health/health.service';

export interface ServiceDependencies {
  sequelize: Sequelize;
  /** Realtime bus: in-process Socket.IO, or the Redis emitter in a separate worker. */
  publish: Publish;
  jobs: JobScheduler;
  jobStore: JobStoreProbe;
  tokens: TokenService;
}

/** Every domain service, built once per process and shared by the api routes and the job handlers. */
export interface Services {
  tokens: TokenService;
  health: HealthService;
  announcements: AnnouncementService;
}

export function createServices(deps: ServiceDependencies): Services {
  return {
    tokens: deps.tokens,
    health: createHealthService({ sequelize: deps.sequelize, jobStore: deps.jobStore }),
    announcements: createAnnouncementService(deps),
  };
}
