import type { PermissionName } from '@syncdesk/contracts';
import type { Role, User } from '../../db/models';
import type { ApiRoute } from '../../http/api-route';
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
  /** Per permission a one-permission route needs (`onePermissionOf`), an Alpha member holding only it. */
  alphaOnePermission: Partial<Record<PermissionName, AlphaMember>>;
  beta: CompanyFixture;
  betaOwnerToken: string;
  administratorToken: string;
}

export const ALPHA_MARKER = 'Alphamarker';

/** Someone calling as a member of Alpha. */
export interface AlphaMember {
  user: User;
  role: Role;
  token: string;
}

/**
 * The areas where a member's permission is a power over others' permissions (who may grant what):
 * their permission routes are also called by a member holding nothing but that permission.
 */
export const ONE_PERMISSION_AREAS = ['/users', '/roles', '/invitations'] as const;

/** The permission a member holding only it calls this route with, or null (not such a route). */
export function onePermissionOf(route: ApiRoute): PermissionName | null {
  if (typeof route.access !== 'object') return null;
  const inArea = ONE_PERMISSION_AREAS.some(
    (area) => route.path === area || route.path.startsWith(`${area}/`),
  );
  return inArea ? route.access.permission : null;
}

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
  /**
   * Hosted-page routes: the bearer token Alpha's (or Beta's) caller sends instead of a user's, a
   * hosted-page visitor's (hosted-pages.cases.ts).
   */
  token?: (world: IsolationWorld, company: 'alpha' | 'beta') => Promise<string>;
  /** The success answers a file (a download), not JSON. */
  answersFile?: boolean;
  /**
   * One-permission routes only (`onePermissionOf`): what an Alpha member whose role holds only the
   * route's permission gets for `request`; ownerStatus when absent. 403 when the request would
   * grant more than that one permission.
   */
  onePermissionStatus?: number;
  /** One-permission routes only: more calls, aimed at the escalations the route's rules refuse. */
  escalations?: EscalationCase[];
}

/** A call aimed at one privilege escalation (or the allowed call right beside one). */
export interface EscalationCase {
  /** What the caller tries, after their description ("changes their own role"). */
  name: string;
  /** The one-permission member (default), or Alpha's owner for what not even the owner may do. */
  as?: 'onePermission' | 'owner';
  request(world: IsolationWorld, caller: AlphaMember): Promise<CaseRequest>;
  status: number;
}

/** Keyed by `METHOD /path` exactly as the route is declared (`GET /users/:id`). */
export type RouteCases = Record<string, RouteCase>;

export const noRequest = async (): Promise<CaseRequest> => ({});
