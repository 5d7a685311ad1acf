import { Flex, Table, Tag, Typography } from 'antd';
import { Link } from 'react-router';

import { routes, type OrderItemDto } from '@syncdesk/contracts';
import { formatMoney } from '@syncdesk/web-kit';

export interface OrderItemsTableProps {
  storeId: string;
  items: OrderItemDto[];
  /** The order's currency: every amount of its lines is in it. */
  currency: string | undefined;
}

/**
 * The order's lines (spec §3 Order item): SKU as the channel sent it and the product it matched,
 * options under the title, and a kit line's components (units per kit × quantity ordered).
 */
export function OrderItemsTable({ storeId, items, currency }: OrderItemsTableProps) {
  const money = (value: string | null) => formatMoney(value, currency) || '—';
  // The expand column only when a line is a kit: an empty column would only push the rest aside.
  const hasKits = items.some((item) => (item.kit_items?.length ?? 0) > 0);
  return (
    <Table<OrderItemDto>
      size="small"
      aria-label="Order items"
      rowKey="id"
      pagination={false}
      dataSource={items}
      locale={{ emptyText: 'This order has no lines.' }}
      expandable={
        hasKits
          ? {
              rowExpandable: (item) => (item.kit_items?.length ?? 0) > 0,
              defaultExpandAllRows: true,
              expandedRowRender: (item) => (
                <Flex
                  vertical
                  gap={2}
                  role="list"
                  aria-label={`Kit items of ${item.matched_sku ?? item.product_sku ?? ''}`}
                >
                  {(item.kit_items ?? []).map((kitItem) => (
                    <Typography.Text key={kitItem.product_id} role="listitem">
                      <Link to={routes.productDetail(storeId, kitItem.product_id)}>{kitItem.sku}</Link>
                      {` × ${kitItem.quantity * item.quantity}`}
                      <Typography.Text type="secondary">{` (${kitItem.quantity} per kit)`}</Typography.Text>
                    </Typography.Text>
                  ))}
                </Flex>
              ),
            }
          : undefined
      }
      columns={[
        {
          key: 'product_sku',
          title: 'SKU',
          dataIndex: 'product_sku',
          render: (sku: string | null) => sku ?? '—',
        },
        {
          key: 'matched_sku',
          title: 'Matched SKU',
          dataIndex: 'matched_sku',
          render: (matched: string | null, item) =>
            matched === null ? (
              <Tag color="warning">Not matched</Tag>
            ) : item.product_id !== null ? (
              <Flex gap={4} align="center">
                <Link to={routes.productDetail(storeId, item.product_id)}>{matched}</Link>
                {(item.kit_items?.length ?? 0) > 0 ? <Tag color="purple">Kit</Tag> : null}
              </Flex>
            ) : (
              matched
            ),
        },
        {
          key: 'title',
          title: 'Title',
          dataIndex: 'title',
          render: (title: string | null, item) => (
            <Flex vertical>
              {title ?? '—'}
              {item.options.map((option) => (
                <Typography.Text key={`${option.option_name}:${option.option_value}`} type="secondary">
                  {option.option_name}: {option.option_value}
                </Typography.Text>
              ))}
            </Flex>
          ),
        },
        { key: 'quantity', title: 'Quantity', dataIndex: 'quantity', align: 'right' },
        { key: 'price', title: 'Price', dataIndex: 'price', align: 'right', render: money },
        { key: 'tax_total', title: 'Tax', dataIndex: 'tax_total', align: 'right', render: money },
        {
          key: 'discount_total',
          title: 'Discount',
          dataIndex: 'discount_total',
          align: 'right',
          render: money,
        },
        { key: 'total_price', title: 'Total', dataIndex: 'total_price', align: 'right', render: money },
      ]}
    />
  );
}
