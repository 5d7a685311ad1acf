import { useState, type Key, type ReactNode } from 'react';
import { Button, Flex, Popconfirm, Segmented, Select, Tag, Typography } from 'antd';
import { Link, useParams } from 'react-router';

import {
  CHANNEL_PRODUCT_SYNC_STATUS,
  PRODUCT_LISTING_FILTER,
  routes,
  SUCCESS_MESSAGES,
  TIKTOK_PRODUCT_FILTER,
  type ChannelDto,
  type ChannelProductDto,
  type ChannelProductSyncStatus,
  type ListParams,
  type ProductSyncStatus,
} from '@syncdesk/contracts';
import {
  DataTable,
  formatDate,
  formatMoney,
  notifySuccess,
  PageHeader,
  StatusTag,
  useListQuery,
  useSelection,
  type DataTableColumn,
  type ListQueryResult,
  type SelectionState,
} from '@syncdesk/web-kit';

import { ChannelChooser } from '../couriers/ChannelChooser';
import { channelSubtitle, useRouteChannel } from '../couriers/useRouteChannel';
import { useCan } from '../hooks/useCan';
import { isNarrowed, resolveBulkTarget, selectsEverything, useSeenRows } from './bulk-selection';
import {
  channelProductsPath,
  deleteChannelProducts,
  matchChannelProductsBySku,
  setChannelProductsSyncStatus,
} from './channel-products.api';
import { isTiktokChannel, listingFilterOf, withFilter, withListingFilter } from './listing-filters';
import { ChannelProductTransfers } from './ChannelProductTransfers';
import { SyncStatusDialog } from './SyncStatusDialog';
import { useCatalogueRefresh } from './useCatalogueRefresh';

/** `/stores/{storeId}/channels/{channelId?}/products`: a sales channel's listings. */
export function ChannelProductListPage() {
  const { storeId = '', channelId } = useParams();
  if (!channelId) {
    return (
      <ChannelChooser
        title="Channel products"
        storeId={storeId}
        routeFor={(id) => routes.channelProducts(storeId, id)}
      />
    );
  }
  return <ChannelProducts key={channelId} storeId={storeId} channelId={channelId} />;
}

const MATCHED_OPTIONS = [
  { value: 'any', label: 'Matched or not' },
  { value: '1', label: 'Matched' },
  { value: '0', label: 'Unmatched' },
];

