import { useEffect, useRef, useState } from 'react';
import { Button, Flex, Tooltip, Typography } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import { Link, useNavigate, useParams } from 'react-router';

import {
  FULFILMENT_STATUS,
  ORDER_STATUS,
  ORDER_SYNC_STATUS,
  PAYMENT,
  PLUGIN_SYNC_STATUS,
  ROUTE_PATTERNS,
  routes,
  type OrderDto,
} from '@syncdesk/contracts';
import {
  changeStorePath,
  DataTable,
  formatDate,
  formatMoney,
  PageHeader,
  StatusTag,
  useListQuery,
  useSelection,
  useSessionUser,
  type DataTableColumn,
  useCan,
  useHidesPersonalData,
} from '@syncdesk/web-kit';

import { useOrdersRefresh } from '../hooks/useOrdersRefresh';
import { BulkSyncStatusActions } from './BulkSyncStatusActions';
import { NO_WRAP } from './cell-styles';
import { hasOrderFilters, OrderFilters, type ChannelOption } from './OrderFilters';
import { OrderStoreChooserPage } from './OrderStoreChooserPage';
import { freezeOrderSelection, listStoreChannels, ordersPath } from './orders.api';
import { OrderTransfers } from './OrderTransfers';
import { SyncStatusTabs, syncStatusTab } from './SyncStatusTabs';
import { useOrderListMemory } from './order-list.store';
import { useOrderCounts } from './useOrderCounts';

export const EMPTY_ORDERS_TEXT =
  'No orders yet. Orders arrive from the store’s sales channels: connect a channel with “Get orders” on, and they appear here as they are imported.';
export const NO_MATCHING_ORDERS_TEXT = 'No orders match these filters. Change or clear the filters.';

/** `/orders` asks for a store; `/orders/{storeId}` lists its orders, live. */
export function OrderListPage() {
  const { storeId } = useParams();
  if (!storeId) return <OrderStoreChooserPage />;
  // A new store starts afresh: page 1, no filters, no selection.
  return <OrderList key={storeId} storeId={storeId} />;
}

/** A bulk action needs the sync status of ticked rows on pages no longer shown. */
function useRowsSeen(rows: OrderDto[]): ReadonlyMap<number, OrderDto> {
  const seen = useRef(new Map<number, OrderDto>());
  for (const row of rows) seen.current.set(row.id, row);
  return seen.current;
}

