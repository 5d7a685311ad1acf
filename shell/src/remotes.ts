/**
 * Where the remotes live is decided at run time: the server answers `/remotes.json`, and the shell
 * registers each entry with the federation runtime before it renders. Nothing about a remote's
 * location is built into the shell.
 */
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RouteObject } from 'react-router';
import type { RemoteDefinition, RemoteManifestEntry } from '@syncdesk/contracts';

export type RemoteName = RemoteDefinition['name'];

/** Absolute so that a deep link (`/orders/1/2`) does not ask for `/orders/1/remotes.json`. */
export const REMOTES_MANIFEST_URL = '/remotes.json';

/** The entries this page registered, so a retry can register the same remote again. */
const registeredEntries = new Map<string, RemoteManifestEntry>();

/** One loading promise per remote, shared by every area of that remote, dropped on retry. */
const routesLoading = new Map<string, Promise<RouteObject[]>>();

function isManifestEntry(value: unknown): value is RemoteManifestEntry {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return typeof candidate.name === 'string' && typeof candidate.entry === 'string';
}

export async function fetchRemoteManifestEntries(): Promise<RemoteManifestEntry[]> {
  const response = await fetch(REMOTES_MANIFEST_URL, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${REMOTES_MANIFEST_URL} answered ${response.status}`);
  const body: unknown = await response.json();
  if (!Array.isArray(body)) throw new Error(`${REMOTES_MANIFEST_URL} is not a list`);
  return body.filter(isManifestEntry);
}

/**
 * Fetches `/remotes.json` and registers every remote. Never throws: without the list the shell
 * still renders, and each remote area shows its error panel (whose Retry tries the fetch again).
 */
export async function registerRemotesFromManifest(): Promise<void> {
  try {
    const entries = await fetchRemoteManifestEntries();
    // `force` replaces a remote that is already registered (a retry may bring a new location).
    registerRemotes(entries, { force: true });
    for (const entry of entries) registeredEntries.set(entry.name, entry);
  } catch (error) {
    console.error('Remote areas are unavailable: the remote list could not be loaded.', error);
  }
}

function routesOf(remote: RemoteName, exported: unknown): RouteObject[] {
  const module = exported as { default?: unknown; routes?: unknown } | null;
  const routes = module?.default ?? module?.routes;
  if (!Array.isArray(routes)) throw new Error(`${remote}/routes does not export a list of routes`);
  return routes as RouteObject[];
}

/** The remote's `./routes` (route objects with absolute paths), loaded once per page. */
export function loadRemoteRoutes(remote: RemoteName): Promise<RouteObject[]> {
  let loading = routesLoading.get(remote);
  if (!loading) {
    loading = loadRemote<unknown>(`${remote}/routes`).then((exported) => routesOf(remote, exported));
    routesLoading.set(remote, loading);
  }
  return loading;
}

/**
 * Makes the next `loadRemoteRoutes` really go back to the network. `/remotes.json` is asked again,
 * so a remote the deployment has repointed (REMOTES_FILE) is found at its new place, and the remote
 * is registered again with `force`: the federation runtime keeps the manifest it fetched (or the
 * failed fetch's state) per remote, and a forced registration runs its `removeRemote`, which drops
 * the cached manifest, snapshot, module and entry-loading promise. Without an answer from
 * `/remotes.json` the entry this page already knows is registered again.
 * A remote that did load and only threw while rendering keeps its registration: removing it would
 * also drop the shared-module bookkeeping of a container that is still running.
 */
export async function prepareRemoteRetry(remote: RemoteName): Promise<void> {
  const loading = routesLoading.get(remote);
  const loaded = loading
    ? await loading.then(
        () => true,
        () => false,
      )
    : false;
  routesLoading.delete(remote);
  if (loaded) return;

  let entries: RemoteManifestEntry[] = [];
  try {
    entries = await fetchRemoteManifestEntries();
  } catch (error) {
    console.error(`The remote list could not be loaded again; retrying ${remote} where it was.`, error);
  }
  // Remotes the list brings that this page never registered (the list failed at start) join now;
  // the ones that did load are left alone.
  const unregistered = entries.filter((entry) => entry.name !== remote && !registeredEntries.has(entry.name));
  if (unregistered.length > 0) {
    registerRemotes(unregistered.map((entry) => ({ ...entry })));
    for (const entry of unregistered) registeredEntries.set(entry.name, entry);
  }
  const entry = entries.find((candidate) => candidate.name === remote) ?? registeredEntries.get(remote);
  if (!entry) return;
  // A copy: the runtime rewrites the entry it is given (relative URLs become absolute).
  registerRemotes([{ ...entry }], { force: true });
  registeredEntries.set(remote, entry);
}
