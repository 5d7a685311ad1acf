import { useEffect, useRef, useState } from 'react';
import { Button, Flex, Form, Input, Select } from 'antd';

import {
  createChannelCourierSchema,
  SUCCESS_MESSAGES,
  type ChannelCourierDto,
  type CourierDto,
} from '@syncdesk/contracts';
import { applyServerErrors, notifySuccess, zodRule } from '@syncdesk/web-kit';

import { createChannelCourier, getGlobalCouriers, updateChannelCourier } from './couriers.api';

interface Values {
  courier_id: number | null;
  name: string;
  custom_name: string;
}

export interface ChannelCourierFormProps {
  storeId: string;
  channelId: string;
  courier: ChannelCourierDto | null;
  onCancel(): void;
  onSaved(): void;
}

/**
 * Add or edit how the seller's carrier is named on this channel. Choosing a global courier fills
 * an empty (or still the previous courier's) name, so most couriers need one click.
 */
export function ChannelCourierForm({
  storeId,
  channelId,
  courier,
  onCancel,
  onSaved,
}: ChannelCourierFormProps) {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [globalCouriers, setGlobalCouriers] = useState<CourierDto[] | null>(null);

  useEffect(() => {
    let active = true;
    getGlobalCouriers()
      .then((loaded) => active && setGlobalCouriers(loaded))
      .catch(() => active && setGlobalCouriers([]));
    return () => {
      active = false;
    };
  }, []);

  // The form has already stored the new choice when onChange runs, so the previous one is kept here.
  const previousCourierId = useRef(courier?.courier_id ?? null);
  const chooseCourier = (courierId: number | undefined) => {
    const name = form.getFieldValue('name') as string;
    const previous = globalCouriers?.find((entry) => entry.id === previousCourierId.current);
    const chosen = globalCouriers?.find((entry) => entry.id === courierId);
    previousCourierId.current = courierId ?? null;
    if (chosen && (!name || name === previous?.name)) form.setFieldValue('name', chosen.name);
  };

  const save = async (values: Values) => {
    setSaving(true);
    try {
      // An empty name with a global courier chosen means "the courier's name" (the server fills it).
      const name = values.name?.trim();
      const input = createChannelCourierSchema.parse({
        courier_id: values.courier_id ?? null,
        ...(name ? { name } : {}),
        custom_name: values.custom_name ?? '',
      });
      if (courier) {
        await updateChannelCourier(storeId, channelId, courier.id, input);
        notifySuccess(SUCCESS_MESSAGES.updated);
      } else {
        await createChannelCourier(storeId, channelId, input);
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
        courier_id: courier?.courier_id ?? null,
        name: courier?.name ?? '',
        custom_name: courier?.custom_name ?? '',
      }}
      onFinish={save}
      disabled={saving}
    >
      <Form.Item
        label="Courier"
        name="courier_id"
        extra="A carrier from the global list; leave empty for one that is not listed."
      >
        <Select<number>
          allowClear
          placeholder="Choose a courier"
          loading={globalCouriers === null}
          showSearch={{ optionFilterProp: 'label' }}
          options={(globalCouriers ?? []).map((entry) => ({ value: entry.id, label: entry.name }))}
          onChange={chooseCourier}
        />
      </Form.Item>
      <Form.Item
        label="Name"
        name="name"
        extra="How the channel names this carrier."
        rules={[zodRule(createChannelCourierSchema, 'name')]}
      >
        <Input />
      </Form.Item>
      <Form.Item
        label="Custom name"
        name="custom_name"
        extra="Your own wording; updates of the global list never change it."
        rules={[zodRule(createChannelCourierSchema, 'custom_name')]}
      >
        <Input />
      </Form.Item>
      <Flex justify="flex-end" gap={8}>
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="primary" htmlType="submit" loading={saving}>
          {courier ? 'Save' : 'Add'}
        </Button>
      </Flex>
    </Form>
  );
}
