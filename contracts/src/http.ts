/** Every browser request carries this header so the api can tell its own front end from other callers. */
export const FRONTEND_HEADER = { name: 'X-Requested-With', value: 'syncdesk-web' } as const;

/** The error body the api answers for every status ≥ 400 (spec §3, §8). */
export interface ApiErrorBody {
  message: string;
  /** Machine-readable code (`validation`, `not_found`, …). */
  error: string;
  /** Field → messages, for validation errors. */
  errors?: Record<string, string[] | string>;
}
