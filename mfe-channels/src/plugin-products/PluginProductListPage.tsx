import { useState, type Key } from 'react';
import { Button, Flex, Popconfirm, Select, Typography } from 'antd';
import { Link, useParams } from 'react-router';

import {
  MAX_SELECTED_LISTINGS,
  PLUGIN_SYNC_STATUS,
  routes,
  SUCCESS_MESSAGES,
  type PluginProductDto,
  type ProductSyncStatus,
} from '@syncdesk/contracts';
import {
  DataTable,
  formatDate,
  notifyError,
  notifySuccess,
  PageHeader,
  StatusTag,
  useListQuery,
  useSelection,
  type DataTableColumn,
  type ListQueryResult,
  type SelectionState,
} from '@syncdesk/web-kit';

import {
  isNarrowed,
  listEveryRow,
  resolveBulkTarget,
  selectsEverything,
  useSeenRows,
} from '../channel-products/bulk-selection';
import { withFilter } from '../channel-products/listing-filters';
import { useCatalogueRefresh } from '../channel-products/useCatalogueRefresh';
import { useCan } from '../hooks/useCan';
import { PluginChooser } from './PluginChooser';
import { deletePluginProducts, pluginProductsPath, resendPluginProduct } from './plugin-products.api';
import { pluginSubtitle, useRoutePlugin } from './useRoutePlugin';

/** `/stores/{storeId}/plugins/{pluginId?}/products`: the products a fulfilment plugin (WMS) holds. */
export function PluginProductListPage() {
  const { storeId = '', pluginId } = useParams();
  if (!pluginId) {
    return (
      <PluginChooser
        title="Plugin products"
        storeId={storeId}
        routeFor={(id) => routes.pluginProducts(storeId, id)}
      />
    );
  }
  return <PluginProducts key={pluginId} storeId={storeId} pluginId={pluginId} />;
}

/** How many resends run at once: quick for a selection, gentle on the api for a large one. */
const RESEND_CONCURRENCY = 4;

/** Resends each product (PUT plugin_sync_status 0), a few at a time; answers how many went. */
export async function resendEach(
  storeId: string,
  pluginId: string,
  rows: readonly Pick<PluginProductDto, 'id'>[],
): Promise<number> {
  let next = 0;
  let sent = 0;
  const worker = async () => {
    while (next < rows.length) {
      const row = rows[next++]!;
      await resendPluginProduct(storeId, pluginId, row.id);
      sent += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.min(RESEND_CONCURRENCY, rows.length) }, worker));
  return sent;
}

function PluginProducts({ storeId, pluginId }: { storeId: string; pluginId: string }) {
  const { plugin, failed } = useRoutePlugin();
  const can = useCan();
  const path = pluginProductsPath(storeId, pluginId);
  const query = useListQuery<PluginProductDto>(path);
  const selection = useSelection(query.total);
  const seen = useSeenRows(query.data);
  const [resendingId, setResendingId] = useState<number | null>(null);
  const [tableVersion, setTableVersion] = useState(0);
  const mayUpdate = can('products.update');
  const mayDelete = can('products.delete');
  const { params, setParams } = query;

  useCatalogueRefresh({ storeId, subject: 'plugin_products', pluginId }, query.reload);

  const resendOne = async (row: PluginProductDto) => {
    setResendingId(row.id);
    try {
      await resendPluginProduct(storeId, pluginId, row.id);
      notifySuccess(`${row.sku} will be sent to the plugin again.`);
      query.reload();
    } catch {
      // Notified by the api client's error handler.
    } finally {
      setResendingId(null);
    }
  };

  const syncStatus = params.filters?.plugin_sync_status;
  const syncStatusValue = (
    syncStatus?.in !== undefined ? syncStatus.in : syncStatus?.eq !== undefined ? [syncStatus.eq] : []
  ) as ProductSyncStatus[];

  const dash = <Typography.Text type="secondary">—</Typography.Text>;
  const columns: DataTableColumn<PluginProductDto>[] = [
    {
      key: 'sku',
      title: 'SKU',
      dataIndex: 'sku',
      render: (sku: string, row) => (
        <Link to={routes.pluginProductDetail(storeId, pluginId, row.id)}>{sku}</Link>
      ),
    },
    { key: 'title', title: 'Title', dataIndex: 'title' },
    {
      key: 'remote_id',
      title: 'Remote ID',
      dataIndex: 'remote_id',
      sorter: true,
      render: (value: string | null) => value ?? dash,
    },
    {
      key: 'quantity',
      title: 'Plugin quantity',
      dataIndex: 'quantity',
      sorter: true,
      align: 'right',
      render: (value: number | null) => value ?? dash,
    },
    {
      key: 'plugin_sync_status',
      title: 'Sync status',
      dataIndex: 'plugin_sync_status',
      sorter: true,
      render: (value: number) => <StatusTag vocabulary={PLUGIN_SYNC_STATUS} value={value} />,
    },
    {
      key: 'plugin_synced_at',
      title: 'Synced at',
      dataIndex: 'plugin_synced_at',
      sorter: true,
      render: (value: string | null) => formatDate(value) || dash,
    },
  ];
  if (mayUpdate) {
    columns.push({
      key: 'actions',
      title: 'Actions',
      render: (_value, row) => (
        <Button size="small" loading={resendingId === row.id} onClick={() => void resendOne(row)}>
          Resend
        </Button>
      ),
    });
  }

  const narrowed = isNarrowed(params);
  const toolbar = (
    <Select<ProductSyncStatus[]>
      aria-label="Sync status filter"
      mode="multiple"
      allowClear
      placeholder="Any sync status"
      style={{ minWidth: 200 }}
      maxTagCount="responsive"
      value={syncStatusValue}
      options={PLUGIN_SYNC_STATUS.entries.map((entry) => ({
        value: entry.value,
        label: entry.label,
        title: entry.label,
      }))}
      onChange={(values) => {
        selection.clear();
        setParams((previous) =>
          withFilter(
            previous,
            'plugin_sync_status',
            values.length === 0 ? undefined : values.length === 1 ? { eq: values[0] } : { in: values },
          ),
        );
      }}
    />
  );

  return (
    <>
      <PageHeader title="Plugin products" subtitle={pluginSubtitle(plugin, failed)} />
      <DataTable
        key={tableVersion}
        tableKey="channels.plugin-products"
        label="Plugin products"
        query={query}
        columns={columns}
        searchPlaceholder="Search SKU, title or remote ID"
        toolbar={toolbar}
        selection={mayUpdate || mayDelete ? selection : undefined}
        bulkActions={
          <PluginProductBulkActions
            storeId={storeId}
            pluginId={pluginId}
            query={query}
            selection={selection}
            seen={seen}
            mayUpdate={mayUpdate}
            mayDelete={mayDelete}
          />
        }
        emptyText={
          narrowed
            ? 'No plugin products match these filters.'
            : 'No products on this plugin yet. They appear once products are sent to the plugin or it reports its stock.'
        }
        emptyAction={
          narrowed ? (
            <Button
              onClick={() => {
                selection.clear();
                setParams((previous) => ({
                  page: 1,
                  per_page: previous.per_page,
                  sort_by: previous.sort_by,
                  sort_direction: previous.sort_direction,
                }));
                // The table keeps what was typed in its search box; a fresh table starts empty.
                setTableVersion((version) => version + 1);
              }}
            >
              Clear filters
            </Button>
          ) : undefined
        }
      />
    </>
  );
}