function ChannelProducts({ storeId, channelId }: { storeId: string; channelId: string }) {
  const { channel, failed } = useRouteChannel();
  const can = useCan();
  const path = channelProductsPath(storeId, channelId);
  const query = useListQuery<ChannelProductDto>(path);
  const selection = useSelection(query.total);
  const seen = useSeenRows(query.data);
  const [matching, setMatching] = useState(false);
  const [importing, setImporting] = useState(false);
  const [tableVersion, setTableVersion] = useState(0);
  const mayUpdate = can('products.update');
  const mayDelete = can('products.delete');
  const tiktok = isTiktokChannel(channel);
  const { params, setParams } = query;

  useCatalogueRefresh(
    {
      storeId,
      subject: 'channel_products',
      channelId,
      stockConcerns: (productIds) =>
        query.data.some((row) => row.product_id !== null && productIds.includes(row.product_id)),
    },
    query.reload,
  );

  // A new filter changes which rows 'all' means, so an old selection would be wrong.
  const filterBy = (update: (previous: ListParams) => ListParams) => {
    selection.clear();
    setParams(update);
  };

  const matchBySku = async () => {
    setMatching(true);
    try {
      const result = await matchChannelProductsBySku(storeId, channelId);
      notifySuccess(matchSummary(result.matched, result.created));
      query.reload();
    } catch {
      // Notified by the api client's error handler.
    } finally {
      setMatching(false);
    }
  };

  const syncStatus = params.filters?.sync_status;
  const syncStatusValue = (
    syncStatus?.in !== undefined ? syncStatus.in : syncStatus?.eq !== undefined ? [syncStatus.eq] : []
  ) as ChannelProductSyncStatus[];
  const matched = params.filters?.matched?.eq;

  const toolbar = (
    <>
      {tiktok ? (
        <Select<string>
          aria-label="TikTok product status"
          style={{ minWidth: 200 }}
          value={listingFilterOf(params, true)}
          options={TIKTOK_PRODUCT_FILTER.entries.map((entry) => ({
            value: entry.value,
            label: entry.label,
            title: entry.label,
          }))}
          onChange={(value) => filterBy((previous) => withListingFilter(previous, true, value))}
        />
      ) : (
        <Segmented<string>
          aria-label="Listing filter"
          value={listingFilterOf(params, false)}
          options={PRODUCT_LISTING_FILTER.entries.map((entry) => ({
            value: String(entry.value),
            label: entry.label,
          }))}
          onChange={(value) => filterBy((previous) => withListingFilter(previous, false, value))}
        />
      )}
      <Select<ChannelProductSyncStatus[]>
        aria-label="Sync status filter"
        mode="multiple"
        allowClear
        placeholder="Any sync status"
        style={{ minWidth: 200 }}
        maxTagCount="responsive"
        value={syncStatusValue}
        options={CHANNEL_PRODUCT_SYNC_STATUS.entries.map((entry) => ({
          value: entry.value,
          label: entry.label,
          title: entry.label,
        }))}
        onChange={(values) =>
          filterBy((previous) =>
            withFilter(
              previous,
              'sync_status',
              values.length === 0 ? undefined : values.length === 1 ? { eq: values[0] } : { in: values },
            ),
          )
        }
      />
      <Select<string>
        aria-label="Matched filter"
        style={{ minWidth: 160 }}
        value={matched === undefined ? 'any' : String(matched)}
        options={MATCHED_OPTIONS.map((option) => ({ ...option, title: option.label }))}
        onChange={(value) =>
          filterBy((previous) =>
            withFilter(previous, 'matched', value === 'any' ? undefined : { eq: Number(value) }),
          )
        }
      />
    </>
  );

  const narrowed = isNarrowed(params);
  const clearFilters = () => {
    filterBy((previous) => ({
      page: 1,
      per_page: previous.per_page,
      sort_by: previous.sort_by,
      sort_direction: previous.sort_direction,
    }));
    // The table keeps what was typed in its search box; a fresh table starts empty.
    setTableVersion((version) => version + 1);
  };

  return (
    <>
      <PageHeader
        title="Channel products"
        subtitle={channelSubtitle(channel, failed)}
        actions={
          <>
            <ChannelProductTransfers
              storeId={storeId}
              channelId={channelId}
              params={params}
              selection={selection}
              seen={seen}
              mayImport={mayUpdate}
              importing={importing}
              onImportingChange={setImporting}
              onImported={query.reload}
            />
            {mayUpdate ? (
              <Popconfirm
                title="Match unmatched listings by SKU?"
                description={matchDescription(channel)}
                okText="Match"
                onConfirm={matchBySku}
              >
                <Button loading={matching}>Match by SKU</Button>
              </Popconfirm>
            ) : null}
          </>
        }
      />
      <DataTable
        key={tableVersion}
        tableKey="channels.channel-products"
        label="Channel products"
        query={query}
        columns={channelProductColumns(storeId, channelId, tiktok)}
        searchPlaceholder="Search SKU, title or listing ID"
        toolbar={toolbar}
        selection={mayUpdate || mayDelete ? selection : undefined}
        bulkActions={
          <ChannelProductBulkActions
            storeId={storeId}
            channelId={channelId}
            query={query}
            selection={selection}
            seen={seen}
            mayUpdate={mayUpdate}
            mayDelete={mayDelete}
          />
        }
        emptyText={
          narrowed
            ? 'No listings match these filters.'
            : "No listings yet. They arrive when the channel's products are downloaded, or import a file."
        }
        emptyAction={
          narrowed ? (
            <Button onClick={clearFilters}>Clear filters</Button>
          ) : mayUpdate ? (
            <Button onClick={() => setImporting(true)}>Import a file</Button>
          ) : undefined
        }
      />
    </>
  );
}

function matchSummary(matched: number, created: number): string {
  const listings = `${matched} listing${matched === 1 ? '' : 's'} matched`;
  return created > 0 ? `${listings}; ${created} product${created === 1 ? '' : 's'} created.` : `${listings}.`;
}

function matchDescription(channel: ChannelDto | null): string {
  const adds = channel?.settings.add_to_products;
  return adds === true || adds === 1 || adds === '1'
    ? 'Each unmatched listing is matched to the product with its SKU; this channel adds the missing products.'
    : 'Each unmatched listing is matched to the product with its SKU; listings whose SKU is not a product stay unmatched.';
}

