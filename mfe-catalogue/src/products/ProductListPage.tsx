import { useState } from 'react';
import { Button, Flex, Space, Tag, Tooltip, Typography } from 'antd';
import { InfoCircleOutlined } from '@ant-design/icons';
import { Link, useNavigate, useParams } from 'react-router';

import {
  PRODUCT_SYNC_STATUS,
  ROUTE_PATTERNS,
  routes,
  SUCCESS_MESSAGES,
  type ProductDto,
} from '@syncdesk/contracts';
import {
  changeStorePath,
  DataTable,
  formatDate,
  formatMoney,
  notifyError,
  notifySuccess,
  PageHeader,
  StatusTag,
  useListQuery,
  useSelection,
  useSessionUser,
  type DataTableColumn,
  useCan,
} from '@syncdesk/web-kit';

import { useCatalogueRefresh } from '../hooks/useCatalogueRefresh';
import { DeleteProductsButton } from './DeleteProductsButton';
import { hasProductFilters, ProductFilters } from './ProductFilters';
import { resolveProductTarget, SelectionTooLargeError } from './product-selection';
import { ProductTransfers } from './ProductTransfers';
import { productsPath, updateAutoSyncStock } from './products.api';

export const EMPTY_PRODUCTS_TEXT = 'No products yet. Create one, or import a CSV or XLSX file.';

/** A kit holds no stock of its own; its figure is what its components allow. */
export const KIT_QUANTITY_HINT = 'A kit holds no stock: this is how many kits its components allow.';

/** `/products/{storeId}`: a store's products and kits, with their stock and sync figures, live. */
export function ProductListPage() {
  const { storeId = '' } = useParams();
  // A new store starts afresh: page 1, no filters, no selection.
  return <ProductList key={storeId} storeId={storeId} />;
}

