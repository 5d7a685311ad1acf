/**
 * The five remotes, where each is served, and which top-level paths of the shell's router each
 * owns. The shell mounts a remote for its paths; the server builds `/remotes.json` from this list.
 */
export interface RemoteDefinition {
  /** Module Federation container name. */
  name: 'mfe_orders' | 'mfe_catalogue' | 'mfe_channels' | 'mfe_admin' | 'mfe_hosted';
  /** Workspace folder, also the URL prefix its build is served under (`/mfe-orders/`). */
  folder: 'mfe-orders' | 'mfe-catalogue' | 'mfe-channels' | 'mfe-admin' | 'mfe-hosted';
  /** Top-level shell paths this remote renders (its `./routes` use absolute paths below these). */
  paths: string[];
  /** Port of its dev server under `npm run dev`. */
  devPort: number;
}

export const REMOTES: readonly RemoteDefinition[] = [
  {
    name: 'mfe_orders',
    folder: 'mfe-orders',
    paths: ['/orders', '/plugins/orders', '/confirmationOrders', '/invoices', '/customers', '/rules'],
    devPort: 3011,
  },
  { name: 'mfe_catalogue', folder: 'mfe-catalogue', paths: ['/products'], devPort: 3012 },
  {
    name: 'mfe_channels',
    folder: 'mfe-channels',
    paths: ['/stores', '/channels', '/transactionRecords', '/authorization', '/migrate'],
    devPort: 3013,
  },
  {
    name: 'mfe_admin',
    folder: 'mfe-admin',
    paths: [
      '/companies',
      '/users',
      '/roles',
      '/invitations',
      '/settings',
      '/notifications',
      '/adminSettings',
      '/adminNotifications',
      '/integrationErrors',
      '/stats',
      '/helpdesk',
    ],
    devPort: 3014,
  },
  {
    name: 'mfe_hosted',
    folder: 'mfe-hosted',
    // `/hostedPages/{token}…` and `/integrations` are public pages; the shell mounts them outside its login.
    paths: ['/hostedPages', '/hostedPagesSettings', '/integrations'],
    devPort: 3015,
  },
];

/** One entry of `GET /remotes.json`: `entry` is the remote's `mf-manifest.json` URL. */
export interface RemoteManifestEntry {
  name: string;
  entry: string;
}
