import { useState } from 'react';
import { Alert, Button, Flex, Form, Input, Popconfirm, Typography } from 'antd';

import { createUserTokenSchema, SUCCESS_MESSAGES, type UserTokenDto } from '@syncdesk/contracts';
import {
  applyServerErrors,
  DataTable,
  formatDate,
  notifySuccess,
  useListQuery,
  zodRule,
  type DataTableColumn,
} from '@syncdesk/web-kit';

import { createUserToken, deleteUserToken, USER_TOKENS_PATH } from '../../api/account.api';

/** The user's own API tokens. A new token's secret is shown once, right after creating it. */
export function ApiTokenSettings() {
  const query = useListQuery<UserTokenDto>(USER_TOKENS_PATH);
  const [form] = Form.useForm<{ name: string }>();
  const [saving, setSaving] = useState(false);
  const [created, setCreated] = useState<UserTokenDto | null>(null);

  const create = async ({ name }: { name: string }) => {
    setSaving(true);
    try {
      setCreated(await createUserToken(createUserTokenSchema.parse({ name }).name));
      notifySuccess(SUCCESS_MESSAGES.created);
      form.resetFields();
      query.reload();
    } catch (error) {
      applyServerErrors(form, error);
    } finally {
      setSaving(false);
    }
  };

  const copy = async (token: string) => {
    try {
      await navigator.clipboard.writeText(token);
      notifySuccess(SUCCESS_MESSAGES.copied);
    } catch {
      // No clipboard access (insecure origin, denied): the token stays visible to copy by hand.
    }
  };

  const remove = async (token: UserTokenDto) => {
    try {
      await deleteUserToken(token.id);
      notifySuccess(SUCCESS_MESSAGES.deleted);
      query.reload();
    } catch {
      // Notified by the api client's error handler.
    }
  };

  const columns: DataTableColumn<UserTokenDto>[] = [
    { key: 'name', title: 'Name', dataIndex: 'name' },
    {
      key: 'last_used_at',
      title: 'Last used',
      dataIndex: 'last_used_at',
      render: (value: string | null) => (value ? formatDate(value) : 'Never'),
    },
    {
      key: 'created_at',
      title: 'Created',
      dataIndex: 'created_at',
      render: (value: string) => formatDate(value),
    },
    {
      key: 'actions',
      title: 'Actions',
      render: (_value, token) => (
        <Popconfirm
          title={`Delete the token ${token.name}?`}
          description="Programs using it stop working."
          okText="Delete"
          okButtonProps={{ danger: true }}
          onConfirm={() => remove(token)}
        >
          <Button size="small" danger>
            Delete
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Form form={form} layout="inline" onFinish={create} disabled={saving}>
        <Form.Item label="Token name" name="name" rules={[zodRule(createUserTokenSchema, 'name')]}>
          <Input style={{ width: 260 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          Create token
        </Button>
      </Form>
      {created?.token ? (
        <Alert
          type="success"
          showIcon
          closable={{ onClose: () => setCreated(null), 'aria-label': 'Dismiss the new token' }}
          title={`Token ${created.name} created. Copy it now: it is not shown again.`}
          description={
            <Flex gap={8} align="center" wrap>
              <Typography.Text code data-testid="new-token">
                {created.token}
              </Typography.Text>
              <Button size="small" onClick={() => void copy(created.token ?? '')}>
                Copy
              </Button>
            </Flex>
          }
        />
      ) : null}
      <DataTable
        tableKey="admin.user-tokens"
        label="API tokens"
        query={query}
        columns={columns}
        columnSettings={false}
        emptyText="No API tokens yet"
      />
    </Flex>
  );
}
