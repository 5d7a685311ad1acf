import type { Sequelize } from 'sequelize';
import type { Redis } from 'ioredis';
import type { Publish } from '@syncdesk/contracts';
import type { Logger } from './logger';
import type { JobScheduler } from './jobs/job-scheduler';
import { defineModels, type Models } from './db/models';
import type { TokenService } from './modules/auth/token.service';
import { createScopeService, type ScopeService } from './modules/auth/scope.service';
import type { AuthorityChanges } from './modules/auth/authority-change';
import { watchAuthorityTables } from './modules/auth/authority-watch';
import {
  createLoginThrottle,
  DEFAULT_LOGIN_THROTTLE,
  type LoginThrottle,
  type LoginThrottleOptions,
} from './modules/auth/login-throttle';
import { createSessionService, type SessionService } from './modules/auth/session.service';
import { createPushDeviceService, type PushDeviceService } from './modules/auth/push-device.service';
import { createUserTokenService, type UserTokenService } from './modules/auth/user-token.service';
import { createActivityService, type ActivityService } from './modules/activities/activity.service';
import { createMailer, type Mailer } from './modules/email/mailer';
import {
  createAnnouncementService,
  type AnnouncementService,
} from './modules/announcements/announcement.service';
import { createPeopleServices, type PeopleServices } from './modules/people.module';
import { createOrganisationServices, type OrganisationServices } from './modules/organisation.module';
import { createCredentialCipher, type CredentialCipher } from './modules/channels/credential-cipher';
import { createChannelServices, type ChannelServices } from './modules/channels.module';
import { createCatalogueServices, type CatalogueServices } from './modules/catalogue.module';
import { createOrderDomainServices, type OrderDomainServices } from './modules/order-domain.module';
import { createHostedPageServices, type HostedPageServices } from './modules/hosted-pages.module';
import type { OAuthSettings } from './modules/channels/oauth/oauth-providers';
import {
  createHealthService,
  type HealthService,
  type JobStoreProbe,
  type LiveEventsProbe,
} from './modules/health/health.service';
import { DEFAULT_TRANSFER_SETTINGS, type TransferSettings } from './modules/transfers/transfer-settings';
import { createLogServices, type LogServices } from './modules/logs/logs.module';
import { createSyncServices, type SyncStateServices } from './modules/sync/sync.module';
import { createRuleServices, type RuleServices } from './modules/rules/rules.module';

export interface ServiceDependencies {
  sequelize: Sequelize;
  /** Realtime bus: in-process Socket.IO, or the Redis emitter in a separate worker. */
  publish: Publish;
  jobs: JobScheduler;
  jobStore: JobStoreProbe;
  /** How live events travel, for `/api/health`; in-process when absent. */
  liveEvents?: LiveEventsProbe;
  tokens: TokenService;
  logger: Logger;
  /** Encrypts channel credentials at rest (AES-256-GCM). */
  credentialsKey: string;
  /** OAuth channel authorisation: the provider clients and the state-signing secret. */
  oauth: OAuthSettings;
  /** Public base URL for links in e-mails. */
  appUrl: string;
  /** Where the plan banner's 'Manage subscription' leads. */
  planManageUrl: string;
  smtpUrl?: string;
  /** LOG_EXPLAINER_LLM_URL: rephrases failed records' explanations; off when absent. */
  explainerLlmUrl?: string;
  /** Shares login-throttle counters between replicas. */
  redis?: Redis;
  loginThrottle?: Partial<LoginThrottleOptions>;
  /**
   * Urls our servers call (webhooks, channels' shop and API addresses) may point at private or
   * local networks (OUTBOUND_ALLOW_PRIVATE_TARGETS).
   */
  allowPrivateTargets?: boolean;
  /**
   * The live demo's simulators (origins), accepted as channel addresses though private. Filled in
   * once they listen (after the services are built); empty without the demo.
   */
  demoSimulatorOrigins?: ReadonlySet<string>;
  /** Where changes of authority (revoked tokens, memberships, roles…) are announced to every replica. */
  authority?: AuthorityChanges;
  /** Catalogue imports and exports: the data folder their files live in, the upload limit. */
  transferSettings?: TransferSettings;
}

