import type { RouteObject } from 'react-router';

import { ROUTE_PATTERNS } from '@syncdesk/contracts';

import { ConnectionRecordsPage } from './ConnectionRecordsPage';
import { ApiRecordDetailPage, ConnectionRecordDetailPage } from './TransactionRecordDetailPage';
import { ApiTransactionRecordsPage, TransactionRecordsPage } from './TransactionRecordsPage';

/** Transaction records of channels, plugins and the api (spec §2 "Logs"); webhooks and rules come later. */
export const transactionRecordRoutes: RouteObject[] = [
  { path: ROUTE_PATTERNS.transactionRecords, element: <TransactionRecordsPage /> },
  { path: ROUTE_PATTERNS.apiTransactionRecords, element: <ApiTransactionRecordsPage /> },
  { path: ROUTE_PATTERNS.apiTransactionRecordDetail, element: <ApiRecordDetailPage /> },
  { path: ROUTE_PATTERNS.channelTransactionRecords, element: <ConnectionRecordsPage kind="channel" /> },
  { path: ROUTE_PATTERNS.pluginTransactionRecords, element: <ConnectionRecordsPage kind="plugin" /> },
  {
    path: ROUTE_PATTERNS.channelTransactionRecordDetail,
    element: <ConnectionRecordDetailPage kind="channel" />,
  },
  {
    path: ROUTE_PATTERNS.pluginTransactionRecordDetail,
    element: <ConnectionRecordDetailPage kind="plugin" />,
  },
];
