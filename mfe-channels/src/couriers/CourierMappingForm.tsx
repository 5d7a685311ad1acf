import { useState } from 'react';
import { Button, Flex, Form, Input, Select } from 'antd';

import {
  createCourierMappingSchema,
  SUCCESS_MESSAGES,
  type ChannelCourierDto,
  type CourierMappingDto,
} from '@syncdesk/contracts';
import { applyServerErrors, notifySuccess, zodRule } from '@syncdesk/web-kit';

import { createCourierMapping, updateCourierMapping } from './couriers.api';

interface Values {
  shipping_method: string;
  channel_courier_id?: number;
  service_code: string;
}

export interface CourierMappingFormProps {
  storeId: string;
  channelId: string;
  mapping: CourierMappingDto | null;
  /** The channel's couriers; a mapping can only point to one of them. */
  couriers: ChannelCourierDto[];
  onCancel(): void;
  onSaved(): void;
}

export const courierLabel = (courier: Pick<ChannelCourierDto, 'name' | 'custom_name'>) =>
  courier.custom_name ? `${courier.custom_name} (${courier.name})` : courier.name;

/** Add or edit one "shipping method → courier" rule of the channel. */
export function CourierMappingForm({
  storeId,
  channelId,
  mapping,
  couriers,
  onCancel,
  onSaved,
}: CourierMappingFormProps) {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  const save = async (values: Values) => {
    setSaving(true);
    try {
      const input = createCourierMappingSchema.parse({ ...values, service_code: values.service_code ?? '' });
      if (mapping) {
        await updateCourierMapping(storeId, channelId, mapping.id, input);
        notifySuccess(SUCCESS_MESSAGES.updated);
      } else {
        await createCourierMapping(storeId, channelId, input);
        notifySuccess(SUCCESS_MESSAGES.created);
      }
      onSaved();
    } catch (error) {
      applyServerErrors(form, error);
      setSaving(false);
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={{
        shipping_method: mapping?.shipping_method ?? '',
        channel_courier_id: mapping?.channel_courier_id,
        service_code: mapping?.service_code ?? '',
      }}
      onFinish={save}
      disabled={saving}
    >
      <Form.Item
        label="Shipping method"
        name="shipping_method"
        extra="Exactly as the channel's orders name it."
        rules={[zodRule(createCourierMappingSchema, 'shipping_method')]}
      >
        <Input autoFocus />
      </Form.Item>
      <Form.Item
        label="Courier"
        name="channel_courier_id"
        rules={[zodRule(createCourierMappingSchema, 'channel_courier_id')]}
      >
        <Select<number>
          placeholder="Choose a courier"
          showSearch={{ optionFilterProp: 'label' }}
          options={couriers.map((courier) => ({ value: courier.id, label: courierLabel(courier) }))}
          notFoundContent="Add couriers to this channel first"
        />
      </Form.Item>
      <Form.Item
        label="Service code"
        name="service_code"
        extra="Optional: the carrier's service, e.g. tracked-48."
        rules={[zodRule(createCourierMappingSchema, 'service_code')]}
      >
        <Input />
      </Form.Item>
      <Flex justify="flex-end" gap={8}>
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="primary" htmlType="submit" loading={saving}>
          {mapping ? 'Save' : 'Add'}
        </Button>
      </Flex>
    </Form>
  );
}