interface BulkActionsProps {
  storeId: string;
  pluginId: string;
  query: ListQueryResult<PluginProductDto>;
  selection: SelectionState;
  seen: ReadonlyMap<Key, PluginProductDto>;
  mayUpdate: boolean;
  mayDelete: boolean;
}

/** Resend and Delete for the selection (or every product of the plugin after 'Select all N'). */
function PluginProductBulkActions({
  storeId,
  pluginId,
  query,
  selection,
  seen,
  mayUpdate,
  mayDelete,
}: BulkActionsProps) {
  const [busy, setBusy] = useState<'resend' | 'delete' | null>(null);
  const path = pluginProductsPath(storeId, pluginId);
  const count = selection.count;
  const noun = selectsEverything(selection)
    ? isNarrowed(query.params)
      ? `all ${count} products matching the filters`
      : `all ${count} products of this plugin`
    : `${count} product${count === 1 ? '' : 's'}`;

  const resend = async () => {
    // Each product is its own call; a whole large plugin at once would flood the api.
    if (count > MAX_SELECTED_LISTINGS) {
      notifyError(
        `Resend at most ${MAX_SELECTED_LISTINGS} products at once: narrow the list with the search or the sync status filter.`,
      );
      return;
    }
    setBusy('resend');
    try {
      const target = await resolveBulkTarget(selection, query, path, seen);
      // There is no bulk resend call: each product is set back to Pending on its own.
      const rows = 'all' in target ? await listEveryRow<PluginProductDto>(path, query.params) : target.rows;
      const sent = await resendEach(storeId, pluginId, rows);
      notifySuccess(`${sent} product${sent === 1 ? '' : 's'} will be sent to the plugin again.`);
      selection.clear();
      query.reload();
    } catch {
      // Notified by the api client's error handler; the ones already resent stay resent.
      query.reload();
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    setBusy('delete');
    try {
      const target = await resolveBulkTarget(selection, query, path, seen);
      await deletePluginProducts(storeId, pluginId, target);
      notifySuccess(SUCCESS_MESSAGES.deleted);
      selection.clear();
      query.reload();
    } catch {
      // Notified by the api client's error handler.
    } finally {
      setBusy(null);
    }
  };

  return (
    <Flex gap={8} wrap>
      {mayUpdate ? (
        <Popconfirm
          title={`Resend ${noun}?`}
          description="They go back to Pending and are sent to the plugin again."
          okText="Resend"
          onConfirm={resend}
        >
          <Button size="small" loading={busy === 'resend'}>
            Resend
          </Button>
        </Popconfirm>
      ) : null}
      {mayDelete ? (
        <Popconfirm
          title={`Delete ${noun}?`}
          description="They are removed from Syncdesk, not from the plugin. This cannot be undone."
          okText="Delete"
          okButtonProps={{ danger: true }}
          onConfirm={remove}
        >
          <Button size="small" danger loading={busy === 'delete'}>
            Delete
          </Button>
        </Popconfirm>
      ) : null}
    </Flex>
  );
}
