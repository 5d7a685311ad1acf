import type { SessionUser, StoreDto } from '@syncdesk/contracts';

import { getCompanyChannels } from './connections.api';

/**
 * The store `/channels` last showed to this user in this company. Per user, since people share a
 * browser; per company, since a store of one company means nothing in the other.
 */
export function lastStoreStorageKey(user: Pick<SessionUser, 'id' | 'company_id'>): string {
  return `syncdesk.channels.last-store.${user.id}.${user.company_id}`;
}

export function readLastStore(key: string | null): number | null {
  if (!key) return null;
  try {
    const stored = Number(globalThis.localStorage?.getItem(key));
    return Number.isInteger(stored) && stored > 0 ? stored : null;
  } catch {
    // Storage can be blocked (private mode, policies); the page then starts as if nothing was kept.
    return null;
  }
}

export function rememberLastStore(key: string | null, storeId: number): void {
  if (!key) return;
  try {
    globalThis.localStorage?.setItem(key, String(storeId));
  } catch {
    // Not remembering only costs the user one choice next time.
  }
}

/**
 * The store the page opens on when the link names none: the one chosen last, else the first
 * (in the list's order) that has sales channels, else the first. Opening on an empty store while
 * another holds every channel reads as "my channels are gone". `GET /companies/channels` is one
 * request for the whole company; it counts the company's own stores' sales channels, so a store
 * holding only plugins, or a shared store, is found by the last choice instead.
 */
export async function openingStore(
  stores: readonly StoreDto[],
  lastStoreId: number | null,
): Promise<StoreDto | undefined> {
  const remembered = stores.find((store) => store.id === lastStoreId);
  if (remembered || stores.length < 2) return remembered ?? stores[0];
  try {
    const withChannels = new Set((await getCompanyChannels()).map((channel) => channel.store_id));
    return stores.find((store) => withChannels.has(store.id)) ?? stores[0];
  } catch {
    return stores[0];
  }
}
