import type { ApiRoute } from '../http/api-route';
import type { CoreServices, Services } from '../services';
import type { ChannelServices } from './channels.module';
import {
  createHostedPageLinkService,
  type HostedPageLinkService,
} from './hosted-pages/hosted-page-link.service';
import {
  createHostedPageSettingsService,
  type HostedPageSettingsService,
} from './hosted-pages/hosted-page-settings.service';
import { hostedPageRoutes } from './hosted-pages/hosted-page.routes';
import {
  createHostedVisitorResolver,
  type HostedVisitorResolver,
} from './hosted-pages/hosted-visitor-access';
import { createHostedVisitorService, type HostedVisitorService } from './hosted-pages/hosted-visitor.service';
import { hostedVisitorRoutes } from './hosted-pages/hosted-visitor.routes';

export { authenticateHosted } from './hosted-pages/hosted-authenticate';
export { hostedPageDocumentPolicy } from './hosted-pages/hosted-page-policy';

/**
 * Hosted pages (platform-shell §1, §3, §7): links a seller hands to someone without an account,
 * the look those pages show, and what the link's visitor does — connect channels to the link's
 * store through the channel services, with a scope of the link's own.
 */
export interface HostedPageServices {
  hostedPages: HostedPageLinkService;
  hostedPageSettings: HostedPageSettingsService;
  /** Hosted bearer token → the visitor's link and scope (the `hosted` routes' authentication). */
  hostedVisitorAccess: HostedVisitorResolver;
  hostedVisitors: HostedVisitorService;
}

export function createHostedPageServices(core: CoreServices, channels: ChannelServices): HostedPageServices {
  const { models, activities } = core;
  const hostedPageSettings = createHostedPageSettingsService({
    models,
    activities,
    allowPrivateTargets: core.allowPrivateTargets,
  });
  return {
    hostedPages: createHostedPageLinkService({
      models,
      activities,
      cipher: core.credentials,
      appUrl: core.appUrl,
    }),
    hostedPageSettings,
    hostedVisitorAccess: createHostedVisitorResolver({ models }),
    hostedVisitors: createHostedVisitorService({
      models,
      activities,
      channels: channels.channels,
      customStatuses: channels.customStatuses,
      channelAuthorization: channels.channelAuthorization,
      settings: hostedPageSettings,
    }),
  };
}

/**
 * The isolation matrix lists routes with empty services, so the services are only used inside
 * handlers. The visitor's static paths (`/hostedPages/auth/me`, `/hostedPages/channels`…) come
 * before the seller's, whose only parameter sits under `/hostedPages/links/`.
 */
export function hostedPageRoutesOf(services: Services): ApiRoute[] {
  return [...hostedVisitorRoutes(() => services.hostedVisitors), ...hostedPageRoutes(() => services)];
}
