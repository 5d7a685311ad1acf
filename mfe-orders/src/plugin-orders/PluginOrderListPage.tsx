import { useEffect, useRef, useState } from 'react';
import { Button, Flex, Modal, Popconfirm, Typography } from 'antd';
import { Link, useParams } from 'react-router';

import {
  canResendToPlugin,
  encodeListQuery,
  ORDER_ACTION_MESSAGES,
  ORDER_SYNC_STATUS,
  PLUGIN_SYNC_STATUS,
  routes,
  type PluginOrderDto,
} from '@syncdesk/contracts';
import {
  DataTable,
  ExportMenu,
  formatDate,
  isApiError,
  notifyError,
  notifySuccess,
  PageHeader,
  StatusTag,
  useListQuery,
  useSelection,
  useSessionUser,
  type DataTableColumn,
  type SelectionState,
  useCan,
} from '@syncdesk/web-kit';

import { useOrdersRefresh } from '../hooks/useOrdersRefresh';
import { NO_WRAP } from '../orders/cell-styles';
import { hasPluginOrderFilters, PluginOrderFilters, type PluginOption } from './PluginOrderFilters';
import {
  listAllPluginOrders,
  listStorePlugins,
  pluginOrderExportPath,
  pluginOrdersPath,
  resendToPlugin,
  selectionFilters,
} from './plugin-orders.api';

export const EMPTY_PLUGIN_ORDERS_TEXT =
  'No plugin orders yet. Orders appear here once they are sent to a fulfilment plugin: connect a plugin (a warehouse or WMS) to the store.';

/** At most this many orders are resent in one go (the bulk resend call's own limit). */
export const MAX_RESEND = 10_000;

function ordersText(count: number): string {
  return `${count.toLocaleString('en-GB')} ${count === 1 ? 'order' : 'orders'}`;
}

/** `/plugins/orders/{storeId}`: what each fulfilment plugin did with the store's orders, live. */
export function PluginOrderListPage() {
  const { storeId = '' } = useParams();
  return <PluginOrderList key={storeId} storeId={storeId} />;
}

function PluginOrderList({ storeId }: { storeId: string }) {
  const user = useSessionUser();
  const can = useCan();
  const query = useListQuery<PluginOrderDto>(pluginOrdersPath(storeId));
  const selection = useSelection(query.total);
  const [plugins, setPlugins] = useState<PluginOption[]>([]);
  const seen = useRef(new Map<number, PluginOrderDto>());
  for (const row of query.data) seen.current.set(row.id, row);
  const store = user?.stores.find((candidate) => String(candidate.id) === storeId);
  const mayUpdate = can('orders.update');

  useEffect(() => {
    let active = true;
    void listStorePlugins(storeId).then(
      (rows) => active && setPlugins(rows.map((plugin) => ({ id: plugin.id, name: plugin.name }))),
    );
    return () => {
      active = false;
    };
  }, [storeId]);

  // An order sent, resent or answered by a plugin changes its row: refetch in place.
  useOrdersRefresh({ storeId, refresh: query.reload });

  const resendRow = async (row: PluginOrderDto) => {
    try {
      const answer = await resendToPlugin(storeId, row.plugin_id, [row.order_id]);
      notifySuccess(answer.message);
      query.reload();
    } catch {
      // Told by the api client's handler.
    }
  };

  const columns: DataTableColumn<PluginOrderDto>[] = [
    {
      key: 'order_number',
      title: 'Order',
      dataIndex: 'order_number',
      sorter: true,
      render: (orderNumber: string, row) => (
        <Link to={routes.orderDetail(storeId, row.order_id)} style={NO_WRAP}>
          {orderNumber}
        </Link>
      ),
    },
    {
      key: 'plugin_name',
      title: 'Plugin',
      dataIndex: 'plugin_name',
      render: (value: string | null) => value ?? '—',
    },
    {
      key: 'remote_id',
      title: 'Remote id',
      dataIndex: 'remote_id',
      render: (value: string | null) =>
        value === null ? (
          <Typography.Text type="secondary">Not taken yet</Typography.Text>
        ) : (
          <span style={NO_WRAP}>{value}</span>
        ),
    },
    {
      key: 'sync_status',
      title: 'Sync status',
      dataIndex: 'sync_status',
      sorter: true,
      render: (value: number, row) => (
        <Flex gap={8} align="center" wrap>
          <StatusTag vocabulary={PLUGIN_SYNC_STATUS} value={value} />
          {mayUpdate && canResendToPlugin(value) ? (
            <Popconfirm
              title={`Send ${row.order_number} to ${row.plugin_name ?? 'the plugin'} again?`}
              okText="Resend"
              cancelText="Don’t resend"
              onConfirm={() => resendRow(row)}
            >
              <Button size="small">Resend</Button>
            </Popconfirm>
          ) : null}
        </Flex>
      ),
    },
    {
      key: 'synced_at',
      title: 'Synced',
      dataIndex: 'synced_at',
      sorter: true,
      render: (value: string | null) => <span style={NO_WRAP}>{formatDate(value) || '—'}</span>,
    },
    {
      key: 'order_sync_status',
      title: 'Order sync status',
      dataIndex: 'order_sync_status',
      render: (value: number) => <StatusTag vocabulary={ORDER_SYNC_STATUS} value={value} />,
    },
    {
      key: 'channel_name',
      title: 'Channel',
      dataIndex: 'channel_name',
      render: (value: string | null) => value ?? '—',
    },
    {
      key: 'customer_name',
      title: 'Customer',
      dataIndex: 'customer_name',
      render: (value: string | null) => value ?? '—',
    },
    {
      key: 'order_date',
      title: 'Order date',
      dataIndex: 'order_date',
      sorter: true,
      render: (value: string | null) => <span style={NO_WRAP}>{formatDate(value)}</span>,
    },
  ];

  const ids = selection.selection.mode === 'ids' ? selection.selection.ids.map(String) : [];
  const exportQuery = encodeListQuery({
    ...selectionFilters(query.params),
    sort_by: query.params.sort_by,
    sort_direction: query.params.sort_direction,
  });

  return (
    <>
      <PageHeader
        title="Plugin orders"
        subtitle={
          <>
            {store?.name ?? `Store ${storeId}`}
            {' · '}
            <Link to={routes.orderList(storeId)}>Orders</Link>
          </>
        }
        actions={
          <ExportMenu
            exportPath={pluginOrderExportPath(storeId)}
            query={exportQuery}
            selection={ids.length > 0 ? { field: 'plugin_order_ids', ids } : undefined}
          />
        }
      />
      <DataTable
        tableKey="orders.plugin-orders"
        label="Plugin orders"
        query={query}
        columns={columns}
        scroll={{ x: 'max-content' }}
        searchPlaceholder="Search by order number or remote id"
        selection={mayUpdate ? selection : undefined}
        bulkActions={
          <ResendSelected
            storeId={storeId}
            selection={selection}
            rowsSeen={seen.current}
            params={query.params}
            onResent={() => {
              selection.clear();
              query.reload();
            }}
          />
        }
        toolbar={
          <PluginOrderFilters
            params={query.params}
            setParams={query.setParams}
            plugins={plugins}
            onChange={selection.clear}
          />
        }
        emptyText={
          hasPluginOrderFilters(query.params)
            ? 'No plugin orders match these filters. Change or clear the filters.'
            : EMPTY_PLUGIN_ORDERS_TEXT
        }
      />
    </>
  );
}

