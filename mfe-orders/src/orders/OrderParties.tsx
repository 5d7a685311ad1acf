import { Card, Descriptions, Flex, Tag, Typography } from 'antd';

import type { OrderAddress, OrderDetailDto } from '@syncdesk/contracts';
import { formatMoney } from '@syncdesk/web-kit';

/** An address as lines; values arrive masked for data-protection roles and are shown as given. */
function AddressLines({ address }: { address: OrderAddress | null }) {
  if (!address) return <Typography.Text type="secondary">None given</Typography.Text>;
  const lines = [
    address.name,
    address.company,
    address.line1,
    address.line2,
    [address.city, address.region].filter(Boolean).join(', '),
    [address.postcode, address.country].filter(Boolean).join(' '),
    address.phone,
  ].filter((line): line is string => Boolean(line));
  return (
    <Flex vertical>
      {lines.map((line, index) => (
        // Lines can repeat (a name that is also the company); their place tells them apart.
        <span key={`${index}:${line}`}>{line}</span>
      ))}
    </Flex>
  );
}

/** The order's totals, every amount in the order's own currency. */
export function OrderTotals({ order }: { order: OrderDetailDto }) {
  const money = (value: string | null) => formatMoney(value, order.currency ?? undefined) || '—';
  return (
    <Card title="Totals">
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'subtotal', label: 'Subtotal', children: money(order.subtotal) },
          { key: 'shipping', label: 'Shipping', children: money(order.shipping_total) },
          { key: 'tax', label: 'Tax', children: money(order.tax_total) },
          { key: 'discount', label: 'Discount', children: money(order.discount_total) },
          {
            key: 'total',
            label: 'Total',
            children: <Typography.Text strong>{money(order.total)}</Typography.Text>,
          },
          { key: 'payment', label: 'Currency', children: order.currency ?? '—' },
        ]}
      />
    </Card>
  );
}

/** Who ordered and where it goes (masked values for data-protection roles, shown as given). */
export function OrderCustomer({ order }: { order: OrderDetailDto }) {
  const { customer } = order;
  return (
    <Card title="Customer">
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'name', label: 'Name', children: customer.name ?? '—' },
          { key: 'email', label: 'E-mail', children: customer.email ?? '—' },
          { key: 'phone', label: 'Phone', children: customer.phone ?? '—' },
          {
            key: 'shipping',
            label: 'Shipping address',
            children: <AddressLines address={order.shipping_address} />,
          },
          {
            key: 'invoice',
            label: 'Invoice address',
            children: <AddressLines address={order.invoice_address} />,
          },
          { key: 'method', label: 'Shipping method', children: order.shipping_method ?? '—' },
          // What rules change (tags, order type) is shown where the seller reads the order.
          {
            key: 'tags',
            label: 'Tags',
            children: order.tags.length ? (
              <Flex gap={4} wrap>
                {order.tags.map((tag) => (
                  <Tag key={tag}>{tag}</Tag>
                ))}
              </Flex>
            ) : (
              '—'
            ),
          },
          { key: 'type', label: 'Order type', children: order.order_type ?? '—' },
        ]}
      />
    </Card>
  );
}
