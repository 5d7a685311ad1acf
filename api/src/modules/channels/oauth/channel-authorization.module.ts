import type { ChannelJobSchedule } from '../../../jobs/channel-job-schedule';
import type { CoreServices } from '../../../services';
import {
  createChannelAuthorizationService,
  type ChannelAuthorizationService,
} from './channel-authorization.service';
import { createOAuthStateUses } from './oauth-state-use.model';
import { createOAuthStateSigner } from './oauth-state';
import { parseOAuthProviderSettings } from './oauth-providers';

export { channelAuthorizationRoutes } from './channel-authorization.routes';

export interface ChannelAuthorizationServices {
  channelAuthorization: ChannelAuthorizationService;
}

/** Builds the OAuth flow from the core services; a bad OAUTH_PROVIDERS_JSON stops the start-up here. */
export function createChannelAuthorizationServices(
  core: CoreServices,
  channelJobs?: ChannelJobSchedule,
): ChannelAuthorizationServices {
  return {
    channelAuthorization: createChannelAuthorizationService({
      models: core.models,
      activities: core.activities,
      cipher: core.credentials,
      states: createOAuthStateSigner(core.oauth.stateSecret),
      stateUses: createOAuthStateUses(core.sequelize),
      providers: parseOAuthProviderSettings(core.oauth.providersJson),
      demoSimulatorOrigins: core.demoSimulatorOrigins,
      appUrl: core.appUrl,
      authorized: async (channel) => {
        await channelJobs?.sync(channel);
      },
    }),
  };
}
