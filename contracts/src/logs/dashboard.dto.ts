import type { ConnectionSyncHealthDto } from '../sync/sync-health.dto';

/** `GET dashboard`: what the home page summarises for the caller's stores. */
export interface DashboardDto {
  /** Failed, not ignored channel and plugin records of the last 24 hours. */
  failed_records_24h: number;
  /** Connections with failed records in the last 24 hours, most failures first. */
  failing_connections: {
    channel_id: number;
    channel_name: string;
    store_id: number;
    kind: 'channel' | 'plugin';
    failed: number;
  }[];
  /** The connection furthest behind (largest lag), null when every one is up to date. */
  worst_lag: ConnectionSyncHealthDto | null;
}
