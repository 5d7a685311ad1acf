import { ACCOUNT_MENU, SIDE_NAVIGATION } from '@syncdesk/contracts';
import { findActiveNavigationItem } from '../navigation/navigationItems';
import type { RemoteName } from '../remotes';

/**
 * Each remote's area in the words of the navigation, for pages no navigation entry names
 * (`/invitations`, the OAuth return pages). Contracts name remotes by container only, and a
 * container name (`mfe_catalogue`) means nothing to the person using the app.
 */
export const REMOTE_AREA_LABELS: Readonly<Record<RemoteName, string>> = {
  mfe_orders: 'Orders',
  mfe_catalogue: 'Products',
  mfe_channels: 'Channels',
  mfe_admin: 'Administration',
  mfe_hosted: 'Hosted Pages',
};

const NAMED_PAGES = [
  ...SIDE_NAVIGATION,
  ...ACCOUNT_MENU.flatMap((item) =>
    item.path ? [{ key: item.key, label: item.label, path: item.path }] : [],
  ),
];

/** What to call the area at `pathname`: the navigation entry the person followed, else the remote's area. */
export function remoteAreaLabel(remote: RemoteName, pathname: string): string {
  return findActiveNavigationItem(NAMED_PAGES, pathname)?.label ?? REMOTE_AREA_LABELS[remote];
}
