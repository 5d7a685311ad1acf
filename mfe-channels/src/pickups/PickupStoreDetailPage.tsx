import { useCallback } from 'react';
import { Button, Card, Flex, Popconfirm } from 'antd';
import { useNavigate, useParams } from 'react-router';

import { routes, SUCCESS_MESSAGES, type PickupStoreDto } from '@syncdesk/contracts';
import { notifySuccess, PageHeader, RecordLoadState, useRecord } from '@syncdesk/web-kit';

import { ChannelChooser } from '../couriers/ChannelChooser';
import { channelSubtitle, useRouteChannel } from '../couriers/useRouteChannel';
import { useCan } from '../hooks/useCan';
import { PickupProductTable } from './PickupProductTable';
import { PickupStoreForm } from './PickupStoreForm';
import { deletePickupStore, getPickupStore } from './pickups.api';

/** `create` in the pickup's place opens the empty form (the route table has no separate create path). */
const CREATE = 'create';

/**
 * `/stores/{storeId}/channels/{channelId?}/pickups/{pickupId}` (and the spec's `/stores/{storeId}/pickups/{pickupId}`):
 * a pickup store's details and the products waiting there; `…/pickups/create` adds a pickup store.
 */
export function PickupStoreDetailPage() {
  const { storeId = '', channelId, pickupId = '' } = useParams();
  if (!channelId) {
    return (
      <ChannelChooser
        title="Pickup stores"
        storeId={storeId}
        // The same pickup store (or the create form) under the chosen channel.
        routeFor={(id) => routes.channelPickupDetail(storeId, id, pickupId)}
      />
    );
  }
  return <PickupStoreDetail key={pickupId} storeId={storeId} channelId={channelId} pickupId={pickupId} />;
}

function PickupStoreDetail({
  storeId,
  channelId,
  pickupId,
}: {
  storeId: string;
  channelId: string;
  pickupId: string;
}) {
  const { channel, failed: channelFailed } = useRouteChannel();
  const navigate = useNavigate();
  const can = useCan();
  const creating = pickupId === CREATE;
  const load = useCallback((id: string) => getPickupStore(storeId, channelId, id), [storeId, channelId]);
  const { record: pickup, setRecord, failed } = useRecord(creating ? undefined : pickupId, load);
  const mayUpdate = can('channels.update');
  const list = routes.channelPickups(storeId, channelId);
  const subtitle = channelSubtitle(channel, channelFailed);

  const back = <Button onClick={() => void navigate(list)}>Back to pickup stores</Button>;
  if (!creating && (failed || !pickup))
    return <RecordLoadState title="Pickup store" noun="pickup store" actions={back} failed={failed} />;

  const saved = (result: PickupStoreDto) => {
    if (pickup) {
      setRecord(result);
      notifySuccess(SUCCESS_MESSAGES.updated);
    } else {
      notifySuccess(SUCCESS_MESSAGES.created);
      void navigate(routes.channelPickupDetail(storeId, channelId, result.id));
    }
  };

  const remove = async () => {
    if (!pickup) return;
    try {
      await deletePickupStore(storeId, channelId, pickup.id);
      notifySuccess(SUCCESS_MESSAGES.deleted);
      void navigate(list);
    } catch {
      // Notified by the api client's error handler.
    }
  };

  return (
    <>
      <PageHeader
        title={pickup ? pickup.name : 'Add pickup store'}
        subtitle={subtitle}
        actions={
          <>
            {back}
            {pickup && mayUpdate ? (
              <Popconfirm
                title={`Delete ${pickup.name}?`}
                description="Its products go with it."
                okText="Delete"
                okButtonProps={{ danger: true }}
                onConfirm={remove}
              >
                <Button danger>Delete</Button>
              </Popconfirm>
            ) : null}
          </>
        }
      />
      <Flex vertical gap={16}>
        <Card title="Details">
          <PickupStoreForm
            storeId={storeId}
            channelId={channelId}
            pickup={pickup}
            readOnly={!mayUpdate}
            onSaved={saved}
          />
        </Card>
        {pickup ? (
          <Card title="Products">
            <PickupProductTable
              storeId={storeId}
              channelId={channelId}
              pickupId={pickup.id}
              mayUpdate={mayUpdate}
            />
          </Card>
        ) : null}
      </Flex>
    </>
  );
}
