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
  /**
   * `web` when our front end called (its marker header), `api` for other clients, `hosted_page`
   * for the visitor of a hosted-page link.
   */
  via: 'web' | 'api' | 'hosted_page';
  clientIp: string;
  /**
   * Set for a hosted-page visitor (modules/hosted-pages): the link's id. `userId` is then the
   * seller who made the link and the stores are the link's one store.
   */
  hostedPageId?: number;
}

export interface AppState {
  scope?: RequestScope;
  /** A hosted-page visitor's link (routes with `hosted` access); `scope` is then its scope. */
  hosted?: HostedVisitor;
}

/** Who calls a hosted-page route: the link behind the bearer token, resolved on every request. */
export interface HostedVisitor {
  hostedPageId: number;
  companyId: number;
  storeId: number;
  /** The link's name (activities name the visitor by it). */
  name: string;
  expiresAt: Date;
  /** Catalogue slugs the link offers. */
  channelTypes: readonly string[];
  /** The raw bearer token, so what is recorded about the visit never repeats it. */
  token: string;
}

export function canReachStore(scope: RequestScope, storeId: number): boolean {
  return scope.ownStoreIds.includes(storeId) || scope.sharedStoreIds.includes(storeId);
}
