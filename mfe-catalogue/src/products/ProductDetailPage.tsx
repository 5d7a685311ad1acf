import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Col,
  Empty,
  Flex,
  Popconfirm,
  Row,
  Statistic,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';

import {
  PRODUCT_SYNC_STATUS,
  routes,
  SUCCESS_MESSAGES,
  type KitItemDto,
  type ProductChannelQuantityDto,
  type ProductDetailDto,
  type ProductPluginQuantityDto,
} from '@syncdesk/contracts';
import {
  errorNotificationText,
  formatDate,
  formatMoney,
  isApiError,
  notifySuccess,
  PageHeader,
  RecordLoadState,
  StatusTag,
  useCan,
} from '@syncdesk/web-kit';

import { useCatalogueRefresh } from '../hooks/useCatalogueRefresh';
import { AdjustStockButton } from './AdjustStockButton';
import { kitFigures, kitsAllowedBy } from './kit-figures';
import { ProductForm } from './ProductForm';
import { deleteProduct } from './products.api';
import { StockTimeline } from './StockTimeline';
import { useProductDetail } from './useProductDetail';

const TABS = ['overview', 'timeline', 'edit'] as const;
type TabKey = (typeof TABS)[number];

/** `/products/{storeId}/{productId}`: a product's figures, kit, channels and stock history, live. */
export function ProductDetailPage() {
  const { storeId = '', productId = '' } = useParams();
  return <ProductDetail key={`${storeId}/${productId}`} storeId={storeId} productId={productId} />;
}

function ProductDetail({ storeId, productId }: { storeId: string; productId: string }) {
  const can = useCan();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const { product, setProduct, failed, reload } = useProductDetail(storeId, productId);
  const [version, setVersion] = useState(0);
  const [refusal, setRefusal] = useState<string | null>(null);
  // Bumped by a save only: a live reload must not wipe what the user is typing.
  const [formVersion, setFormVersion] = useState(0);
  const requested = searchParams.get('tab') as TabKey | null;
  const tab: TabKey = requested && TABS.includes(requested) ? requested : 'overview';
  const mayUpdate = can('products.update');

  useCatalogueRefresh({
    storeId,
    productId: Number(productId),
    refresh: () => {
      reload();
      setVersion((count) => count + 1);
    },
  });

  const back = <Button onClick={() => void navigate(routes.productList(storeId))}>Back to products</Button>;
  if (!product) return <RecordLoadState title="Product" noun="product" actions={back} failed={failed} />;

  const remove = async () => {
    setRefusal(null);
    try {
      await deleteProduct(storeId, product.id);
      notifySuccess(SUCCESS_MESSAGES.deleted);
      void navigate(routes.productList(storeId));
    } catch (error) {
      setRefusal(isApiError(error) ? errorNotificationText(error) : null);
    }
  };

  const saved = (next: ProductDetailDto) => {
    setProduct(next);
    setVersion((count) => count + 1);
    setFormVersion((count) => count + 1);
  };

  const usedIn = product.used_in_kits.map((kit) => kit.sku).join(', ');

  return (
    <>
      <PageHeader
        title={product.sku}
        subtitle={
          <Flex gap={8} align="center" wrap>
            {product.title}
            {product.type === 'kit' ? <Tag color="purple">Kit</Tag> : <Tag>Product</Tag>}
            <StatusTag vocabulary={PRODUCT_SYNC_STATUS} value={product.api_sync_status} />
          </Flex>
        }
        actions={
          <>
            {back}
            {mayUpdate && product.type === 'product' ? (
              <AdjustStockButton storeId={storeId} product={product} onAdjusted={saved} />
            ) : null}
            {can('products.delete') ? (
              <Popconfirm
                title={`Delete ${product.sku}?`}
                description={
                  product.used_in_kits.length > 0
                    ? `It is a component of ${usedIn}: it can not be deleted while those kits exist.`
                    : 'This cannot be undone.'
                }
                okText="Delete"
                okButtonProps={{ danger: true }}
                onConfirm={remove}
              >
                <Button danger>Delete</Button>
              </Popconfirm>
            ) : null}
          </>
        }
      />
      {refusal ? (
        <Alert
          type="error"
          showIcon
          closable
          title={refusal}
          style={{ marginBottom: 16 }}
          onClose={() => setRefusal(null)}
        />
      ) : null}
      <Tabs
        activeKey={tab}
        onChange={(key) =>
          setSearchParams(
            (previous) => {
              const next = new URLSearchParams(previous);
              if (key === 'overview') next.delete('tab');
              else next.set('tab', key);
              return next;
            },
            { replace: true },
          )
        }
        items={[
          { key: 'overview', label: 'Overview', children: <Overview storeId={storeId} product={product} /> },
          {
            key: 'timeline',
            label: 'Stock timeline',
            children: (
              <StockTimeline
                storeId={storeId}
                productId={product.id}
                version={version}
                components={product.type === 'kit' ? product.kit_items : undefined}
              />
            ),
          },
          {
            key: 'edit',
            label: mayUpdate ? 'Edit' : 'Details',
            children: (
              <ProductForm
                // A saved product starts the form afresh from what the server kept.
                key={formVersion}
                storeId={storeId}
                product={product}
                readOnly={!mayUpdate}
                onSaved={saved}
              />
            ),
          },
        ]}
      />
    </>
  );
}

