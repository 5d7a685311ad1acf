export interface ActivityDto {
  id: number;
  created_at: string;
  /** What kind of actor: `user`, `system`, `api_token`, `hosted_page` (a hosted page's visitor). */
  source: string;
  /** The actor's name at the time. */
  source_name: string;
  /** `web` (our front end), `api` (another client), `system` (a job), `hosted_page` (a hosted page). */
  via: string;
  /** `<subject>.<verb>`: `user.created`, `role.updated`, `store.deleted`, `company.activated`… */
  event: string;
  subject_type: string;
  subject_id: number | null;
  old: Record<string, unknown> | null;
  new: Record<string, unknown> | null;
  /**
   * The company list (`GET activities`) shows one stock change (an order batch, an import, a
   * warehouse report) as one row: this row stands for `count` per-product entries, listed by
   * `GET activities?change_id[eq]={id}`. Absent on other lists and for activities of no change.
   */
  change?: { id: string; count: number } | null;
}
