import { useEffect, useState } from 'react';
import { Button, Modal, Popconfirm, Space } from 'antd';
import { useNavigate, useParams } from 'react-router';

import {
  routes,
  SUCCESS_MESSAGES,
  type ChannelCourierDto,
  type CourierMappingDto,
} from '@syncdesk/contracts';
import { DataTable, notifySuccess, PageHeader, useListQuery, type DataTableColumn } from '@syncdesk/web-kit';

import { useCan } from '../hooks/useCan';
import { ChannelChooser } from './ChannelChooser';
import { CourierMappingForm, courierLabel } from './CourierMappingForm';
import { courierMappingsPath, deleteCourierMapping, getChannelCouriers } from './couriers.api';
import { channelSubtitle, useRouteChannel } from './useRouteChannel';

/** `/stores/{storeId}/channels/{channelId?}/couriers/mapping`: shipping method → courier. */
export function CourierMappingPage() {
  const { storeId = '', channelId } = useParams();
  if (!channelId) {
    return (
      <ChannelChooser
        title="Courier mapping"
        storeId={storeId}
        routeFor={(id) => routes.channelCourierMapping(storeId, id)}
      />
    );
  }
  return <CourierMappings storeId={storeId} channelId={channelId} />;
}

function CourierMappings({ storeId, channelId }: { storeId: string; channelId: string }) {
  const { channel, failed } = useRouteChannel();
  const can = useCan();
  const navigate = useNavigate();
  const query = useListQuery<CourierMappingDto>(courierMappingsPath(storeId, channelId));
  const [couriers, setCouriers] = useState<ChannelCourierDto[]>([]);
  const [editing, setEditing] = useState<CourierMappingDto | 'new' | null>(null);
  const mayUpdate = can('channels.update');

  useEffect(() => {
    let active = true;
    getChannelCouriers(storeId, channelId)
      .then((loaded) => active && setCouriers(loaded))
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [storeId, channelId]);

  const remove = async (mapping: CourierMappingDto) => {
    try {
      await deleteCourierMapping(storeId, channelId, mapping.id);
      notifySuccess(SUCCESS_MESSAGES.deleted);
      query.reload();
    } catch {
      // Notified by the api client's error handler.
    }
  };

  const columns: DataTableColumn<CourierMappingDto>[] = [
    { key: 'shipping_method', title: 'Shipping method', dataIndex: 'shipping_method', sorter: true },
    {
      key: 'channel_courier',
      title: 'Courier',
      dataIndex: 'channel_courier',
      render: (courier: CourierMappingDto['channel_courier']) => (courier ? courierLabel(courier) : '—'),
    },
    {
      key: 'service_code',
      title: 'Service code',
      dataIndex: 'service_code',
      sorter: true,
      render: (value: string | null) => value ?? '—',
    },
  ];
  if (mayUpdate) {
    columns.push({
      key: 'actions',
      title: 'Actions',
      render: (_value, mapping) => (
        <Space size={4}>
          <Button size="small" onClick={() => setEditing(mapping)}>
            Edit
          </Button>
          <Popconfirm
            title={`Delete the mapping of ${mapping.shipping_method}?`}
            okText="Delete"
            okButtonProps={{ danger: true }}
            onConfirm={() => remove(mapping)}
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
        title="Courier mapping"
        subtitle={channelSubtitle(channel, failed)}
        actions={
          <>
            <Button onClick={() => void navigate(routes.channelCouriers(storeId, channelId))}>
              Back to couriers
            </Button>
            {mayUpdate ? (
              <Button type="primary" onClick={() => setEditing('new')}>
                Add mapping
              </Button>
            ) : null}
          </>
        }
      />
      <DataTable
        tableKey="channels.courier-mappings"
        label="Courier mapping"
        query={query}
        columns={columns}
        searchPlaceholder="Search shipping methods"
        emptyText="No shipping methods mapped yet"
        emptyAction={
          mayUpdate ? <Button onClick={() => setEditing('new')}>Map a shipping method</Button> : undefined
        }
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? 'Add mapping' : 'Edit mapping'}
        footer={null}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        {editing !== null ? (
          <CourierMappingForm
            storeId={storeId}
            channelId={channelId}
            mapping={editing === 'new' ? null : editing}
            couriers={couriers}
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
