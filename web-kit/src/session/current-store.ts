import { useEffect } from 'react';
import { matchPath, useLocation } from 'react-router';
import { create } from 'zustand';

import { ROUTE_PATTERNS, type SessionStore, type SessionUser } from '@syncdesk/contracts';

import { useSessionUser } from './useSessionUser';

/**
 * The current store: the one store every store-scoped area (products, orders, confirmation orders,
 * invoices, customers, rules, hosted links) opens on, i.e. the store the seller last used.
 *
 * Kept in this browser's local storage under a key naming the user and the company, not as a
 * server-side preference: it is a convenience of the screen like `dc-columns`, the list can open
 * on it without waiting for another request, and no API or migration is needed for it. The user
 * in the key keeps people who share a browser apart; the company in the key means switching
 * company never carries a store over, and a remembered id is only used while it is one of the
 * session's stores (a store removed or unshared since is simply forgotten). The price: another
 * browser starts without one, and asks once.
 */
export function currentStoreStorageKey(user: Pick<SessionUser, 'id' | 'company_id'>): string {
  return `syncdesk.current-store.${user.id}.${user.company_id}`;
}

function readStored(key: string): number | null {
  try {
    const stored = Number(globalThis.localStorage?.getItem(key));
    return Number.isInteger(stored) && stored > 0 ? stored : null;
  } catch {
    // Blocked storage (private modes, policies): the areas ask for the store instead.
    return null;
  }
}

/**
 * Counts the changes made in this page, so screens showing the current store re-render. Storage
 * itself stays the one source (read on each use): it is what a reload, another tab or a test sees.
 */
const useCurrentStoreChanges = create<{ changes: number }>()(() => ({ changes: 0 }));

/** The user's current store among the session's stores, or undefined when none was used yet. */
export function currentStoreOf(user: SessionUser | null): SessionStore | undefined {
  if (!user) return undefined;
  const id = readStored(currentStoreStorageKey(user));
  return user.stores.find((store) => store.id === id);
}

/**
 * Makes `storeId` the current store, if it is one of the user's stores in this company (a link to
 * another company's store, or junk in a URL, changes nothing).
 */
export function rememberCurrentStore(
  user: SessionUser | null,
  storeId: number | string | null | undefined,
): void {
  if (!user || storeId === null || storeId === undefined) return;
  const store = user.stores.find((candidate) => String(candidate.id) === String(storeId));
  if (!store) return;
  const key = currentStoreStorageKey(user);
  if (readStored(key) === store.id) return;
  try {
    globalThis.localStorage?.setItem(key, String(store.id));
  } catch {
    // Not remembering only costs the seller one choice next time.
  }
  useCurrentStoreChanges.setState((state) => ({ changes: state.changes + 1 }));
}

/** The signed-in user's current store (re-renders when it changes here), or undefined. */
export function useCurrentStore(): SessionStore | undefined {
  const user = useSessionUser();
  useCurrentStoreChanges((state) => state.changes);
  return currentStoreOf(user);
}

/** The store-scoped paths whose store segment names the store in use (`/orders/12/345` → 12). */
const STORE_PATHS = [
  ROUTE_PATTERNS.orderList,
  ROUTE_PATTERNS.pluginOrderList,
  ROUTE_PATTERNS.productList,
  ROUTE_PATTERNS.invoiceList,
  ROUTE_PATTERNS.confirmationOrderList,
  ROUTE_PATTERNS.customerList,
  ROUTE_PATTERNS.storeDetail,
];

/** The store a URL names explicitly: a store path's segment, or the rules pages' `?store_id=`. */
export function storeIdInLocation(pathname: string, search: string): string | null {
  for (const path of STORE_PATHS) {
    const match = matchPath({ path, end: false }, pathname);
    if (match?.params.storeId) return match.params.storeId;
  }
  if (matchPath({ path: ROUTE_PATTERNS.rules, end: false }, pathname)) {
    return new URLSearchParams(search).get('store_id');
  }
  return null;
}

/**
 * A URL that names a store wins: it becomes the current store, so the next area opened from the
 * side navigation opens on it too. Mounted once by the shell's layout.
 */
export function useCurrentStoreFromLocation(): void {
  const user = useSessionUser();
  const { pathname, search } = useLocation();
  const storeId = storeIdInLocation(pathname, search);
  useEffect(() => rememberCurrentStore(user, storeId), [user, storeId]);
}
