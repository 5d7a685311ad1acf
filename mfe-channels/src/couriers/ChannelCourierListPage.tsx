import { useState } from 'react';
import { Button, Modal, Popconfirm, Space, Typography } from 'antd';
import { useNavigate, useParams } from 'react-router';

import { routes, SUCCESS_MESSAGES, type ChannelCourierDto } from '@syncdesk/contracts';
import { DataTable, notifySuccess, PageHeader, useListQuery, type DataTableColumn } from '@syncdesk/web-kit';

import { useCan } from '../hooks/useCan';
import { ChannelChooser } from './ChannelChooser';
import { ChannelCourierForm } from './ChannelCourierForm';
import { channelCouriersPath, deleteChannelCourier } from './couriers.api';
import { channelSubtitle, useRouteChannel } from './useRouteChannel';

/** `/stores/{storeId}/channels/{channelId?}/couriers`: the channel's couriers. */
export function ChannelCourierListPage() {
  const { storeId = '', channelId } = useParams();
  if (!channelId) {
    return (
      <ChannelChooser
        title="Couriers"
        storeId={storeId}
        routeFor={(id) => routes.channelCouriers(storeId, id)}
      />
    );
  }
  return <ChannelCouriers storeId={storeId} channelId={channelId} />;
}

function ChannelCouriers({ storeId, channelId }: { storeId: string; channelId: string }) {
  const { channel, failed } = useRouteChannel();
  const can = useCan();
  const navigate = useNavigate();
  const query = useListQuery<ChannelCourierDto>(channelCouriersPath(storeId, channelId));
  const [editing, setEditing] = useState<ChannelCourierDto | 'new' | null>(null);
  const mayUpdate = can('channels.update');

  const remove = async (courier: ChannelCourierDto) => {
    try {
      await deleteChannelCourier(storeId, channelId, courier.id);
      notifySuccess(SUCCESS_MESSAGES.deleted);
      query.reload();
    } catch {
      // Notified by the api client's error handler.
    }
  };

  const columns: DataTableColumn<ChannelCourierDto>[] = [
    { key: 'name', title: 'Name', dataIndex: 'name', sorter: true },
    {
      key: 'custom_name',
      title: 'Custom name',
      dataIndex: 'custom_name',
      sorter: true,
      render: (value: string | null) => value ?? '—',
    },
    {
      key: 'courier',
      title: 'Global courier',
      dataIndex: 'courier',
      render: (courier: ChannelCourierDto['courier']) =>
        courier ? courier.name : <Typography.Text type="secondary">Not linked</Typography.Text>,
    },
  ];
  if (mayUpdate) {
    columns.push({
      key: 'actions',
      title: 'Actions',
      render: (_value, courier) => (
        <Space size={4}>
          <Button size="small" onClick={() => setEditing(courier)}>
            Edit
          </Button>
          <Popconfirm
            title={`Delete ${courier.name}?`}
            description="Its shipping method mappings go with it."
            okText="Delete"
            okButtonProps={{ danger: true }}
            onConfirm={() => remove(courier)}
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
      <PageHeader
        title="Couriers"
        subtitle={channelSubtitle(channel, failed)}
        actions={
          <>
            <Button onClick={() => void navigate(routes.channelCourierMapping(storeId, channelId))}>
              Courier mapping
            </Button>
            {mayUpdate ? (
              <Button type="primary" onClick={() => setEditing('new')}>
                Add courier
              </Button>
            ) : null}
          </>
        }
      />
      <DataTable
        tableKey="channels.couriers"
        label="Couriers"
        query={query}
        columns={columns}
        searchPlaceholder="Search couriers"
        emptyText="No couriers on this channel yet"
        emptyAction={
          mayUpdate ? <Button onClick={() => setEditing('new')}>Add the first courier</Button> : undefined
        }
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? 'Add courier' : 'Edit courier'}
        footer={null}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        {editing !== null ? (
          <ChannelCourierForm
            storeId={storeId}
            channelId={channelId}
            courier={editing === 'new' ? null : editing}
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
