import type { Services } from '../../services';
import type { CompanyFixture } from '../../testing/identity-fixtures';

/**
 * Two companies: Alpha (whose data every case asks about) and Beta (a different company whose user
 * holds every permission), plus a platform administrator. Alpha's names all contain ALPHA_MARKER
 * so a leak shows up in any response body.
 */
export interface IsolationWorld {
  services: Services;
  alpha: CompanyFixture;
  alphaOwnerToken: string;
  /** An Alpha member whose role has no permissions at all. */
  alphaPowerlessToken: string;
  beta: CompanyFixture;
  betaOwnerToken: string;
  administratorToken: string;
}

export const ALPHA_MARKER = 'Alphamarker';

export interface CaseRequest {
  /** Values for the route's `:params`. */
  params?: Record<string, string | number>;
  body?: unknown;
}

export interface RouteCase {
  /** The request about Alpha's data; may create fresh records (destructive calls get their own). */
  request(world: IsolationWorld): Promise<CaseRequest>;
  /** What Alpha's owner (or the administrator, with `as`) gets. */
  ownerStatus: number;
  /**
   * `ids`: the path names Alpha's records, so Beta must get 404.
   * `own`: no Alpha ids in the path (lists, own profile); Beta's answer must not mention Alpha.
   * `public`: no token needed (sign-in, invitation links…).
   */
  isolation: 'ids' | 'own' | 'public';
  /** Who succeeds: Alpha's owner (default) or the platform administrator (admin-only routes). */
  as?: 'owner' | 'administrator';
  /** The call ends the caller's token (sign-out, company switch): use a fresh one for each call. */
  consumesToken?: boolean;
}

/** Keyed by `METHOD /path` exactly as the route is declared (`GET /users/:id`). */
export type RouteCases = Record<string, RouteCase>;

export const noRequest = async (): Promise<CaseRequest> => ({});