function Overview({ storeId, product }: { storeId: string; product: ProductDetailDto }) {
  const figures =
    product.type === 'kit'
      ? kitFigures(
          product.kit_items.map((item) => ({
            sku: item.sku,
            available: item.available,
            quantity: item.quantity,
          })),
        )
      : null;

  return (
    <Flex vertical gap={16}>
      <Card>
        <Row gutter={[24, 16]}>
          {product.type === 'product' ? (
            <Col>
              <Statistic title="On hand" value={product.quantity} />
            </Col>
          ) : null}
          <Col>
            <Statistic
              title={product.type === 'kit' ? 'Kits available' : 'Available'}
              value={product.available}
            />
          </Col>
          {figures && figures.limiting.length > 0 ? (
            <Col>
              <Statistic title="Limited by" value={figures.limiting.join(', ')} />
            </Col>
          ) : null}
          <Col>
            <Statistic title="Price" value={formatMoney(product.price) || '—'} />
          </Col>
          <Col>
            <Statistic title="Auto sync stock" value={product.auto_sync_stock ? 'On' : 'Off'} />
          </Col>
          <Col>
            <Statistic title="Updated" value={formatDate(product.updated_at)} />
          </Col>
        </Row>
        {product.type === 'product' && product.quantity < 0 ? (
          <Alert
            type="warning"
            showIcon
            style={{ marginTop: 16 }}
            title={`Oversold: ${Math.abs(product.quantity)} more sold than on hand. Channels are told 0.`}
          />
        ) : null}
      </Card>

      {product.type === 'kit' ? (
        <Card title="Components">
          <ComponentsTable storeId={storeId} items={product.kit_items} limiting={figures?.limiting ?? []} />
        </Card>
      ) : (
        <Card title="Used in kits">
          {product.used_in_kits.length === 0 ? (
            <Typography.Text type="secondary">Not used in any kit.</Typography.Text>
          ) : (
            <Flex vertical gap={4} role="list" aria-label="Used in kits">
              {product.used_in_kits.map((kit) => (
                <div key={kit.id} role="listitem">
                  <Link to={routes.productDetail(storeId, kit.id)}>{kit.sku}</Link>{' '}
                  <Typography.Text type="secondary">{kit.title}</Typography.Text>
                </div>
              ))}
            </Flex>
          )}
        </Card>
      )}

      <Card title="Channels">
        <Flex vertical gap={12}>
          <ListedOn channels={product.channels} hasChannels={product.channel_quantities.length > 0} />
          <ChannelQuantities rows={product.channel_quantities} />
        </Flex>
      </Card>

      <Card title="Plugins">
        <PluginQuantities rows={product.plugin_quantities} />
      </Card>
    </Flex>
  );
}

