import { useState } from 'react';
import { Button, Popconfirm, Space, Switch } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';

import { PICKUP_STORE_SYNC_STATUS, routes, SUCCESS_MESSAGES, type PickupStoreDto } from '@syncdesk/contracts';
import {
  DataTable,
  notifySuccess,
  PageHeader,
  StatusTag,
  useListQuery,
  type DataTableColumn,
} from '@syncdesk/web-kit';

import { ChannelChooser } from '../couriers/ChannelChooser';
import { channelSubtitle, useRouteChannel } from '../couriers/useRouteChannel';
import { useCan } from '../hooks/useCan';
import { deletePickupStore, pickupStoresPath, setPickupStoreActive } from './pickups.api';

/** `/stores/{storeId}/channels/{channelId?}/pickups`: the channel's click-and-collect locations. */
export function PickupStoreListPage() {
  const { storeId = '', channelId } = useParams();
  if (!channelId) {
    return (
      <ChannelChooser
        title="Pickup stores"
        storeId={storeId}
        routeFor={(id) => routes.channelPickups(storeId, id)}
      />
    );
  }
  return <PickupStores storeId={storeId} channelId={channelId} />;
}

function PickupStores({ storeId, channelId }: { storeId: string; channelId: string }) {
  const { channel, failed } = useRouteChannel();
  const can = useCan();
  const navigate = useNavigate();
  const query = useListQuery<PickupStoreDto>(pickupStoresPath(storeId, channelId));
  const [switchingId, setSwitchingId] = useState<number | null>(null);
  const mayUpdate = can('channels.update');
  const create = () => void navigate(routes.channelPickupDetail(storeId, channelId, 'create'));

  const switchActive = async (pickup: PickupStoreDto, isActive: boolean) => {
    setSwitchingId(pickup.id);
    try {
      await setPickupStoreActive(storeId, channelId, pickup.id, isActive);
      notifySuccess(SUCCESS_MESSAGES.updated);
      query.reload();
    } catch {
      // Notified by the api client's error handler.
    } finally {
      setSwitchingId(null);
    }
  };

  const remove = async (pickup: PickupStoreDto) => {
    try {
      await deletePickupStore(storeId, channelId, pickup.id);
      notifySuccess(SUCCESS_MESSAGES.deleted);
      query.reload();
    } catch {
      // Notified by the api client's error handler.
    }
  };

  const columns: DataTableColumn<PickupStoreDto>[] = [
    {
      key: 'name',
      title: 'Name',
      dataIndex: 'name',
      sorter: true,
      render: (name: string, pickup) => (
        <Link to={routes.channelPickupDetail(storeId, channelId, pickup.id)}>{name}</Link>
      ),
    },
    { key: 'city', title: 'City', dataIndex: 'city', sorter: true },
    { key: 'phone', title: 'Phone', dataIndex: 'phone', render: (value: string | null) => value ?? '—' },
    {
      key: 'store_sync_status',
      title: 'Sync status',
      dataIndex: 'store_sync_status',
      sorter: true,
      render: (value: number) => <StatusTag vocabulary={PICKUP_STORE_SYNC_STATUS} value={value} />,
    },
    {
      key: 'is_active',
      title: 'Active',
      dataIndex: 'is_active',
      render: (active: boolean, pickup) => (
        <Switch
          size="small"
          checked={active}
          aria-label={`${pickup.name} active`}
          disabled={!mayUpdate}
          loading={switchingId === pickup.id}
          onChange={(checked) => void switchActive(pickup, checked)}
        />
      ),
    },
    {
      key: 'actions',
      title: 'Actions',
      render: (_value, pickup) => (
        <Space size={4}>
          <Button
            size="small"
            onClick={() => void navigate(routes.channelPickupDetail(storeId, channelId, pickup.id))}
          >
            {mayUpdate ? 'Edit' : 'View'}
          </Button>
          {mayUpdate ? (
            <Popconfirm
              title={`Delete ${pickup.name}?`}
              description="Its products go with it."
              okText="Delete"
              okButtonProps={{ danger: true }}
              onConfirm={() => remove(pickup)}
            >
              <Button size="small" danger>
                Delete
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Pickup stores"
        subtitle={channelSubtitle(channel, failed)}
        actions={
          mayUpdate ? (
            <Button type="primary" onClick={create}>
              Add pickup store
            </Button>
          ) : null
        }
      />
      <DataTable
        tableKey="channels.pickup-stores"
        label="Pickup stores"
        query={query}
        columns={columns}
        searchPlaceholder="Search pickup stores"
        emptyText="No pickup stores on this channel yet"
        emptyAction={mayUpdate ? <Button onClick={create}>Add the first pickup store</Button> : undefined}
      />
    </>
  );
}
