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
}
