import { useCallback, useState } from 'react';
import { Button, Card, Form, Input, InputNumber } from 'antd';
import { useNavigate, useParams } from 'react-router';

import { createPickupProductSchema, routes, SUCCESS_MESSAGES } from '@syncdesk/contracts';
import {
  applyServerErrors,
  notifySuccess,
  PageHeader,
  RecordLoadState,
  useRecord,
  zodRule,
} from '@syncdesk/web-kit';

import { ChannelChooser } from '../couriers/ChannelChooser';
import { channelSubtitle, useRouteChannel } from '../couriers/useRouteChannel';
import { ProductSkuSelect } from '../channel-products/ProductSkuSelect';
import { useCan } from '../hooks/useCan';
import { createPickupProduct, getPickupProduct, updatePickupProduct } from './pickups.api';

interface Values {
  product_sku: string;
  title: string;
  quantity: number;
}

/**
 * `…/pickups/{pickupId}/create` and `…/pickups/{pickupId}/{productId}`: a product waiting at a
 * pickup store. Its pickup steps are taken from the pickup store's product table.
 */
export function PickupProductFormPage() {
  const { storeId = '', channelId, pickupId = '', productId } = useParams();
  if (!channelId) {
    return (
      <ChannelChooser
        title="Pickup stores"
        storeId={storeId}
        // The same product (or the add form) of the same pickup store, under the chosen channel.
        routeFor={(id) =>
          productId
            ? routes.channelPickupProductDetail(storeId, id, pickupId, productId)
            : routes.channelPickupProductCreate(storeId, id, pickupId)
        }
      />
    );
  }
  return (
    <PickupProductForm
      key={productId ?? 'new'}
      storeId={storeId}
      channelId={channelId}
      pickupId={pickupId}
      productId={productId}
    />
  );
}

function PickupProductForm({
  storeId,
  channelId,
  pickupId,
  productId,
}: {
  storeId: string;
  channelId: string;
  pickupId: string;
  productId: string | undefined;
}) {
  const { channel, failed: channelFailed } = useRouteChannel();
  const navigate = useNavigate();
  const can = useCan();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const load = useCallback(
    (id: string) => getPickupProduct(storeId, channelId, pickupId, id),
    [storeId, channelId, pickupId],
  );
  const { record: product, failed } = useRecord(productId, load);
  const readOnly = !can('channels.update');
  // Searching the store's products needs products.read; without it the SKU is typed.
  const mayPickProduct = can('products.read');
  const pickupPage = routes.channelPickupDetail(storeId, channelId, pickupId);

  const back = <Button onClick={() => void navigate(pickupPage)}>Back to pickup store</Button>;
  if (failed || (productId !== undefined && !product))
    return <RecordLoadState title="Pickup product" noun="product" actions={back} failed={failed} />;

  const save = async (values: Values) => {
    setSaving(true);
    try {
      const input = createPickupProductSchema.parse({ ...values, title: values.title ?? '' });
      if (product) {
        await updatePickupProduct(storeId, channelId, pickupId, product.id, input);
        notifySuccess(SUCCESS_MESSAGES.updated);
      } else {
        await createPickupProduct(storeId, channelId, pickupId, input);
        notifySuccess(SUCCESS_MESSAGES.created);
      }
      void navigate(pickupPage);
    } catch (error) {
      applyServerErrors(form, error);
      setSaving(false);
    }
  };

  return (
    <>
      <PageHeader
        title={product ? product.product_sku : 'Add pickup product'}
        subtitle={channelSubtitle(channel, channelFailed)}
        actions={back}
      />
      <Card>
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={{
            product_sku: product?.product_sku ?? '',
            title: product?.title ?? '',
            quantity: product?.quantity ?? 1,
          }}
          onFinish={save}
          disabled={saving || readOnly}
          style={{ maxWidth: 560 }}
        >
          <Form.Item
            label="Product"
            name="product_sku"
            rules={[zodRule(createPickupProductSchema, 'product_sku')]}
            extra={mayPickProduct ? 'One of the store’s products, by SKU or title.' : undefined}
          >
            {mayPickProduct ? (
              <ProductSkuSelect
                storeId={storeId}
                onChange={(_sku, picked) => {
                  // The product's title is the natural default; one typed by hand is kept.
                  if (picked && !form.getFieldValue('title')) form.setFieldValue('title', picked.title);
                }}
              />
            ) : (
              <Input autoFocus />
            )}
          </Form.Item>
          <Form.Item label="Title" name="title" rules={[zodRule(createPickupProductSchema, 'title')]}>
            <Input />
          </Form.Item>
          <Form.Item
            label="Quantity"
            name="quantity"
            rules={[zodRule(createPickupProductSchema, 'quantity')]}
          >
            <InputNumber min={1} precision={0} />
          </Form.Item>
          {!readOnly ? (
            <Button type="primary" htmlType="submit" loading={saving}>
              {product ? 'Save' : 'Add product'}
            </Button>
          ) : null}
        </Form>
      </Card>
    </>
  );
}
