import type { Sequelize } from 'sequelize';
import type { Redis } from 'ioredis';
import type { Publish } from '@syncdesk/contracts';
import type { Logger } from './logger';
import type { JobScheduler } from './jobs/job-scheduler';
import { defineModels, type Models } from './db/models';
import type { TokenService } from './modules/auth/token.service';
import { createScopeService, type ScopeService } from './modules/auth/scope.service';
import {
  createLoginThrottle,
  DEFAULT_LOGIN_THROTTLE,
  type LoginThrottleOptions,
} from './modules/auth/login-throttle';
import { createSessionService, type SessionService } from './modules/auth/session.service';
import { createUserTokenService, type UserTokenService } from './modules/auth/user-token.service';
import { createActivityService, type ActivityService } from './modules/activities/activity.service';
import { createMailer, type Mailer } from './modules/email/mailer';
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
  logger: Logger;
  /** Public base URL for links in e-mails. */
  appUrl: string;
  smtpUrl?: string;
  /** Shares login-throttle counters between replicas. */
  redis?: Redis;
  loginThrottle?: Partial<LoginThrottleOptions>;
}

/** Every domain service, built once per process and shared by the api routes and the job handlers. */
export interface Services {
  models: Models;
  tokens: TokenService;
  scopes: ScopeService;
  session: SessionService;
  userTokens: UserTokenService;
  activities: ActivityService;
  mailer: Mailer;
  health: HealthService;
  announcements: AnnouncementService;
}

export function createServices(deps: ServiceDependencies): Services {
  const models = defineModels(deps.sequelize);
  const scopes = createScopeService({ models, tokens: deps.tokens });
  const activities = createActivityService({ models });
  const mailer = createMailer({ models, logger: deps.logger, smtpUrl: deps.smtpUrl });
  const throttle = createLoginThrottle({
    ...DEFAULT_LOGIN_THROTTLE,
    ...deps.loginThrottle,
    redis: deps.redis,
  });
  return {
    models,
    tokens: deps.tokens,
    scopes,
    activities,
    mailer,
    session: createSessionService({
      sequelize: deps.sequelize,
      models,
      tokens: deps.tokens,
      scopes,
      throttle,
      mailer,
      activities,
      publish: deps.publish,
      appUrl: deps.appUrl,
    }),
    userTokens: createUserTokenService({ models, activities }),
    health: createHealthService({ sequelize: deps.sequelize, jobStore: deps.jobStore }),
    announcements: createAnnouncementService(deps),
  };
}