function OrderList({ storeId }: { storeId: string }) {
  const user = useSessionUser();
  const can = useCan();
  const navigate = useNavigate();
  const query = useListQuery<OrderDto>(ordersPath(storeId), {
    initialParams: useOrderListMemory.getState().byStore[storeId],
  });
  const remember = useOrderListMemory((state) => state.remember);
  useEffect(() => remember(storeId, query.params), [remember, storeId, query.params]);
  // 'Select all N' is frozen when chosen: live orders arriving later are not part of it.
  const selection = useSelection(query.total, {
    freeze: async () => {
      const frozen = await freezeOrderSelection(storeId, query.params);
      return { total: frozen.count, upToId: frozen.up_to_id };
    },
  });
  const counts = useOrderCounts(storeId, query.params);
  const rowsSeen = useRowsSeen(query.data);
  const [channels, setChannels] = useState<ChannelOption[]>([]);
  const stores = user?.stores ?? [];
  const store = stores.find((candidate) => String(candidate.id) === storeId);
  const mayUpdate = can('orders.update');
  const hidesPersonalData = useHidesPersonalData();

  useEffect(() => {
    let active = true;
    void listStoreChannels(storeId).then(
      (rows) => active && setChannels(rows.map((channel) => ({ id: channel.id, name: channel.name }))),
    );
    return () => {
      active = false;
    };
  }, [storeId]);

  // New and changed orders appear where they belong; the filters, page, sort and ticks stay.
  useOrdersRefresh({
    storeId,
    refresh: () => {
      query.reload();
      counts.reload();
    },
  });

  const afterBulkChange = () => {
    selection.clear();
    query.reload();
    counts.reload();
  };

  const columns: DataTableColumn<OrderDto>[] = [
    // What a seller scans first comes first (Items, Total and Payment in view at 1440px); the
    // rest follow, and the column settings hide or move any of them.
    {
      key: 'order_number',
      title: 'Order',
      dataIndex: 'order_number',
      sorter: true,
      render: (orderNumber: string, order) => (
        <Link to={routes.orderDetail(storeId, order.id)} style={NO_WRAP}>
          {orderNumber}
        </Link>
      ),
    },
    {
      key: 'sync_status',
      title: 'Sync status',
      dataIndex: 'sync_status',
      sorter: true,
      render: (value: number, order) => (
        <Flex gap={4} align="center">
          <StatusTag vocabulary={ORDER_SYNC_STATUS} value={value} />
          {order.failure_reason ? (
            <Tooltip title={order.failure_reason}>
              <WarningOutlined aria-label={order.failure_reason} />
            </Tooltip>
          ) : null}
        </Flex>
      ),
    },
    {
      key: 'customer',
      title: 'Customer',
      dataIndex: 'customer',
      // One line (name, then e-mail), so the compact rows stay one line high.
      render: (customer: OrderDto['customer']) => (
        <Flex gap={6} style={NO_WRAP}>
          {customer.name ?? '—'}
          {customer.email ? <Typography.Text type="secondary">{customer.email}</Typography.Text> : null}
        </Flex>
      ),
    },
    { key: 'total_order_items', title: 'Items', dataIndex: 'total_order_items', align: 'right' },
    {
      key: 'total',
      title: 'Total',
      dataIndex: 'total',
      sorter: true,
      align: 'right',
      // In the order's own currency: a euro order is not shown as pounds.
      render: (total: string | null, order) => (
        <span style={NO_WRAP}>{formatMoney(total, order.currency ?? undefined) || '—'}</span>
      ),
    },
    {
      key: 'payment_status',
      title: 'Payment',
      dataIndex: 'payment_status',
      render: (value: string | null) => <StatusTag vocabulary={PAYMENT} value={value} />,
    },
    {
      key: 'status',
      title: 'Status',
      dataIndex: 'status',
      sorter: true,
      render: (value: string | null) => <StatusTag vocabulary={ORDER_STATUS} value={value} />,
    },
    {
      key: 'fulfillment',
      title: 'Fulfilment',
      dataIndex: 'fulfillment',
      render: (value: number) => <StatusTag vocabulary={FULFILMENT_STATUS} value={value} />,
    },
    { key: 'channel_name', title: 'Channel', dataIndex: 'channel_name' },
    {
      key: 'order_date',
      title: 'Order date',
      dataIndex: 'order_date',
      sorter: true,
      render: (value: string | null) => <span style={NO_WRAP}>{formatDate(value)}</span>,
    },
    {
      key: 'created_at',
      title: 'Created',
      dataIndex: 'created_at',
      sorter: true,
      render: (value: string) => <span style={NO_WRAP}>{formatDate(value)}</span>,
    },
    {
      key: 'send_via_webhook',
      title: 'Send via webhook',
      dataIndex: 'send_via_webhook',
      render: (on: boolean) => (on ? 'Yes' : 'No'),
    },
    {
      key: 'plugin_sync_status',
      title: 'Plugin sync status',
      dataIndex: 'plugin_sync_status',
      render: (value: number | null) =>
        value === null ? (
          <Typography.Text type="secondary">Not sent</Typography.Text>
        ) : (
          <StatusTag vocabulary={PLUGIN_SYNC_STATUS} value={value} />
        ),
    },
  ];

  const filtered = hasOrderFilters(query.params);

  return (
    <>
      <PageHeader
        title="Orders"
        subtitle={
          <>
            {store?.name ?? `Store ${storeId}`}
            {stores.length > 1 ? (
              <>
                {' · '}
                <Link to={changeStorePath(ROUTE_PATTERNS.orders)}>Change store</Link>
              </>
            ) : null}
          </>
        }
        actions={
          <>
            <Button onClick={() => void navigate(routes.pluginOrderList(storeId))}>Plugin orders</Button>
            <OrderTransfers storeId={storeId} params={query.params} selection={selection.selection} />
          </>
        }
      />
      <SyncStatusTabs
        params={query.params}
        setParams={query.setParams}
        counts={counts.bySyncStatus}
        total={counts.total}
        onChange={selection.clear}
      />
      <DataTable
        tableKey="orders.orders"
        label="Orders"
        query={query}
        columns={columns}
        scroll={{ x: 'max-content' }}
        // Many orders per screen, the header and the order number always in view.
        compact
        stickyHeader
        fixedFirstColumn
        // A role under data protection searches only what it sees (the server's rule too).
        searchPlaceholder={
          hidesPersonalData ? 'Search by order number or SKU' : 'Search by order number, customer or SKU'
        }
        selection={mayUpdate ? selection : undefined}
        bulkActions={
          <BulkSyncStatusActions
            storeId={storeId}
            selection={selection}
            params={query.params}
            rowsSeen={rowsSeen}
            tabStatus={syncStatusTab(query.params)}
            counts={counts.bySyncStatus}
            onChanged={afterBulkChange}
          />
        }
        toolbar={
          <OrderFilters
            params={query.params}
            setParams={query.setParams}
            channels={channels}
            onChange={selection.clear}
          />
        }
        emptyText={filtered ? NO_MATCHING_ORDERS_TEXT : EMPTY_ORDERS_TEXT}
      />
    </>
  );
}