/** The services every module builds on. */
export interface CoreServices {
  sequelize: Sequelize;
  publish: Publish;
  jobs: JobScheduler;
  appUrl: string;
  planManageUrl: string;
  models: Models;
  /** Failed-password counters: sign-in and anything else that checks a password (invitation accept). */
  loginThrottle: LoginThrottle;
  tokens: TokenService;
  scopes: ScopeService;
  /** Announce a change of who may do what (after it is committed): caches and sockets follow. */
  authority: AuthorityChanges;
  session: SessionService;
  userTokens: UserTokenService;
  pushDevices: PushDeviceService;
  activities: ActivityService;
  mailer: Mailer;
  credentials: CredentialCipher;
  oauth: OAuthSettings;
  allowPrivateTargets: boolean;
  /** See ServiceDependencies.demoSimulatorOrigins. */
  demoSimulatorOrigins: ReadonlySet<string>;
  transferSettings: TransferSettings;
}

/** Every domain service, built once per process and shared by the api routes and the job handlers. */
export interface Services
  extends
    CoreServices,
    PeopleServices,
    OrganisationServices,
    ChannelServices,
    CatalogueServices,
    OrderDomainServices,
    HostedPageServices,
    LogServices,
    RuleServices,
    SyncStateServices {
  health: HealthService;
  announcements: AnnouncementService;
}

export function createServices(deps: ServiceDependencies): Services {
  const models = defineModels(deps.sequelize);
  const authority: AuthorityChanges = deps.authority ?? { changed: () => undefined };
  // Whatever code writes a membership, role, store or IP rule, caches and sockets hear of it.
  watchAuthorityTables(models, authority);
  const scopes = createScopeService({ models, tokens: deps.tokens });
  const activities = createActivityService({ models });
  const mailer = createMailer({ models, logger: deps.logger, smtpUrl: deps.smtpUrl });
  const throttle = createLoginThrottle({
    ...DEFAULT_LOGIN_THROTTLE,
    ...deps.loginThrottle,
    redis: deps.redis,
  });
  const core: CoreServices = {
    sequelize: deps.sequelize,
    publish: deps.publish,
    jobs: deps.jobs,
    appUrl: deps.appUrl,
    planManageUrl: deps.planManageUrl,
    models,
    loginThrottle: throttle,
    tokens: deps.tokens,
    scopes,
    authority,
    activities,
    mailer,
    credentials: createCredentialCipher(deps.credentialsKey),
    oauth: deps.oauth,
    allowPrivateTargets: deps.allowPrivateTargets ?? false,
    demoSimulatorOrigins: deps.demoSimulatorOrigins ?? new Set(),
    transferSettings: deps.transferSettings ?? DEFAULT_TRANSFER_SETTINGS,
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
    pushDevices: createPushDeviceService({ models }),
  };
  // Hosted pages call the channel services with a visitor's scope, so they are built on them.
  const channelServices = createChannelServices(core);
  // Orders take stock through the catalogue's stock service.
  const catalogue = createCatalogueServices(core);
  // The import runs the store's rules on the orders it stores; the runner is asked for lazily.
  const ruleServices = createRuleServices(core, catalogue);
  return {
    ...core,
    ...createPeopleServices(core),
    ...createOrganisationServices(core),
    ...channelServices,
    ...createHostedPageServices(core, channelServices),
    ...catalogue,
    ...createOrderDomainServices(core, catalogue, () => ruleServices.ruleRunner),
    ...createSyncServices(core, catalogue, channelServices),
    ...createLogServices(core, { logger: deps.logger, explainerLlmUrl: deps.explainerLlmUrl }),
    ...ruleServices,
    health: createHealthService({
      sequelize: deps.sequelize,
      jobStore: deps.jobStore,
      liveEvents: deps.liveEvents,
    }),
    announcements: createAnnouncementService(deps),
  };
}
