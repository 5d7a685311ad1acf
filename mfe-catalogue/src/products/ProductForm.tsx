import { useEffect, useState } from 'react';
import { Button, Card, Form, Input, InputNumber, Radio, Switch } from 'antd';

import { SUCCESS_MESSAGES, type ProductDetailDto, type ProductType } from '@syncdesk/contracts';
import { applyServerErrors, notifySuccess } from '@syncdesk/web-kit';

import { KitEditor, type KitComponentValue } from './KitEditor';
import { createProduct, updateProduct, type ProductInput } from './products.api';

export interface ProductFormValues {
  sku: string;
  title: string;
  type: ProductType;
  quantity: number | null;
  price: string | null;
  nominal_code: string;
  barcode: string;
  auto_sync_stock: boolean;
  kit_items: KitComponentValue[];
}

export interface ProductFormProps {
  storeId: string;
  /** The product being edited; absent on the create page. */
  product?: ProductDetailDto;
  readOnly?: boolean;
  onSaved(product: ProductDetailDto): void;
}

export const QUANTITY_EDIT_HELP =
  'Units on hand. Changing it records a manual stock movement in the stock timeline.';

function initialValues(product: ProductDetailDto | undefined): ProductFormValues {
  return {
    sku: product?.sku ?? '',
    title: product?.title ?? '',
    type: product?.type ?? 'product',
    quantity: product ? product.quantity : 0,
    price: product?.price ?? null,
    nominal_code: product?.nominal_code ?? '',
    barcode: product?.barcode ?? '',
    auto_sync_stock: product?.auto_sync_stock ?? true,
    kit_items: (product?.kit_items ?? []).map((item) => ({
      sku: item.sku,
      product_nominal_code: item.product_nominal_code,
      quantity: item.quantity,
      title: item.title,
      available: item.available,
    })),
  };
}

const emptyToNull = (value: string | null | undefined) => {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? null : trimmed;
};

/** A price as the api keeps it: a decimal string with two places, or null for none. */
function priceOf(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined || String(value).trim() === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number.toFixed(2) : String(value);
}

/**
 * The body for create or update. On update the quantity is sent only when the user changed it:
 * sending the figure loaded with the page would overwrite every stock movement made since
 * (an order, another tab), which is exactly the lost update the stock ledger exists to prevent.
 */
export function productInput(
  values: ProductFormValues,
  product: ProductDetailDto | undefined,
  quantityChanged: boolean,
): ProductInput {
  const input: ProductInput = {
    sku: values.sku.trim(),
    title: values.title.trim(),
    type: values.type,
    price: priceOf(values.price),
    nominal_code: emptyToNull(values.nominal_code),
    barcode: emptyToNull(values.barcode),
    auto_sync_stock: values.auto_sync_stock,
  };
  if (values.type === 'kit') {
    input.kit_items = (values.kit_items ?? []).map((item) => ({
      sku: item.sku,
      product_nominal_code: item.product_nominal_code,
      quantity: item.quantity ?? 0,
    }));
  } else if (!product || (quantityChanged && values.quantity !== product.quantity)) {
    input.quantity = values.quantity ?? 0;
  }
  return input;
}

/**
 * Create or edit a product or kit (spec §3 Product, Kit item). Keyboard first: every field has a
 * label, Enter submits, and the server's 422 field messages land under their fields.
 */
export function ProductForm({ storeId, product, readOnly = false, onSaved }: ProductFormProps) {
  const [form] = Form.useForm<ProductFormValues>();
  const [saving, setSaving] = useState(false);
  const type = Form.useWatch('type', form) ?? product?.type ?? 'product';

  // Live figures while the form is open: an untouched quantity follows the server's, and the kit
  // lines' available figures follow their components, so the preview stays true.
  const liveQuantity = product?.quantity;
  const liveItems = product?.kit_items;
  useEffect(() => {
    if (liveQuantity !== undefined && !form.isFieldTouched('quantity')) {
      form.setFieldValue('quantity', liveQuantity);
    }
  }, [form, liveQuantity]);
  useEffect(() => {
    if (!liveItems) return;
    const available = new Map(liveItems.map((item) => [item.sku, item.available]));
    const lines = (form.getFieldValue('kit_items') ?? []) as KitComponentValue[];
    if (lines.some((line) => available.has(line.sku) && available.get(line.sku) !== line.available)) {
      form.setFieldValue(
        'kit_items',
        lines.map((line) =>
          available.has(line.sku) ? { ...line, available: available.get(line.sku) ?? null } : line,
        ),
      );
    }
  }, [form, liveItems]);

  const save = async () => {
    setSaving(true);
    try {
      const values = form.getFieldsValue(true) as ProductFormValues;
      const input = productInput(values, product, form.isFieldTouched('quantity'));
      const saved = product
        ? await updateProduct(storeId, product.id, input)
        : await createProduct(storeId, input);
      notifySuccess(product ? SUCCESS_MESSAGES.updated : SUCCESS_MESSAGES.created);
      form.setFields([{ name: 'quantity', touched: false }]);
      onSaved(saved);
    } catch (error) {
      applyServerErrors(form, error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card>
      <Form<ProductFormValues>
        form={form}
        layout="vertical"
        initialValues={initialValues(product)}
        onFinish={() => void save()}
        disabled={saving || readOnly}
        style={{ maxWidth: 720 }}
      >
        <Form.Item
          label="SKU"
          name="sku"
          rules={[{ required: true, whitespace: true, message: 'Enter the SKU.' }]}
        >
          <Input autoFocus={!product} maxLength={191} />
        </Form.Item>
        <Form.Item
          label="Title"
          name="title"
          rules={[{ required: true, whitespace: true, message: 'Enter the title.' }]}
        >
          <Input maxLength={255} />
        </Form.Item>
        <Form.Item
          label="Type"
          name="type"
          extra={
            product
              ? 'The type is chosen when the product is created.'
              : 'A kit is sold as one item and built from other products.'
          }
        >
          <Radio.Group
            disabled={Boolean(product) || saving || readOnly}
            options={[
              { value: 'product', label: 'Product' },
              { value: 'kit', label: 'Kit' },
            ]}
          />
        </Form.Item>
        {type === 'product' ? (
          <Form.Item
            label="Quantity on hand"
            name="quantity"
            extra={product ? QUANTITY_EDIT_HELP : 'Units on hand now.'}
            rules={[{ required: true, message: 'Enter the quantity on hand.' }]}
          >
            <InputNumber<number> precision={0} min={0} style={{ width: 160 }} />
          </Form.Item>
        ) : null}
        <Form.Item label="Price" name="price">
          <InputNumber<string> stringMode min="0" precision={2} prefix="£" style={{ width: 160 }} />
        </Form.Item>
        <Form.Item label="Nominal code" name="nominal_code">
          <Input maxLength={191} />
        </Form.Item>
        <Form.Item label="Barcode" name="barcode">
          <Input maxLength={191} />
        </Form.Item>
        <Form.Item
          label="Auto sync stock"
          name="auto_sync_stock"
          valuePropName="checked"
          extra="When on, channels with auto sync stock are told this product's quantity."
        >
          <Switch />
        </Form.Item>
        {type === 'kit' ? (
          <Form.Item label="Components" required>
            <KitEditor storeId={storeId} kitId={product?.id} disabled={saving || readOnly} />
          </Form.Item>
        ) : null}
        {!readOnly ? (
          <Button type="primary" htmlType="submit" loading={saving}>
            {product ? 'Save' : type === 'kit' ? 'Create kit' : 'Create product'}
          </Button>
        ) : null}
      </Form>
    </Card>
  );
}
