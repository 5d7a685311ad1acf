import { useCallback, useState } from 'react';
import { Button, Card, Descriptions, Popconfirm, Typography } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';

import { PLUGIN_SYNC_STATUS, routes, SUCCESS_MESSAGES, type PluginProductDto } from '@syncdesk/contracts';
import {
  formatDate,
  notifySuccess,
  PageHeader,
  RecordLoadState,
  StatusTag,
  useRecord,
} from '@syncdesk/web-kit';

import { useCatalogueRefresh } from '../channel-products/useCatalogueRefresh';
import { useCan } from '../hooks/useCan';
import { PluginChooser } from './PluginChooser';
import { deletePluginProducts, getPluginProduct, resendPluginProduct } from './plugin-products.api';
import { pluginSubtitle, useRoutePlugin } from './useRoutePlugin';

/** `/stores/{storeId}/plugins/{pluginId?}/products/{productId}`: one product as a plugin holds it. */
export function PluginProductDetailPage() {
  const { storeId = '', pluginId, productId = '' } = useParams();
  if (!pluginId) {
    return (
      <PluginChooser
        title="Plugin products"
        storeId={storeId}
        routeFor={(id) => routes.pluginProducts(storeId, id)}
      />
    );
  }
  return (
    <PluginProductDetail
      key={`${pluginId}/${productId}`}
      storeId={storeId}
      pluginId={pluginId}
      productId={productId}
    />
  );
}

function PluginProductDetail({
  storeId,
  pluginId,
  productId,
}: {
  storeId: string;
  pluginId: string;
  productId: string;
}) {
  const { plugin, failed: pluginFailed } = useRoutePlugin();
  const navigate = useNavigate();
  const can = useCan();
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((current) => current + 1), []);
  const load = useCallback(
    (id: string) => getPluginProduct(storeId, pluginId, id),
    // `version` is a dependency on purpose: a new loader makes useRecord fetch again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [storeId, pluginId, version],
  );
  const { record: product, setRecord, failed } = useRecord(productId, load);
  const [busy, setBusy] = useState<'resend' | 'delete' | null>(null);

  useCatalogueRefresh(
    { storeId, subject: 'plugin_products', pluginId, ids: product ? [product.id] : undefined },
    reload,
  );

  const list = routes.pluginProducts(storeId, pluginId);
  const back = <Button onClick={() => void navigate(list)}>Back to plugin products</Button>;
  if (failed || !product)
    return <RecordLoadState title="Plugin product" noun="plugin product" actions={back} failed={failed} />;

  const resend = async () => {
    setBusy('resend');
    try {
      const saved = await resendPluginProduct(storeId, pluginId, product.id);
      notifySuccess(`${product.sku} will be sent to the plugin again.`);
      if (saved) setRecord(saved);
      else reload();
    } catch {
      // Notified by the api client's error handler.
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    setBusy('delete');
    try {
      await deletePluginProducts(storeId, pluginId, { rows: [product] });
      notifySuccess(SUCCESS_MESSAGES.deleted);
      void navigate(list);
    } catch {
      // Notified by the api client's error handler.
      setBusy(null);
    }
  };

  const dash = <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <>
      <PageHeader
        title={`${product.sku} · ${product.title}`}
        subtitle={pluginSubtitle(plugin, pluginFailed)}
        actions={
          <>
            {back}
            {can('products.update') ? (
              <Button type="primary" loading={busy === 'resend'} onClick={() => void resend()}>
                Resend
              </Button>
            ) : null}
            {can('products.delete') ? (
              <Popconfirm
                title="Delete this plugin product?"
                description="It is removed from Syncdesk, not from the plugin."
                okText="Delete"
                okButtonProps={{ danger: true }}
                onConfirm={remove}
              >
                <Button danger loading={busy === 'delete'}>
                  Delete
                </Button>
              </Popconfirm>
            ) : null}
          </>
        }
      />
      <Card>
        <Descriptions column={{ xs: 1, md: 2 }} size="small">
          <Descriptions.Item label="SKU">
            <Link to={routes.productDetail(storeId, product.product_id)}>{product.sku}</Link>
          </Descriptions.Item>
          <Descriptions.Item label="Title">{product.title}</Descriptions.Item>
          <Descriptions.Item label="Remote ID">{product.remote_id ?? dash}</Descriptions.Item>
          <Descriptions.Item label="Plugin quantity">{quantityText(product)}</Descriptions.Item>
          <Descriptions.Item label="Sync status">
            <StatusTag vocabulary={PLUGIN_SYNC_STATUS} value={product.plugin_sync_status} />
          </Descriptions.Item>
          <Descriptions.Item label="Synced at">
            {formatDate(product.plugin_synced_at) || dash}
          </Descriptions.Item>
          <Descriptions.Item label="Updated">{formatDate(product.updated_at)}</Descriptions.Item>
        </Descriptions>
      </Card>
    </>
  );
}

function quantityText(product: PluginProductDto) {
  return product.quantity === null ? (
    <Typography.Text type="secondary">Not reported yet</Typography.Text>
  ) : (
    product.quantity
  );
}
