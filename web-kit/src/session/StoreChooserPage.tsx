import { Button, Card, Empty, Flex } from 'antd';
import { Link, Navigate, useNavigate } from 'react-router';

import { ROUTE_PATTERNS, type RouteParam } from '@syncdesk/contracts';
import { PageHeader } from '../table/PageHeader';
import { useCan } from './useCan';
import { useSessionUser } from './useSessionUser';

export interface StoreChooserPageProps {
  title: string;
  /** The store's list page (`routes.invoiceList`). */
  listPath(storeId: RouteParam): string;
  /** What the page says when the user has no store yet. */
  noStoreText: string;
}

/**
 * The page of a store-scoped list reached without a store (`/products`, `/orders`, `/invoices`,
 * `/confirmationOrders`, `/customers`): it asks which store, from the stores the session already lists. With a single
 * store there is nothing to ask: it opens that store's list.
 */
export function StoreChooserPage({ title, listPath, noStoreText }: StoreChooserPageProps) {
  const user = useSessionUser();
  const can = useCan();
  const navigate = useNavigate();
  const stores = user?.stores ?? [];

  const only = stores.length === 1 ? stores[0] : undefined;
  if (only) return <Navigate replace to={listPath(only.id)} />;

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
                <Link to={listPath(store.id)}>{store.name}</Link>
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
          <Link to={chooserPath}>Change store</Link>
        </>
      ) : null}
    </>
  );
}
