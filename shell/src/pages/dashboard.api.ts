import type { DashboardDto } from '@syncdesk/contracts';
import { quietApiClient } from '@syncdesk/web-kit';

/** The failed channel and plugin records, as a list (`{ data, meta: { total } }`). */
export const DASHBOARD_LOGS_PATH = '/dashboard/logs';

/**
 * `GET dashboard`. Quiet, as is the list: the home page says itself when its figures cannot be
 * read, rather than greeting the user with a red notice.
 */
export async function getDashboard(): Promise<DashboardDto> {
  return (await quietApiClient.get<{ data: DashboardDto }>('/dashboard')).data;
}
