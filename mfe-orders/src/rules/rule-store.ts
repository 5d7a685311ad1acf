import type { SessionUser } from '@syncdesk/contracts';

/**
 * The store the rules pages last showed to this user in this company (as `/channels` does): per
 * user, since people share a browser; per company, since a store of one company means nothing in
 * the other.
 */
export function lastRuleStoreKey(user: Pick<SessionUser, 'id' | 'company_id'>): string {
  return `syncdesk.rules.last-store.${user.id}.${user.company_id}`;
}

export function readLastRuleStore(key: string): number | null {
  try {
    const stored = Number(globalThis.localStorage?.getItem(key));
    return Number.isInteger(stored) && stored > 0 ? stored : null;
  } catch {
    // Storage can be blocked; the page then opens on the first store.
    return null;
  }
}

export function rememberRuleStore(key: string, storeId: number): void {
  try {
    globalThis.localStorage?.setItem(key, String(storeId));
  } catch {
    // Not remembering only costs the seller one choice next time.
  }
}
