/**
 * Shopify's API versions: one stable version a quarter (`YYYY-01`, `-04`, `-07`, `-10`), each
 * supported for at least 12 months from its release. A request for a version outside that window
 * (older, or one that never existed) is served by the oldest supported stable version and the
 * answer's `X-Shopify-API-Version` says so (shopify.dev/docs/api/usage/versioning).
 */
const QUARTER_MONTHS = [1, 4, 7, 10];

function releaseMs(version: string): number {
  const [year, month] = version.split('-').map(Number);
  return Date.UTC(year!, month! - 1, 1);
}

/** The stable versions supported at `nowMs`, oldest first. */
export function supportedVersionsAt(nowMs: number): string[] {
  const now = new Date(nowMs);
  const versions: string[] = [];
  for (let year = now.getUTCFullYear() - 2; year <= now.getUTCFullYear(); year += 1) {
    for (const month of QUARTER_MONTHS) {
      const version = `${year}-${String(month).padStart(2, '0')}`;
      const released = releaseMs(version);
      const ends = Date.UTC(year + 1, month - 1, 1);
      if (released <= nowMs && nowMs < ends) versions.push(version);
    }
  }
  return versions;
}

/** The version that answers a request for `requested`. */
export function servedVersion(requested: string, supported: readonly string[]): string {
  if (requested === 'unstable' || supported.includes(requested)) return requested;
  return supported[0] ?? requested;
}
