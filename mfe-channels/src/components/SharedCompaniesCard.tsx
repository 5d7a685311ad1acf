import { useState } from 'react';
import { Button, Card, Form, Input, Popconfirm } from 'antd';

import { shareStoreSchema, SUCCESS_MESSAGES, type SharedCompanyDto } from '@syncdesk/contracts';
import {
  applyServerErrors,
  DataTable,
  notifySuccess,
  useListQuery,
  zodRule,
  type DataTableColumn,
} from '@syncdesk/web-kit';

import { shareStore, sharedCompaniesPath, unshareStore } from '../api/stores.api';

export interface SharedCompaniesCardProps {
  storeId: number;
  /** stores.update: may add and remove companies. */
  editable: boolean;
}

/** Companies this store is shared with; another company gives its UUID (shown on its Companies page). */
export function SharedCompaniesCard({ storeId, editable }: SharedCompaniesCardProps) {
  const query = useListQuery<SharedCompanyDto>(sharedCompaniesPath(storeId));
  const [form] = Form.useForm<{ company_uuid: string }>();
  const [saving, setSaving] = useState(false);

  const share = async ({ company_uuid }: { company_uuid: string }) => {
    setSaving(true);
    try {
      await shareStore(storeId, shareStoreSchema.parse({ company_uuid: company_uuid.trim() }).company_uuid);
      notifySuccess(SUCCESS_MESSAGES.created);
      form.resetFields();
      query.reload();
    } catch (error) {
      applyServerErrors(form, error);
    } finally {
      setSaving(false);
    }
  };

  const remove = async (company: SharedCompanyDto) => {
    try {
      await unshareStore(storeId, company.id);
      notifySuccess(SUCCESS_MESSAGES.deleted);
      query.reload();
    } catch {
      // Notified by the api client's error handler.
    }
  };

  const columns: DataTableColumn<SharedCompanyDto>[] = [
    { key: 'name', title: 'Company', dataIndex: 'name' },
    { key: 'uuid', title: 'UUID', dataIndex: 'uuid' },
  ];
  if (editable) {
    columns.push({
      key: 'actions',
      title: 'Actions',
      render: (_value, company) => (
        <Popconfirm
          title={`Stop sharing with ${company.name}?`}
          description="That company loses access to this store."
          okText="Remove"
          okButtonProps={{ danger: true }}
          onConfirm={() => remove(company)}
        >
          <Button size="small" danger>
            Remove
          </Button>
        </Popconfirm>
      ),
    });
  }

  return (
    <Card title="Shared with companies">
      {editable ? (
        <Form form={form} layout="inline" onFinish={share} disabled={saving} style={{ marginBottom: 16 }}>
          <Form.Item
            label="Company UUID"
            name="company_uuid"
            normalize={(value: string) => value.trim()}
            rules={[zodRule(shareStoreSchema, 'company_uuid')]}
          >
            <Input style={{ width: 340 }} placeholder="00000000-0000-0000-0000-000000000000" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saving}>
            Share
          </Button>
        </Form>
      ) : null}
      <DataTable
        tableKey="channels.store-shared-companies"
        label="Shared with companies"
        query={query}
        columns={columns}
        columnSettings={false}
        size="small"
        emptyText="Not shared with any company"
      />
    </Card>
  );
}