function ComponentsTable({
  storeId,
  items,
  limiting,
}: {
  storeId: string;
  items: KitItemDto[];
  limiting: string[];
}) {
  return (
    <Table<KitItemDto>
      size="small"
      aria-label="Components"
      rowKey="sku"
      pagination={false}
      dataSource={items}
      locale={{ emptyText: 'This kit has no components: it can not be sold.' }}
      columns={[
        {
          key: 'sku',
          title: 'SKU',
          dataIndex: 'sku',
          render: (sku: string, item) => (
            <Link to={routes.productDetail(storeId, item.product_id)}>{sku}</Link>
          ),
        },
        { key: 'title', title: 'Title', dataIndex: 'title' },
        { key: 'quantity', title: 'Units per kit', dataIndex: 'quantity', align: 'right' },
        { key: 'available', title: 'Available', dataIndex: 'available', align: 'right' },
        {
          key: 'allows',
          title: 'Kits it allows',
          align: 'right',
          render: (_value, item) => (
            <Flex gap={6} justify="flex-end" align="center">
              {limiting.includes(item.sku) ? <Tag color="orange">Limits the kit</Tag> : null}
              {kitsAllowedBy({ available: item.available, quantity: item.quantity }) ?? 0}
            </Flex>
          ),
        },
      ]}
    />
  );
}

/**
 * Where the product is listed, from the same field the products list shows (a listing matched to
 * it), so the two screens tell the same story; the table below is what each channel would be told.
 */
function ListedOn({
  channels,
  hasChannels,
}: {
  channels: ProductDetailDto['channels'];
  hasChannels: boolean;
}) {
  if (!hasChannels) return null;
  if (channels.length === 0) {
    return (
      <Typography.Text type="secondary">
        Not listed on any sales channel yet: nothing is sent until a channel lists it. Below is what each
        channel would be told once it does.
      </Typography.Text>
    );
  }
  return (
    <Flex gap={4} wrap align="center">
      <Typography.Text>Listed on</Typography.Text>
      {channels.map((channel) => (
        <Tag key={channel.id}>{channel.name}</Tag>
      ))}
    </Flex>
  );
}

function ChannelQuantities({ rows }: { rows: ProductChannelQuantityDto[] }) {
  if (rows.length === 0) {
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description="No sales channel on this store yet: connect one under Channels to sell this product."
      />
    );
  }
  return (
    <Table<ProductChannelQuantityDto>
      size="small"
      aria-label="Channel quantities"
      rowKey="channel_id"
      pagination={false}
      dataSource={rows}
      columns={[
        {
          key: 'channel',
          title: 'Channel',
          render: (_value, row) => (
            <>
              {row.channel_name} <Typography.Text type="secondary">({row.channel_type})</Typography.Text>
            </>
          ),
        },
        {
          key: 'quantity',
          title: 'Will be told',
          dataIndex: 'quantity',
          align: 'right',
          render: (quantity: number | null) =>
            quantity === null ? <Typography.Text type="secondary">Not told</Typography.Text> : quantity,
        },
        {
          key: 'explanation',
          title: 'Why',
          dataIndex: 'explanation',
          render: (lines: string[]) => (
            <Flex vertical>
              {lines.map((line) => (
                <Typography.Text key={line} type="secondary">
                  {line}
                </Typography.Text>
              ))}
            </Flex>
          ),
        },
        {
          key: 'listing',
          title: 'Listing',
          dataIndex: 'channel_product_id',
          render: (value: number | null) => (value === null ? 'Not listed' : 'Listed'),
        },
      ]}
    />
  );
}

function PluginQuantities({ rows }: { rows: ProductPluginQuantityDto[] }) {
  if (rows.length === 0) {
    return <Typography.Text type="secondary">No fulfilment plugin reports this product.</Typography.Text>;
  }
  return (
    <Table<ProductPluginQuantityDto>
      size="small"
      aria-label="Plugin quantities"
      rowKey="plugin_id"
      pagination={false}
      dataSource={rows}
      columns={[
        { key: 'plugin', title: 'Plugin', dataIndex: 'plugin_name' },
        {
          key: 'quantity',
          title: 'Reported quantity',
          dataIndex: 'quantity',
          align: 'right',
          render: (value: number | null) => value ?? '—',
        },
        {
          key: 'status',
          title: 'Sync status',
          dataIndex: 'plugin_sync_status',
          render: (value: number) => <StatusTag vocabulary={PRODUCT_SYNC_STATUS} value={value} />,
        },
        {
          key: 'synced',
          title: 'Synced',
          dataIndex: 'plugin_synced_at',
          render: (value: string | null) => formatDate(value) || '—',
        },
      ]}
    />
  );
}
