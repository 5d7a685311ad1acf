import type { RouteObject } from 'react-router';

import { ROUTE_PATTERNS } from '@syncdesk/contracts';

import { ChannelMigratePage } from './ChannelMigratePage';
import { ConnectionFormPage } from './ConnectionFormPage';

/** Create, edit and migrate pages of channels, accounting channels and plugins (the list is `/channels`). */
export const connectionRoutes: RouteObject[] = [
  { path: ROUTE_PATTERNS.channelCreate, element: <ConnectionFormPage kind="channel" /> },
  { path: ROUTE_PATTERNS.channelDetail, element: <ConnectionFormPage kind="channel" /> },
  { path: ROUTE_PATTERNS.accountingChannelCreate, element: <ConnectionFormPage kind="accounting" /> },
  { path: ROUTE_PATTERNS.accountingChannelDetail, element: <ConnectionFormPage kind="accounting" /> },
  { path: ROUTE_PATTERNS.pluginCreate, element: <ConnectionFormPage kind="plugin" /> },
  { path: ROUTE_PATTERNS.pluginDetail, element: <ConnectionFormPage kind="plugin" /> },
  { path: ROUTE_PATTERNS.channelMigrate, element: <ChannelMigratePage /> },
];
