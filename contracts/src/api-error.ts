/**
 * Shared facts about error responses, so the api that writes them and the browser that reads
 * them agree (the body shape itself is `ApiErrorBody` in http.ts).
 */

/**
 * Response header the api sets to `0` when the caller's e-mail address is not verified yet. The
 * browser then skips its error notification, because the verification prompt is shown instead
 * (platform-shell §8). Header names are case-insensitive; browsers read it through `Headers.get`.
 */
export const EMAIL_VERIFICATION_HEADER = 'X-Email-Verification';

/** Error code of a company whose trial ended; the account banner handles it, so no notification. */
export const TRIAL_PERIOD_EXPIRED = 'trial_period_expired';

/** Status used when a failure has no usable status (network error, opaque response): spec §8. */
export const UNKNOWN_ERROR_STATUS = 500;
