/** A store the signed-in user can reach; the shell disables store-bound screens when there are none. */
export interface SessionStore {
  id: number;
  name: string;
}

/**
 * The signed-in user, as `POST /me` answers it in `data` (platform-shell §3).
 */
export interface SessionUser {
  id: number;
  name: string;
  /** Name of the company the token is currently scoped to (shown in the drawer and top bar). */
  company: string;
  /** Id of that company; company switching and tab sync compare it. */
  company_id: number;
  email: string;
  /** Platform operator: admin pages, stats, push messages, bypasses the limited-account dialog. */
  administrator: boolean;
  /** Helpdesk hash; the Helpdesk link is disabled when it is empty. */
  support_hash: string | null;
  stores: SessionStore[];
  /** Permission names, as a list or as a map of name → truthy value (both forms occur, §6). */
  scope: string[] | Record<string, unknown>;
  /** Whether there are new notifications (drives the administrators' badge). */
  has_notification: boolean;
}
