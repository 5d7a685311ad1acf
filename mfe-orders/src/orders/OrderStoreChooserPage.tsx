import { Button, Card, Empty, Flex } from 'antd';
import { Link, Navigate, useNavigate } from 'react-router';

import { ROUTE_PATTERNS, routes } from '@syncdesk/contracts';
import { PageHeader, useSessionUser } from '@syncdesk/web-kit';

import { useCan } from '../hooks/useCan';

/**
 * `/orders`: orders belong to a store, so the page asks which one, from the stores the session
 * already lists. With a single store there is nothing to ask: it opens that store's orders.
 */
export function OrderStoreChooserPage() {
  const user = useSessionUser();
  const can = useCan();
  const navigate = useNavigate();
  const stores = user?.stores ?? [];

  const only = stores.length === 1 ? stores[0] : undefined;
  if (only) return <Navigate replace to={routes.orderList(only.id)} />;

  return (
    <>
      <PageHeader title="Orders" subtitle={stores.length > 0 ? 'Choose a store' : undefined} />
      <Card>
        {stores.length === 0 ? (
          <Empty description="Orders arrive in a store from its sales channels: create your first store.">
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
                <Link to={routes.orderList(store.id)}>{store.name}</Link>
              </div>
            ))}
          </Flex>
        )}
      </Card>
    </>
  );
}
