import type { RouteObject } from 'react-router';
import { ROUTE_PATTERNS } from '@syncdesk/contracts';

import { EtsyIntegrationPage } from './integrations/EtsyIntegrationPage';
import { IntegrationsPage } from './integrations/IntegrationsPage';
import { HostedPageListPage } from './seller/HostedPageListPage';
import { HostedPagesSettingsPage } from './seller/HostedPagesSettingsPage';
import { HostedChannelPage } from './visitor/HostedChannelPage';
import { HostedConnectPage } from './visitor/HostedConnectPage';
import { HostedErrorPage } from './visitor/HostedErrorPage';
import { HostedIndexPage } from './visitor/HostedIndexPage';
import { HostedInstallPage } from './visitor/HostedInstallPage';
import { HostedPageFrame } from './visitor/HostedPageFrame';
import { HostedRedirectingPage } from './visitor/HostedRedirectingPage';

/**
 * The pages this remote offers, with absolute paths: the shell mounts them under the top-level
 * paths contracts' REMOTES gives mfe_hosted, and standalone mode mounts them at the root. The
 * seller's list and settings need a login; the visitor's pages (`/hostedPages/{token}…`, error,
 * redirecting) and the integrations landing pages are public, and the shell mounts them so.
 */
export const routes: RouteObject[] = [
  { path: ROUTE_PATTERNS.hostedPages, element: <HostedPageListPage /> },
  { path: ROUTE_PATTERNS.hostedPagesSettings, element: <HostedPagesSettingsPage /> },
  { path: ROUTE_PATTERNS.hostedPagesError, element: <HostedErrorPage /> },
  { path: ROUTE_PATTERNS.hostedPagesRedirecting, element: <HostedRedirectingPage /> },
  {
    path: ROUTE_PATTERNS.hostedPage,
    element: <HostedPageFrame />,
    children: [
      { index: true, element: <HostedIndexPage /> },
      { path: ROUTE_PATTERNS.hostedPageInstall, element: <HostedInstallPage /> },
      { path: ROUTE_PATTERNS.hostedPageChannelCreate, element: <HostedChannelPage /> },
      { path: ROUTE_PATTERNS.hostedPageChannelDetail, element: <HostedChannelPage /> },
      { path: ROUTE_PATTERNS.hostedPageConnect, element: <HostedConnectPage /> },
    ],
  },
  { path: ROUTE_PATTERNS.integrations, element: <IntegrationsPage /> },
  { path: ROUTE_PATTERNS.integrationsEtsy, element: <EtsyIntegrationPage /> },
];

// Module Federation hands the shell this module; the shell reads `default` (or `routes`).
export default routes;
