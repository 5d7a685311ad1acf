import type { PermissionName } from '@syncdesk/contracts';

/**
 * Who is calling, for which company, with which rights: resolved once per request from the bearer
 * token and the database, and handed to every service method, which applies it in its queries.
 */
export interface RequestScope {
  userId: number;
  userName: string;
  companyId: number;
  administrator: boolean;
  roleId: number | null;
  permissions: ReadonlySet<PermissionName>;
  /** Stores the current company owns. */
  ownStoreIds: readonly number[];
  /** Stores other companies shared with the current company. */
  sharedStoreIds: readonly number[];
  /** The role holds `data_protection`: personal data is masked in responses. */
  dataProtection: boolean;
  /** The JWT's id (`jti`), or `api-token:<id>` for a user API token. */
  tokenId: string;
  tokenExpiresAt: Date | null;
  /** `web` when our front end called (its marker header), `api` for other clients. */
  via: 'web' | 'api';
  clientIp: string;
}

export interface AppState {
  scope?: RequestScope;
}

export function canReachStore(scope: RequestScope, storeId: number): boolean {
  return scope.ownStoreIds.includes(storeId) || scope.sharedStoreIds.includes(storeId);
}
