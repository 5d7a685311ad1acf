import { useCallback } from 'react';
import { Card, Col, Descriptions, Empty, Flex, Row, Table, Typography } from 'antd';
import { Link, useParams } from 'react-router';

import {
  ORDER_STATUS,
  ORDER_SYNC_STATUS,
  routes,
  type CustomerAddressDto,
  type CustomerDetailDto,
  type CustomerOrderDto,
} from '@syncdesk/contracts';
import {
  formatDate,
  formatMoney,
  PageHeader,
  RecordLoadState,
  StatusTag,
  useListQuery,
  useRecord,
} from '@syncdesk/web-kit';

import { addressLines, spentText } from './customer-format';
import { customerOrdersPath, getCustomer } from './customers.api';

/** `/customers/{storeId}/{customerId}`: who the customer is, where they ship, and all their orders. */
export function CustomerDetailPage() {
  const { storeId = '', customerId } = useParams();
  const load = useCallback((id: string) => getCustomer(storeId, id), [storeId]);
  const { record: customer, failed } = useRecord<CustomerDetailDto>(customerId, load);
  if (!customer) return <RecordLoadState title="Customer" noun="customer" failed={failed} />;
  return <CustomerDetail storeId={storeId} customer={customer} />;
}

function Address({ title, address }: { title: string; address: CustomerAddressDto | null }) {
  const lines = addressLines(address);
  return (
    <Card title={title} size="small">
      {lines.length === 0 ? (
        <Typography.Text type="secondary">None given</Typography.Text>
      ) : (
        lines.map((line, index) => <div key={index}>{line}</div>)
      )}
    </Card>
  );
}

function CustomerDetail({ storeId, customer }: { storeId: string; customer: CustomerDetailDto }) {
  const orders = useListQuery<CustomerOrderDto>(customerOrdersPath(storeId, customer.id), {
    initialParams: { per_page: 10 },
  });
  const title = customer.name || customer.email || `Customer ${customer.id}`;

  return (
    <>
      <PageHeader title={title} subtitle={<Link to={routes.customerList(storeId)}>Customers</Link>} />
      <Flex vertical gap={16}>
        <Card title="Customer">
          <Descriptions
            size="small"
            column={{ xs: 1, md: 2, xl: 3 }}
            items={[
              { key: 'name', label: 'Name', children: customer.name ?? '—' },
              { key: 'email', label: 'E-mail', children: customer.email ?? '—' },
              { key: 'phone', label: 'Phone', children: customer.phone ?? '—' },
              {
                key: 'channels',
                label: 'Channels',
                children:
                  customer.channels.length === 0
                    ? '—'
                    : customer.channels
                        .map(
                          (channel) => `${channel.name ?? `Channel ${channel.id}`} (${channel.orders_count})`,
                        )
                        .join(', '),
              },
              {
                key: 'channel_customer_id',
                label: 'Channel customer id',
                children: customer.channel_customer_id ?? '—',
              },
              { key: 'orders', label: 'Orders', children: customer.orders_count },
              { key: 'spent', label: 'Spent', children: spentText(customer.total_spent) },
              { key: 'first', label: 'First order', children: formatDate(customer.first_order_at) || '—' },
              { key: 'last', label: 'Last order', children: formatDate(customer.last_order_at) || '—' },
            ]}
          />
        </Card>
        <Row gutter={[16, 16]}>
          <Col xs={24} md={12}>
            <Address title="Shipping address" address={customer.shipping_address} />
          </Col>
          <Col xs={24} md={12}>
            <Address title="Invoice address" address={customer.invoice_address} />
          </Col>
        </Row>
        <Card title="Orders">
          {orders.total === 0 && !orders.loading ? (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description="This customer has no orders in this store."
            />
          ) : (
            <Table<CustomerOrderDto>
              aria-label="Customer orders"
              size="small"
              rowKey="id"
              dataSource={orders.data}
              loading={orders.loading}
              pagination={{
                current: orders.params.page ?? 1,
                pageSize: orders.params.per_page ?? 10,
                total: orders.total,
                onChange: (page, perPage) => orders.setParams({ page, per_page: perPage }),
              }}
              columns={[
                {
                  key: 'order_number',
                  title: 'Order',
                  dataIndex: 'order_number',
                  render: (number: string, order) => (
                    <Link to={routes.orderDetail(storeId, order.id)}>{number}</Link>
                  ),
                },
                {
                  key: 'channel',
                  title: 'Channel',
                  dataIndex: 'channel_name',
                  render: (value: string | null) => value ?? '—',
                },
                {
                  key: 'status',
                  title: 'Status',
                  dataIndex: 'status',
                  render: (value: string | null) => <StatusTag vocabulary={ORDER_STATUS} value={value} />,
                },
                {
                  key: 'sync_status',
                  title: 'Sync status',
                  dataIndex: 'sync_status',
                  render: (value: number) => <StatusTag vocabulary={ORDER_SYNC_STATUS} value={value} />,
                },
                { key: 'items', title: 'Items', dataIndex: 'total_order_items', align: 'right' },
                {
                  key: 'total',
                  title: 'Total',
                  dataIndex: 'total',
                  align: 'right',
                  render: (total: string | null, order) =>
                    total === null ? '—' : formatMoney(total, order.currency ?? undefined),
                },
                {
                  key: 'order_date',
                  title: 'Order date',
                  dataIndex: 'order_date',
                  render: (value: string | null) => formatDate(value) || '—',
                },
              ]}
            />
          )}
        </Card>
      </Flex>
    </>
  );
}