function channelProductColumns(
  storeId: string,
  channelId: string,
  tiktok: boolean,
): DataTableColumn<ChannelProductDto>[] {
  const dash = <Typography.Text type="secondary">—</Typography.Text>;
  return [
    {
      key: 'channel_product_id',
      title: 'Listing ID',
      dataIndex: 'channel_product_id',
      sorter: true,
      render: (value: string, row) => (
        <Link to={routes.channelProductDetail(storeId, channelId, row.id)}>{value}</Link>
      ),
    },
    {
      key: 'sku',
      title: 'SKU',
      dataIndex: 'sku',
      sorter: true,
      render: (value: string | null) => value ?? dash,
    },
    {
      key: 'remote_sku',
      title: 'Remote SKU',
      dataIndex: 'remote_sku',
      render: (value: string | null) => value ?? dash,
    },
    {
      key: 'title',
      title: 'Title',
      dataIndex: 'title',
      sorter: true,
      render: (value: string | null) => value ?? dash,
    },
    {
      key: 'quantity',
      title: 'Channel quantity',
      dataIndex: 'quantity',
      sorter: true,
      align: 'right',
      render: (value: number | null) => value ?? dash,
    },
    {
      key: 'target_quantity',
      title: 'Will be told',
      dataIndex: 'target_quantity',
      align: 'right',
      render: (value: number | null) => targetQuantityText(value),
    },
    {
      key: 'price',
      title: 'Price',
      dataIndex: 'price',
      sorter: true,
      align: 'right',
      render: (value: string | null) => formatMoney(value) || dash,
    },
    tiktok
      ? {
          key: 'tiktok_status',
          title: 'Listing status',
          dataIndex: 'tiktok_status',
          render: (value: string | null) => <StatusTag vocabulary={TIKTOK_PRODUCT_FILTER} value={value} />,
        }
      : {
          key: 'listing_status',
          title: 'Listing status',
          dataIndex: 'listing_status',
          sorter: true,
          render: (value: number) => <StatusTag vocabulary={PRODUCT_LISTING_FILTER} value={value} />,
        },
    {
      key: 'matched_sku',
      title: 'Matched SKU',
      dataIndex: 'matched_sku',
      render: (value: string | null, row) => matchedSkuCell(storeId, row.product_id, value),
    },
    {
      key: 'sync_status',
      title: 'Sync status',
      dataIndex: 'sync_status',
      sorter: true,
      render: (value: number) => <StatusTag vocabulary={CHANNEL_PRODUCT_SYNC_STATUS} value={value} />,
    },
    {
      key: 'pushed_quantity',
      title: 'Pushed quantity',
      dataIndex: 'pushed_quantity',
      sorter: true,
      align: 'right',
      render: (value: number | null) => value ?? dash,
    },
    {
      key: 'pushed_at',
      title: 'Pushed at',
      dataIndex: 'pushed_at',
      sorter: true,
      render: (value: string | null) => formatDate(value) || dash,
    },
  ];
}

/** What the channel will be told; null means it is not told (auto sync off, or unmatched). */
export function targetQuantityText(value: number | null): ReactNode {
  return value === null ? <Typography.Text type="secondary">Not told</Typography.Text> : value;
}

/** The product a listing is matched to (a link to it in the catalogue), or an Unmatched tag. */
export function matchedSkuCell(
  storeId: string,
  productId: number | null,
  matchedSku: string | null,
): ReactNode {
  if (productId === null) return <Tag color="warning">Unmatched</Tag>;
  return <Link to={routes.productDetail(storeId, productId)}>{matchedSku ?? `Product ${productId}`}</Link>;
}

interface BulkActionsProps {
  storeId: string;
  channelId: string;
  query: ListQueryResult<ChannelProductDto>;
  selection: SelectionState;
  seen: ReadonlyMap<Key, ChannelProductDto>;
  mayUpdate: boolean;
  mayDelete: boolean;
}

/** Set sync status and Delete for the selection (or the whole channel after 'Select all N'). */
function ChannelProductBulkActions({
  storeId,
  channelId,
  query,
  selection,
  seen,
  mayUpdate,
  mayDelete,
}: BulkActionsProps) {
  const [settingStatus, setSettingStatus] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const path = channelProductsPath(storeId, channelId);
  const count = selection.count;
  const noun = selectsEverything(selection)
    ? isNarrowed(query.params)
      ? `all ${count} listings matching the filters`
      : `all ${count} listings of this channel`
    : `${count} listing${count === 1 ? '' : 's'}`;

  const setStatus = async (status: ProductSyncStatus) => {
    const target = await resolveBulkTarget(selection, query, path, seen);
    await setChannelProductsSyncStatus(storeId, channelId, target, status);
    notifySuccess(SUCCESS_MESSAGES.updated);
    setSettingStatus(false);
    selection.clear();
    query.reload();
  };

  const remove = async () => {
    setDeleting(true);
    try {
      const target = await resolveBulkTarget(selection, query, path, seen);
      await deleteChannelProducts(storeId, channelId, target);
      notifySuccess(SUCCESS_MESSAGES.deleted);
      selection.clear();
      query.reload();
    } catch {
      // Notified by the api client's error handler.
    } finally {
      setDeleting(false);
    }
  };

  return (
    <Flex gap={8} wrap>
      {mayUpdate ? (
        <>
          <Button size="small" onClick={() => setSettingStatus(true)}>
            Set sync status
          </Button>
          <SyncStatusDialog
            open={settingStatus}
            noun={noun}
            onCancel={() => setSettingStatus(false)}
            onConfirm={setStatus}
          />
        </>
      ) : null}
      {mayDelete ? (
        <Popconfirm
          title={`Delete ${noun}?`}
          description="They are removed from Syncdesk, not from the channel. This cannot be undone."
          okText="Delete"
          okButtonProps={{ danger: true }}
          onConfirm={remove}
        >
          <Button size="small" danger loading={deleting}>
            Delete
          </Button>
        </Popconfirm>
      ) : null}
    </Flex>
  );
}
