import { useState } from 'react';
import { Button, Modal, Popconfirm, Select, Space, Typography } from 'antd';

import { IP_WHITELIST_STATUS, SUCCESS_MESSAGES, type IpWhitelistDto } from '@syncdesk/contracts';
import {
  DataTable,
  formatDate,
  notifySuccess,
  StatusTag,
  useListQuery,
  type DataTableColumn,
} from '@syncdesk/web-kit';

import { deleteIpWhitelistEntry, ipWhitelistPath } from '../../api/ip-whitelist.api';
import { useCan } from '../../hooks/useCan';
import { useRoles } from '../../hooks/useRoles';
import { IpWhitelistForm } from './IpWhitelistForm';

const COMPANY = 'company';

/**
 * The company-wide list and one list per role. Blocked entries refuse a matching address; once
 * any entry is 'allowed', only allowed addresses get in; disabled entries are ignored.
 */
export function IpWhitelistSettings() {
  const can = useCan();
  const { roles } = useRoles(can('roles.read'));
  const [roleId, setRoleId] = useState<number | null>(null);
  const [editing, setEditing] = useState<IpWhitelistDto | 'new' | null>(null);
  const query = useListQuery<IpWhitelistDto>(ipWhitelistPath(roleId));
  const mayUpdate = can('general.update');

  const remove = async (entry: IpWhitelistDto) => {
    try {
      await deleteIpWhitelistEntry(entry.id);
      notifySuccess(SUCCESS_MESSAGES.deleted);
      query.reload();
    } catch {
      // Notified by the api client's error handler.
    }
  };

  const columns: DataTableColumn<IpWhitelistDto>[] = [
    { key: 'ip_address', title: 'IP address', dataIndex: 'ip_address', sorter: true },
    {
      key: 'status',
      title: 'Status',
      dataIndex: 'status',
      render: (status: number) => <StatusTag vocabulary={IP_WHITELIST_STATUS} value={status} />,
    },
    {
      key: 'created_at',
      title: 'Added',
      dataIndex: 'created_at',
      render: (value: string) => formatDate(value),
    },
  ];
  if (mayUpdate) {
    columns.push({
      key: 'actions',
      title: 'Actions',
      render: (_value, entry) => (
        <Space size={4}>
          <Button size="small" onClick={() => setEditing(entry)}>
            Edit
          </Button>
          <Popconfirm
            title={`Delete ${entry.ip_address}?`}
            okText="Delete"
            okButtonProps={{ danger: true }}
            onConfirm={() => remove(entry)}
          >
            <Button size="small" danger>
              Delete
            </Button>
          </Popconfirm>
        </Space>
      ),
    });
  }

  return (
    <>
      <DataTable
        tableKey="admin.ip-whitelist"
        label="IP whitelist"
        query={query}
        columns={columns}
        columnSettings={false}
        toolbar={
          <>
            <Typography.Text id="ip-whitelist-scope">Applies to</Typography.Text>
            <Select<number | typeof COMPANY>
              aria-labelledby="ip-whitelist-scope"
              value={roleId ?? COMPANY}
              onChange={(value) => setRoleId(value === COMPANY ? null : value)}
              options={[
                { value: COMPANY, label: 'Whole company' },
                ...roles.map((role) => ({ value: role.id, label: `Role: ${role.name}` })),
              ]}
              style={{ minWidth: 220 }}
            />
            {mayUpdate ? (
              <Button type="primary" onClick={() => setEditing('new')}>
                Add IP address
              </Button>
            ) : null}
          </>
        }
        emptyText="No IP addresses listed"
        emptyAction={
          mayUpdate ? <Button onClick={() => setEditing('new')}>Add an IP address</Button> : undefined
        }
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? 'Add IP address' : 'Edit IP address'}
        footer={null}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        {editing !== null ? (
          <IpWhitelistForm
            roleId={roleId}
            entry={editing === 'new' ? null : editing}
            onCancel={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              query.reload();
            }}
          />
        ) : null}
      </Modal>
    </>
  );
}
