import { useMemo, useState } from 'react';
import { Button, Card, Flex, Form, Input, Popconfirm, Table } from 'antd';

import {
  customOrderStatusSchema,
  SUCCESS_MESSAGES,
  type CustomOrderStatusDto,
  type CustomOrderStatusInput,
} from '@syncdesk/contracts';
import { applyServerErrors, notifySuccess, useListQuery, zodRule } from '@syncdesk/web-kit';

import {
  createHostedStatus,
  deleteHostedStatus,
  hostedClient,
  hostedStatusesPath,
  updateHostedStatus,
} from '../api/hosted-visitor.api';

/**
 * A hosted channel's custom order statuses: the status text the channel sends and the name people
 * read for it. Added with the two inputs above the table, changed and deleted in the row.
 */
export function HostedCustomStatuses({ token, channelId }: { token: string; channelId: number }) {
  const client = useMemo(() => hostedClient(token), [token]);
  const query = useListQuery<CustomOrderStatusDto>(hostedStatusesPath(channelId), { client });
  const [addForm] = Form.useForm<CustomOrderStatusInput>();
  const [editForm] = Form.useForm<CustomOrderStatusInput>();
  const [adding, setAdding] = useState(false);
  const [editingId, setEditingId] = useState<number | null>(null);

  const add = async (values: CustomOrderStatusInput) => {
    setAdding(true);
    try {
      await createHostedStatus(token, channelId, customOrderStatusSchema.parse(values));
      notifySuccess(SUCCESS_MESSAGES.created);
      addForm.resetFields();
      query.reload();
    } catch (error) {
      applyServerErrors(addForm, error);
    } finally {
      setAdding(false);
    }
  };

  const saveEdit = async (status: CustomOrderStatusDto) => {
    let values: CustomOrderStatusInput;
    try {
      values = await editForm.validateFields();
    } catch {
      return;
    }
    try {
      await updateHostedStatus(token, channelId, status.id, customOrderStatusSchema.parse(values));
      notifySuccess(SUCCESS_MESSAGES.updated);
      setEditingId(null);
      query.reload();
    } catch (error) {
      applyServerErrors(editForm, error);
    }
  };

  const remove = async (status: CustomOrderStatusDto) => {
    try {
      await deleteHostedStatus(token, channelId, status.id);
      notifySuccess(SUCCESS_MESSAGES.deleted);
      query.reload();
    } catch {
      // Notified by the api client's error handler.
    }
  };

  const cell = (status: CustomOrderStatusDto, field: keyof CustomOrderStatusInput, label: string) =>
    status.id === editingId ? (
      <Form.Item name={field} rules={[zodRule(customOrderStatusSchema, field)]} style={{ margin: 0 }}>
        <Input aria-label={label} onPressEnter={() => void saveEdit(status)} />
      </Form.Item>
    ) : (
      status[field]
    );

  return (
    <Card title="Custom order statuses">
      <Flex vertical gap={12}>
        <Form form={addForm} layout="inline" onFinish={add} disabled={adding}>
          <Form.Item name="custom_status" rules={[zodRule(customOrderStatusSchema, 'custom_status')]}>
            <Input placeholder="Status the channel sends" aria-label="Custom status" />
          </Form.Item>
          <Form.Item name="friendly_status" rules={[zodRule(customOrderStatusSchema, 'friendly_status')]}>
            <Input placeholder="Name to show" aria-label="Friendly status" />
          </Form.Item>
          <Button htmlType="submit" loading={adding}>
            Add status
          </Button>
        </Form>
        <Form form={editForm} component={false}>
          <Table<CustomOrderStatusDto>
            rowKey="id"
            size="small"
            loading={query.loading}
            dataSource={query.data}
            pagination={false}
            locale={{ emptyText: 'No custom order statuses yet' }}
            columns={[
              {
                key: 'custom_status',
                title: 'Custom status',
                render: (_value, status) => cell(status, 'custom_status', 'Edit custom status'),
              },
              {
                key: 'friendly_status',
                title: 'Friendly status',
                render: (_value, status) => cell(status, 'friendly_status', 'Edit friendly status'),
              },
              {
                key: 'actions',
                title: 'Actions',
                render: (_value, status) =>
                  status.id === editingId ? (
                    <Flex gap={8}>
                      <Button size="small" type="primary" onClick={() => void saveEdit(status)}>
                        Save
                      </Button>
                      <Button size="small" onClick={() => setEditingId(null)}>
                        Cancel
                      </Button>
                    </Flex>
                  ) : (
                    <Flex gap={8}>
                      <Button
                        size="small"
                        disabled={editingId !== null}
                        onClick={() => {
                          editForm.setFieldsValue({
                            custom_status: status.custom_status,
                            friendly_status: status.friendly_status,
                          });
                          setEditingId(status.id);
                        }}
                      >
                        Edit
                      </Button>
                      <Popconfirm
                        title={`Delete ${status.custom_status}?`}
                        okText="Delete"
                        okButtonProps={{ danger: true }}
                        onConfirm={() => remove(status)}
                      >
                        <Button size="small" danger>
                          Delete
                        </Button>
                      </Popconfirm>
                    </Flex>
                  ),
              },
            ]}
          />
        </Form>
      </Flex>
    </Card>
  );
}
