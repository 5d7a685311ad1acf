import { useState } from 'react';
import { Button, Form, InputNumber, Modal, Radio } from 'antd';

import { SUCCESS_MESSAGES, type ProductDetailDto } from '@syncdesk/contracts';
import { applyServerErrors, notifySuccess } from '@syncdesk/web-kit';

import { updateProduct } from './products.api';

type Mode = 'set' | 'change';

interface Values {
  mode: Mode;
  quantity: number | null;
  stock_delta: number | null;
}

export interface AdjustStockButtonProps {
  storeId: string;
  product: ProductDetailDto;
  onAdjusted(product: ProductDetailDto): void;
}

const MODES: { value: Mode; label: string }[] = [
  { value: 'set', label: 'Set the counted figure' },
  { value: 'change', label: 'Add or remove units' },
];

/**
 * "Adjust stock": set a new on-hand figure (after a count, or to correct one), or add or remove
 * units (goods in, breakage). Either way the server writes one manual movement to the ledger, so
 * the timeline says who changed what. Adding or removing is the safe choice while orders are
 * coming in: it is applied to whatever is on hand when it arrives, so no sale is overwritten.
 */
export function AdjustStockButton({ storeId, product, onAdjusted }: AdjustStockButtonProps) {
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<Values>();
  const mode = Form.useWatch('mode', form) ?? 'set';

  const save = async (values: Values) => {
    setSaving(true);
    try {
      const saved = await updateProduct(
        storeId,
        product.id,
        values.mode === 'change'
          ? { stock_delta: values.stock_delta ?? 0 }
          : { quantity: values.quantity ?? 0 },
      );
      notifySuccess(SUCCESS_MESSAGES.updated);
      setOpen(false);
      onAdjusted(saved);
    } catch (error) {
      applyServerErrors(form, error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Button
        onClick={() => {
          form.setFieldsValue({ mode: 'set', quantity: product.quantity, stock_delta: null });
          setOpen(true);
        }}
      >
        Adjust stock
      </Button>
      <Modal
        open={open}
        title={`Adjust stock of ${product.sku}`}
        okText="Save stock"
        confirmLoading={saving}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        forceRender
      >
        <Form<Values>
          form={form}
          layout="vertical"
          onFinish={(values) => void save(values)}
          disabled={saving}
          initialValues={{ mode: 'set', quantity: product.quantity, stock_delta: null }}
        >
          <Form.Item label="How" name="mode">
            <Radio.Group options={MODES} />
          </Form.Item>
          {mode === 'set' ? (
            <Form.Item
              label="New quantity on hand"
              name="quantity"
              extra={`Now ${product.quantity} on hand.`}
              rules={[
                { required: true, message: 'Enter the new quantity on hand.' },
                { type: 'number', min: 0, message: 'The quantity on hand can not be below 0.' },
              ]}
            >
              <InputNumber<number> precision={0} min={0} autoFocus style={{ width: 160 }} />
            </Form.Item>
          ) : (
            <Form.Item
              label="Units to add (negative to remove)"
              name="stock_delta"
              extra={`Now ${product.quantity} on hand.`}
              rules={[
                { required: true, message: 'Enter how many units to add or remove.' },
                {
                  validator: async (_rule, value: number | null) => {
                    if (value === 0) throw new Error('Enter a change other than 0.');
                  },
                },
              ]}
            >
              <InputNumber<number> precision={0} autoFocus style={{ width: 160 }} />
            </Form.Item>
          )}
        </Form>
      </Modal>
    </>
  );
}
