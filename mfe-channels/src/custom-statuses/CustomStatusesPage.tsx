import { useCallback, useState } from 'react';
import { Button, Card, Flex, Form, Input, Popconfirm } from 'antd';
import { useNavigate, useParams } from 'react-router';

import {
  customOrderStatusSchema,
  ROUTE_PATTERNS,
  SUCCESS_MESSAGES,
  type CustomOrderStatusDto,
  type CustomOrderStatusInput,
} from '@syncdesk/contracts';
import {
  applyServerErrors,
  DataTable,
  notifySuccess,
  PageHeader,
  RecordLoadState,
  useListQuery,
  useRecord,
  zodRule,
  type DataTableColumn,
} from '@syncdesk/web-kit';

import { useCan } from '../hooks/useCan';
import {
  createCustomStatus,
  customStatusesPath,
  deleteCustomStatus,
  getSalesChannel,
  updateCustomStatus,
} from './custom-statuses.api';

/**
 * `/stores/:storeId/channels/:channelId/custom-statuses`: the channel's own order statuses and the
 * names people read for them. Added with the two inputs above the table, changed in the row.
 */
export function CustomStatusesPage() {
  const { storeId = '', channelId = '' } = useParams();
  const load = useCallback((id: string) => getSalesChannel(storeId, id), [storeId]);
  const { record: channel, failed } = useRecord(channelId, load);
  const query = useListQuery<CustomOrderStatusDto>(customStatusesPath(storeId, channelId));
  const navigate = useNavigate();
  const editable = useCan()('channels.update');
  const [addForm] = Form.useForm<CustomOrderStatusInput>();
  const [editForm] = Form.useForm<CustomOrderStatusInput>();
  const [adding, setAdding] = useState(false);
  const [editingId, setEditingId] = useState<number | null>(null);
  const [savingEdit, setSavingEdit] = useState(false);

  const back = <Button onClick={() => void navigate(ROUTE_PATTERNS.channels)}>Back to channels</Button>;
  if (failed || !channel)
    return <RecordLoadState title="Custom order statuses" noun="channel" actions={back} failed={failed} />;

  const add = async (values: CustomOrderStatusInput) => {
    setAdding(true);
    try {
      await createCustomStatus(storeId, channelId, customOrderStatusSchema.parse(values));
      notifySuccess(SUCCESS_MESSAGES.created);
      addForm.resetFields();
      query.reload();
    } catch (error) {
      applyServerErrors(addForm, error);
    } finally {
      setAdding(false);
    }
  };

  const startEditing = (status: CustomOrderStatusDto) => {
    editForm.setFieldsValue({ custom_status: status.custom_status, friendly_status: status.friendly_status });
    setEditingId(status.id);
  };

  const saveEdit = async (status: CustomOrderStatusDto) => {
    let values: CustomOrderStatusInput;
    try {
      values = await editForm.validateFields();
    } catch {
      return; // The row shows what is wrong.
    }
    setSavingEdit(true);
    try {
      await updateCustomStatus(storeId, channelId, status.id, customOrderStatusSchema.parse(values));
      notifySuccess(SUCCESS_MESSAGES.updated);
      setEditingId(null);
      query.reload();
    } catch (error) {
      applyServerErrors(editForm, error);
    } finally {
      setSavingEdit(false);
    }
  };

  const remove = async (status: CustomOrderStatusDto) => {
    try {
      await deleteCustomStatus(storeId, channelId, status.id);
      notifySuccess(SUCCESS_MESSAGES.deleted);
      query.reload();
    } catch {
      // Notified by the api client's error handler (the spec's own text when a delete fails).
    }
  };

  const editCell = (status: CustomOrderStatusDto, field: keyof CustomOrderStatusInput, label: string) => (
    <Form.Item name={field} rules={[zodRule(customOrderStatusSchema, field)]} style={{ margin: 0 }}>
      <Input aria-label={label} onPressEnter={() => void saveEdit(status)} />
    </Form.Item>
  );

  const columns: DataTableColumn<CustomOrderStatusDto>[] = [
    {
      key: 'custom_status',
      title: 'Custom status',
      render: (_value, status) =>
        status.id === editingId
          ? editCell(status, 'custom_status', 'Edit custom status')
          : status.custom_status,
    },
    {
      key: 'friendly_status',
      title: 'Friendly status',
      render: (_value, status) =>
        status.id === editingId
          ? editCell(status, 'friendly_status', 'Edit friendly status')
          : status.friendly_status,
    },
  ];
  if (editable) {
    columns.push({
      key: 'actions',
      title: 'Actions',
      render: (_value, status) =>
        status.id === editingId ? (
          <Flex gap={8}>
            <Button size="small" type="primary" loading={savingEdit} onClick={() => void saveEdit(status)}>
              Save
            </Button>
            <Button size="small" onClick={() => setEditingId(null)}>
              Cancel
            </Button>
          </Flex>
        ) : (
          <Flex gap={8}>
            <Button size="small" onClick={() => startEditing(status)} disabled={editingId !== null}>
              Edit
            </Button>
            <Popconfirm
              title={`Delete ${status.custom_status}?`}
              description="Orders with this status show it as the channel sends it."
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
    });
  }

  return (
    <>
      <PageHeader title="Custom order statuses" subtitle={`Channel: ${channel.name}`} actions={back} />
      <Card>
        {editable ? (
          <Form
            form={addForm}
            layout="inline"
            onFinish={add}
            disabled={adding}
            style={{ marginBottom: 16, rowGap: 8 }}
          >
            <Form.Item
              label="Custom status"
              name="custom_status"
              rules={[zodRule(customOrderStatusSchema, 'custom_status')]}
            >
              <Input placeholder="As the channel sends it" />
            </Form.Item>
            <Form.Item
              label="Friendly status"
              name="friendly_status"
              rules={[zodRule(customOrderStatusSchema, 'friendly_status')]}
            >
              <Input placeholder="As people should read it" />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={adding}>
              Add
            </Button>
          </Form>
        ) : null}
        <Form form={editForm} component={false}>
          <DataTable
            tableKey="channels.custom-order-statuses"
            label="Custom order statuses"
            query={query}
            columns={columns}
            columnSettings={false}
            searchPlaceholder="Search statuses"
            emptyText="No custom order statuses yet"
          />
        </Form>
      </Card>
    </>
  );
}
