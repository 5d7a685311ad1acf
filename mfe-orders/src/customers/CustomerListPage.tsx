import { Typography } from 'antd';
import { Link, useParams } from 'react-router';

import { ROUTE_PATTERNS, routes, type CustomerDto } from '@syncdesk/contracts';
import {
  DataTable,
  formatDate,
  PageHeader,
  useHidesPersonalData,
  useListQuery,
  type DataTableColumn,
} from '@syncdesk/web-kit';

import { StoreSubtitle } from '@syncdesk/web-kit';
import { spentText } from './customer-format';
import { customersPath } from './customers.api';

/** Said instead of a search box to a role under data protection: customers are searched only by who they are. */
export const CUSTOMER_SEARCH_HIDDEN_TEXT =
  'Your role hides personal data, so customers cannot be searched by name or e-mail. Sort the list or open a customer from an order.';

export const EMPTY_CUSTOMERS_TEXT =
  'No customers yet. Customers appear here as orders are imported from your channels.';

/** `/customers/{storeId}`: the store's customers, built from the orders it imported. */
export function CustomerListPage() {
  const { storeId = '' } = useParams();
  // A new store starts afresh: page 1, no search.
  return <CustomerList key={storeId} storeId={storeId} />;
}

function CustomerList({ storeId }: { storeId: string }) {
  const query = useListQuery<CustomerDto>(customersPath(storeId));
  // The server refuses a search on masked fields, and every field customers are searched by is one.
  const hidesPersonalData = useHidesPersonalData();

  const columns: DataTableColumn<CustomerDto>[] = [
    {
      key: 'name',
      title: 'Name',
      dataIndex: 'name',
      sorter: true,
      render: (name: string | null, customer) => (
        <Link to={routes.customerDetail(storeId, customer.id)}>
          {name || customer.email || `Customer ${customer.id}`}
        </Link>
      ),
    },
    { key: 'email', title: 'E-mail', dataIndex: 'email', render: (value: string | null) => value ?? '—' },
    { key: 'phone', title: 'Phone', dataIndex: 'phone', render: (value: string | null) => value ?? '—' },
    {
      key: 'channel_name',
      title: 'Channel',
      dataIndex: 'channel_name',
      render: (value: string | null) => value ?? '—',
    },
    { key: 'orders_count', title: 'Orders', dataIndex: 'orders_count', sorter: true, align: 'right' },
    {
      key: 'total_spent',
      title: 'Spent',
      dataIndex: 'total_spent',
      align: 'right',
      render: (spent: CustomerDto['total_spent']) => spentText(spent),
    },
    {
      key: 'first_order_at',
      title: 'First order',
      dataIndex: 'first_order_at',
      sorter: true,
      render: (value: string | null) => formatDate(value) || '—',
    },
    {
      key: 'last_order_at',
      title: 'Last order',
      dataIndex: 'last_order_at',
      sorter: true,
      render: (value: string | null) => formatDate(value) || '—',
    },
  ];

  return (
    <>
      <PageHeader
        title="Customers"
        subtitle={<StoreSubtitle storeId={storeId} chooserPath={ROUTE_PATTERNS.customers} />}
      />
      <DataTable
        tableKey="orders.customers"
        label="Customers"
        query={query}
        columns={columns}
        searchPlaceholder={hidesPersonalData ? undefined : 'Search by name or e-mail'}
        toolbar={
          hidesPersonalData ? (
            <Typography.Text type="secondary">{CUSTOMER_SEARCH_HIDDEN_TEXT}</Typography.Text>
          ) : undefined
        }
        emptyText={query.params.search ? 'No customers match this search.' : EMPTY_CUSTOMERS_TEXT}
      />
    </>
  );
}
