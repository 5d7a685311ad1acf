import type { RouteObject } from 'react-router';

import { ROUTE_PATTERNS } from '@syncdesk/contracts';

import { RuleLogDetailPage } from './RuleLogDetailPage';
import { RuleLogsPage } from './RuleLogsPage';

/** Rule-engine logs under transaction records (spec §2 "Logs"). */
export const ruleLogRoutes: RouteObject[] = [
  { path: ROUTE_PATTERNS.ruleTransactionRecords, element: <RuleLogsPage /> },
  { path: ROUTE_PATTERNS.ruleTransactionRecordDetail, element: <RuleLogDetailPage /> },
];
