import { Button, Card, Empty, Flex } from 'antd';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';

import { ROUTE_PATTERNS, type RouteParam } from '@syncdesk/contracts';
import { PageHeader } from '../table/PageHeader';
import { rememberCurrentStore, useCurrentStore } from './current-store';
import { useCan } from './useCan';
import { useSessionUser } from './useSessionUser';

export interface StoreChooserPageProps {
  title: string;
  /** The store's list page (`routes.invoiceList`). */
  listPath(storeId: RouteParam): string;
  /** What the page says when the user has no store yet. */
  noStoreText: string;
}

/** The query parameter of a chooser the seller asked for ("Change store"): it lists the stores. */
export const CHOOSE_STORE_PARAM = 'choose';

/** The chooser's path that lists the stores even when a current store is known. */
export function changeStorePath(chooserPath: string): string {
  return `${chooserPath}?${CHOOSE_STORE_PARAM}=1`;
}

/**
 * The page of a store-scoped list reached without a store (`/products`, `/orders`, `/invoices`,
 * `/confirmationOrders`, `/customers`): it opens the current store's list (the store the seller
 * last used), or the only store's; it asks which store only when there is no such store, or when
 * the seller asked to change store.
 */
export function StoreChooserPage({ title, listPath, noStoreText }: StoreChooserPageProps) {
  const user = useSessionUser();
  const can = useCan();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const current = useCurrentStore();
  const stores = user?.stores ?? [];

  const only = stores.length === 1 ? stores[0] : undefined;
  const opening = searchParams.has(CHOOSE_STORE_PARAM) ? only : (current ?? only);
  if (opening) return <Navigate replace to={listPath(opening.id)} />;

  return (
    <>
      <PageHeader title={title} subtitle={stores.length > 0 ? 'Choose a store' : undefined} />
      <Card>
        {stores.length === 0 ? (
          <Empty description={noStoreText}>
            {can('stores.create') ? (
              <Button type="primary" onClick={() => void navigate(ROUTE_PATTERNS.storeCreate)}>
                Create store
              </Button>
            ) : null}
          </Empty>
        ) : (
          <Flex vertical gap={8} role="list" aria-label="Stores">
            {stores.map((store) => (
              <div key={store.id} role="listitem">
                {/* Remembered on the click, not when the list commits: React keeps the chooser on
                    screen while the list's code loads, and a seller who opens another area in that
                    moment must still find the store they picked. */}
                <Link to={listPath(store.id)} onClick={() => rememberCurrentStore(user, store.id)}>
                  {store.name}
                </Link>
              </div>
            ))}
          </Flex>
        )}
      </Card>
    </>
  );
}

/** The subtitle of a store's list: its name, and a way back to the chooser when there are several. */
export function StoreSubtitle({ storeId, chooserPath }: { storeId: string; chooserPath: string }) {
  const user = useSessionUser();
  const stores = user?.stores ?? [];
  const store = stores.find((candidate) => String(candidate.id) === storeId);
  return (
    <>
      {store?.name ?? `Store ${storeId}`}
      {stores.length > 1 ? (
        <>
          {' · '}
          <Link to={changeStorePath(chooserPath)}>Change store</Link>
        </>
      ) : null}
    </>
  );
}
