import { useState } from 'react';
import { Button, Col, Form, Input, Row, Switch } from 'antd';

import { createPickupStoreSchema, type PickupStoreDto } from '@syncdesk/contracts';
import { applyServerErrors, zodRule } from '@syncdesk/web-kit';

import { createPickupStore, updatePickupStore } from './pickups.api';

interface Values {
  name: string;
  address_line1: string;
  address_line2: string;
  city: string;
  postcode: string;
  country_code: string;
  phone: string;
  is_active: boolean;
}

export interface PickupStoreFormProps {
  storeId: string;
  channelId: string;
  pickup: PickupStoreDto | null;
  readOnly: boolean;
  onSaved(saved: PickupStoreDto): void;
}

const rule = (field: keyof Values) => [zodRule(createPickupStoreSchema, field)];

/**
 * A pickup store's name, address and phone. Switching it on or off is the status-update call
 * (the list's switch); here only a new store chooses whether it starts active.
 */
export function PickupStoreForm({ storeId, channelId, pickup, readOnly, onSaved }: PickupStoreFormProps) {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  const save = async (values: Values) => {
    setSaving(true);
    try {
      const input = createPickupStoreSchema.parse({
        ...values,
        address_line2: values.address_line2 ?? '',
        phone: values.phone ?? '',
      });
      if (pickup) {
        const { is_active: _unchanged, ...details } = input;
        onSaved(await updatePickupStore(storeId, channelId, pickup.id, details));
      } else {
        onSaved(await createPickupStore(storeId, channelId, input));
      }
    } catch (error) {
      applyServerErrors(form, error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={{
        name: pickup?.name ?? '',
        address_line1: pickup?.address_line1 ?? '',
        address_line2: pickup?.address_line2 ?? '',
        city: pickup?.city ?? '',
        postcode: pickup?.postcode ?? '',
        country_code: pickup?.country_code ?? '',
        phone: pickup?.phone ?? '',
        is_active: pickup?.is_active ?? true,
      }}
      onFinish={save}
      disabled={saving || readOnly}
      style={{ maxWidth: 720 }}
    >
      <Form.Item label="Name" name="name" rules={rule('name')}>
        <Input autoFocus={!pickup} />
      </Form.Item>
      <Form.Item label="Address line 1" name="address_line1" rules={rule('address_line1')}>
        <Input />
      </Form.Item>
      <Form.Item label="Address line 2" name="address_line2" rules={rule('address_line2')}>
        <Input />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={10}>
          <Form.Item label="City" name="city" rules={rule('city')}>
            <Input />
          </Form.Item>
        </Col>
        <Col xs={12} sm={8}>
          <Form.Item label="Postcode" name="postcode" rules={rule('postcode')}>
            <Input />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6}>
          <Form.Item
            label="Country code"
            name="country_code"
            extra="Two letters, e.g. GB."
            rules={rule('country_code')}
          >
            <Input maxLength={2} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label="Phone" name="phone" rules={rule('phone')}>
        <Input type="tel" />
      </Form.Item>
      {!pickup ? (
        <Form.Item label="Active" name="is_active" valuePropName="checked">
          <Switch />
        </Form.Item>
      ) : null}
      {!readOnly ? (
        <Button type="primary" htmlType="submit" loading={saving}>
          {pickup ? 'Save' : 'Create pickup store'}
        </Button>
      ) : null}
    </Form>
  );
}