interface ResendSelectedProps {
  storeId: string;
  selection: SelectionState;
  rowsSeen: ReadonlyMap<number, PluginOrderDto>;
  params: Parameters<typeof listAllPluginOrders>[1];
  onResent(): void;
}

/**
 * Resends the chosen rows to their plugins, confirmed first. Rows a plugin may not be sent again
 * (in progress, pending already) are left out and counted; the rest go plugin by plugin.
 */
function ResendSelected({ storeId, selection, rowsSeen, params, onResent }: ResendSelectedProps) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const chosenRows = async (): Promise<PluginOrderDto[]> => {
    const chosen = selection.selection;
    if (chosen.mode === 'ids') {
      return chosen.ids.map((id) => rowsSeen.get(Number(id))).filter((row): row is PluginOrderDto => !!row);
    }
    const excluded = new Set(chosen.excludedIds.map(Number));
    const { rows, total } = await listAllPluginOrders(storeId, params, MAX_RESEND);
    if (total > MAX_RESEND) {
      throw new Error(
        `At most ${MAX_RESEND.toLocaleString('en-GB')} orders can be resent at once. Narrow the filters.`,
      );
    }
    return rows.filter((row) => !excluded.has(row.id));
  };

  const resend = async () => {
    setBusy(true);
    try {
      const rows = await chosenRows();
      const resendable = rows.filter((row) => canResendToPlugin(row.sync_status));
      const byPlugin = new Map<number, number[]>();
      for (const row of resendable)
        byPlugin.set(row.plugin_id, [...(byPlugin.get(row.plugin_id) ?? []), row.order_id]);
      for (const [pluginId, orderIds] of byPlugin) await resendToPlugin(storeId, pluginId, orderIds);
      const skipped = rows.length - resendable.length;
      notifySuccess(
        resendable.length === 0
          ? 'None of these orders can be sent again: their plugins are working on them.'
          : `${ORDER_ACTION_MESSAGES.resent}${skipped > 0 ? ` ${ordersText(skipped)} skipped: their plugins are working on them.` : ''}`,
      );
      setConfirming(false);
      onResent();
    } catch (error) {
      // Api errors are told by the api client's handler.
      if (error instanceof Error && !isApiError(error)) notifyError(error.message);
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button size="small" onClick={() => setConfirming(true)}>
        Resend to plugin
      </Button>
      <Modal
        open={confirming}
        title={`Resend ${ordersText(selection.count)} to their plugins?`}
        okText="Resend"
        cancelText="Don’t resend"
        confirmLoading={busy}
        onOk={() => void resend()}
        onCancel={() => setConfirming(false)}
        destroyOnHidden
      >
        <Typography.Paragraph>
          Each order goes back to pending for its plugin and is sent again. Orders a plugin is working on are
          left as they are.
        </Typography.Paragraph>
      </Modal>
    </>
  );
}
