import { Typography } from 'antd';
import { Link, useParams } from 'react-router';

import {
  ACKNOWLEDGE_SYNC_STATUS,
  PURCHASE_ORDER_STATUS,
  ROUTE_PATTERNS,
  routes,
  type ConfirmationOrderDto,
} from '@syncdesk/contracts';
import {
  DataTable,
  formatDate,
  PageHeader,
  StatusTag,
  useListQuery,
  useSelection,
  type DataTableColumn,
} from '@syncdesk/web-kit';

import { StoreSubtitle } from '@syncdesk/web-kit';
import { confirmationOrdersPath } from './confirmation-orders.api';
import { ConfirmationOrderExport } from './ConfirmationOrderExport';
import { ConfirmationOrderFilters, hasConfirmationOrderFilters } from './ConfirmationOrderFilters';
import { deadlineText } from './deadline-text';

export const EMPTY_CONFIRMATION_ORDERS_TEXT =
  'No confirmation orders yet. They arrive from your retail channels (such as Amazon Vendor Central) on their next sync.';

/** The deadline cell: time left, or overdue in the danger colour. */
export function DeadlineCell({ order }: { order: ConfirmationOrderDto }) {
  const deadline = deadlineText(order.acknowledge_by, order.acknowledge_sync_status);
  if (!deadline) return <Typography.Text type="secondary">—</Typography.Text>;
  return <Typography.Text type={deadline.overdue ? 'danger' : undefined}>{deadline.text}</Typography.Text>;
}

/** `/confirmationOrders/{storeId}`: a store's purchase orders from retailers, to acknowledge. */
export function ConfirmationOrderListPage() {
  const { storeId = '' } = useParams();
  // A new store starts afresh: page 1, no filters, no selection.
  return <ConfirmationOrderList key={storeId} storeId={storeId} />;
}

function ConfirmationOrderList({ storeId }: { storeId: string }) {
  const query = useListQuery<ConfirmationOrderDto>(confirmationOrdersPath(storeId));
  const selection = useSelection(query.total);

  const columns: DataTableColumn<ConfirmationOrderDto>[] = [
    {
      key: 'purchase_order_number',
      title: 'Purchase order',
      dataIndex: 'purchase_order_number',
      sorter: true,
      render: (number: string, order) => (
        <Link to={routes.confirmationOrderDetail(storeId, order.id)}>{number}</Link>
      ),
    },
    { key: 'id', title: 'ID', dataIndex: 'id' },
    {
      key: 'channel_name',
      title: 'Channel',
      dataIndex: 'channel_name',
      render: (name: string | null) => name ?? '—',
    },
    {
      key: 'status',
      title: 'Status',
      dataIndex: 'status',
      sorter: true,
      render: (status: string) => <StatusTag vocabulary={PURCHASE_ORDER_STATUS} value={status} />,
    },
    {
      key: 'order_date',
      title: 'Order date',
      dataIndex: 'order_date',
      sorter: true,
      render: (value: string) => formatDate(value),
    },
    {
      key: 'acknowledge_sync_status',
      title: 'Acknowledgement',
      dataIndex: 'acknowledge_sync_status',
      sorter: true,
      render: (status: string) => <StatusTag vocabulary={ACKNOWLEDGE_SYNC_STATUS} value={status} />,
    },
    {
      key: 'acknowledge_by',
      title: 'Acknowledge by',
      dataIndex: 'acknowledge_by',
      sorter: true,
      render: (value: string | null, order) =>
        value ? (
          <>
            {formatDate(value)}
            <br />
            <DeadlineCell order={order} />
          </>
        ) : (
          '—'
        ),
    },
    { key: 'item_count', title: 'Items', dataIndex: 'item_count', align: 'right' },
    { key: 'total_quantity', title: 'Quantity', dataIndex: 'total_quantity', align: 'right' },
  ];

  const filtered = hasConfirmationOrderFilters(query.params);

  return (
    <>
      <PageHeader
        title="Confirmation orders"
        subtitle={<StoreSubtitle storeId={storeId} chooserPath={ROUTE_PATTERNS.confirmationOrders} />}
        actions={
          <ConfirmationOrderExport storeId={storeId} params={query.params} selection={selection.selection} />
        }
      />
      <DataTable
        tableKey="orders.confirmationOrders"
        label="Confirmation orders"
        query={query}
        columns={columns}
        rowKey="uuid"
        searchPlaceholder="Search by purchase order number"
        selection={selection}
        toolbar={
          <ConfirmationOrderFilters
            params={query.params}
            setParams={query.setParams}
            onChange={selection.clear}
          />
        }
        emptyText={filtered ? 'No confirmation orders match these filters.' : EMPTY_CONFIRMATION_ORDERS_TEXT}
      />
    </>
  );
}