function ProductList({ storeId }: { storeId: string }) {
  const user = useSessionUser();
  const can = useCan();
  const navigate = useNavigate();
  const query = useListQuery<ProductDto>(productsPath(storeId));
  const selection = useSelection(query.total);
  const [switchingAutoSync, setSwitchingAutoSync] = useState<boolean | null>(null);
  const [importing, setImporting] = useState(false);
  const stores = user?.stores ?? [];
  const store = stores.find((candidate) => String(candidate.id) === storeId);
  const mayCreate = can('products.create');
  const mayUpdate = can('products.update');
  const mayDelete = can('products.delete');
  const create = () => void navigate(routes.productCreate(storeId));

  useCatalogueRefresh({ storeId, refresh: query.reload });

  const switchAutoSync = async (on: boolean) => {
    setSwitchingAutoSync(on);
    try {
      const target = await resolveProductTarget(storeId, selection.selection, query.params);
      await updateAutoSyncStock(storeId, target, on);
      notifySuccess(SUCCESS_MESSAGES.updated);
      query.reload();
    } catch (error) {
      if (error instanceof SelectionTooLargeError) notifyError(error.message);
      // Otherwise notified by the api client's error handler.
    } finally {
      setSwitchingAutoSync(null);
    }
  };

  const columns: DataTableColumn<ProductDto>[] = [
    {
      key: 'sku',
      title: 'SKU',
      dataIndex: 'sku',
      sorter: true,
      render: (sku: string, product) => <Link to={routes.productDetail(storeId, product.id)}>{sku}</Link>,
    },
    { key: 'title', title: 'Title', dataIndex: 'title', sorter: true },
    {
      key: 'type',
      title: 'Type',
      dataIndex: 'type',
      sorter: true,
      render: (type: ProductDto['type']) =>
        type === 'kit' ? <Tag color="purple">Kit</Tag> : <Tag>Product</Tag>,
    },
    {
      key: 'quantity',
      title: 'Quantity',
      dataIndex: 'quantity',
      sorter: true,
      align: 'right',
      render: (quantity: number, product) =>
        product.type === 'kit' ? (
          <Space size={4}>
            {quantity}
            <Tooltip title={KIT_QUANTITY_HINT}>
              <InfoCircleOutlined aria-label={KIT_QUANTITY_HINT} />
            </Tooltip>
          </Space>
        ) : (
          quantity
        ),
    },
    { key: 'available', title: 'Available', dataIndex: 'available', align: 'right' },
    {
      key: 'price',
      title: 'Price',
      dataIndex: 'price',
      sorter: true,
      align: 'right',
      render: (price: string | null) => formatMoney(price) || '—',
    },
    {
      key: 'channels',
      title: 'Channels',
      dataIndex: 'channels',
      render: (channels: ProductDto['channels']) =>
        // The same words as the product page's Channels card: listed means a listing matched to it.
        channels.length === 0 ? (
          <Typography.Text type="secondary">Not listed</Typography.Text>
        ) : (
          <Flex gap={4} wrap>
            {channels.map((channel) => (
              <Tag key={channel.id}>{channel.name}</Tag>
            ))}
          </Flex>
        ),
    },
    {
      key: 'auto_sync_stock',
      title: 'Auto sync stock',
      dataIndex: 'auto_sync_stock',
      render: (on: boolean) => (on ? 'On' : 'Off'),
    },
    {
      key: 'api_sync_status',
      title: 'Sync status',
      dataIndex: 'api_sync_status',
      sorter: true,
      render: (value: number) => <StatusTag vocabulary={PRODUCT_SYNC_STATUS} value={value} />,
    },
    {
      key: 'updated_at',
      title: 'Updated',
      dataIndex: 'updated_at',
      sorter: true,
      render: (value: string) => formatDate(value),
    },
  ];

  const filtered = hasProductFilters(query.params);
  const emptyAction = filtered ? undefined : (
    <Flex gap={8} justify="center">
      {mayCreate ? (
        <Button type="primary" onClick={create}>
          Create product
        </Button>
      ) : null}
      {mayCreate ? <Button onClick={() => setImporting(true)}>Import a file</Button> : null}
    </Flex>
  );

  const bulkActions = (
    <>
      {mayUpdate ? (
        <>
          <Button size="small" loading={switchingAutoSync === true} onClick={() => void switchAutoSync(true)}>
            Turn auto sync stock on
          </Button>
          <Button
            size="small"
            loading={switchingAutoSync === false}
            onClick={() => void switchAutoSync(false)}
          >
            Turn auto sync stock off
          </Button>
        </>
      ) : null}
      {mayDelete ? (
        <DeleteProductsButton
          storeId={storeId}
          selection={selection}
          params={query.params}
          onDeleted={query.reload}
        />
      ) : null}
    </>
  );

  return (
    <>
      <PageHeader
        title="Products"
        subtitle={
          <>
            {store?.name ?? `Store ${storeId}`}
            {stores.length > 1 ? (
              <>
                {' · '}
                <Link to={changeStorePath(ROUTE_PATTERNS.products)}>Change store</Link>
              </>
            ) : null}
          </>
        }
        actions={
          <>
            <ProductTransfers
              storeId={storeId}
              params={query.params}
              selection={selection.selection}
              mayImport={mayCreate}
              importing={importing}
              onImportingChange={setImporting}
              onImported={query.reload}
            />
            {mayCreate ? (
              <Button type="primary" onClick={create}>
                Create product
              </Button>
            ) : null}
          </>
        }
      />
      <DataTable
        tableKey="catalogue.products"
        label="Products"
        query={query}
        columns={columns}
        rowKey="uuid"
        searchPlaceholder="Search by SKU or title"
        selection={mayUpdate || mayDelete ? selection : undefined}
        bulkActions={bulkActions}
        toolbar={
          <ProductFilters params={query.params} setParams={query.setParams} onChange={selection.clear} />
        }
        emptyText={filtered ? 'No products match these filters.' : EMPTY_PRODUCTS_TEXT}
        emptyAction={emptyAction}
      />
    </>
  );
}
