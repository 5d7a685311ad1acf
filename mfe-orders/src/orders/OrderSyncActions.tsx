import { useState } from 'react';
import { Button, Checkbox, Dropdown, Modal, Popconfirm, Typography } from 'antd';
import { DownOutlined } from '@ant-design/icons';

import {
  allowedSyncStatusActions,
  ORDER_SYNC_STATUS,
  type OrderDetailDto,
  type OrderSyncStatusAction,
  type PickupOrderAction,
} from '@syncdesk/contracts';
import { notifySuccess } from '@syncdesk/web-kit';

import { resendExcludedOrder, sendPickupOrder, updateOrderSyncStatus } from './orders.api';

const EXCLUDED = ORDER_SYNC_STATUS.byKey('excluded').value;
const PENDING = ORDER_SYNC_STATUS.byKey('pending').value;

export interface OrderSyncActionsProps {
  storeId: string;
  order: OrderDetailDto;
  /** A change was made: the page reloads the order. */
  onChanged(): void;
}

/**
 * The order's actions: the next click-and-collect step of a pickup order, and the sync-status
 * moves THE transition table allows from its status, each confirmed first. Resending an excluded order has its own call, with the option to force it: plugins and
 * webhooks that already have the order are sent it again too.
 */
export function OrderSyncActions({ storeId, order, onChanged }: OrderSyncActionsProps) {
  const [confirming, setConfirming] = useState<OrderSyncStatusAction | null>(null);
  const [resendingExcluded, setResendingExcluded] = useState(false);
  const [force, setForce] = useState(false);
  const [busy, setBusy] = useState(false);
  const actions = allowedSyncStatusActions(order.sync_status);

  const change = async (action: OrderSyncStatusAction) => {
    setBusy(true);
    try {
      await updateOrderSyncStatus(storeId, { order_ids: [order.id] }, action.to);
      notifySuccess(`${order.order_number} set to ${ORDER_SYNC_STATUS.label(action.to).toLowerCase()}.`);
      onChanged();
    } catch {
      // A refusal (the order changed meanwhile) is told by the api client's handler.
    } finally {
      setConfirming(null);
      setBusy(false);
    }
  };

  const resendExcluded = async () => {
    setBusy(true);
    try {
      const answer = await resendExcludedOrder(storeId, order.id, force);
      notifySuccess(answer.message);
      setResendingExcluded(false);
      onChanged();
    } catch {
      setResendingExcluded(false);
    } finally {
      setBusy(false);
    }
  };

  const pickupAction = order.pickup?.next_action ?? null;
  const movePickup = async (action: PickupOrderAction) => {
    try {
      const answer = await sendPickupOrder(storeId, order.id, action);
      notifySuccess(answer.message);
      onChanged();
    } catch {
      // A refusal is told by the api client's handler.
    }
  };

  return (
    <>
      {pickupAction ? (
        // Click and collect (spec §2 pickup actions): one step forward at a time.
        <Popconfirm
          title={`${pickupAction}: ${order.order_number}?`}
          description="The channel is told."
          okText={pickupAction}
          cancelText="Not yet"
          onConfirm={() => movePickup(pickupAction)}
        >
          <Button type="primary">{pickupAction}</Button>
        </Popconfirm>
      ) : null}
      {actions.length > 0 ? (
        // One menu named for what it changes: a lone 'Cancel' beside 'Back to orders' would read as
        // leaving the page.
        <Dropdown
          trigger={['click']}
          menu={{
            items: actions.map((action) => ({ key: String(action.to), label: action.label })),
            onClick: ({ key }) => {
              const action = actions.find((candidate) => String(candidate.to) === key);
              if (!action) return;
              if (order.sync_status === EXCLUDED && action.to === PENDING) {
                setForce(false);
                setResendingExcluded(true);
              } else setConfirming(action);
            },
          }}
        >
          <Button>
            Change sync status <DownOutlined />
          </Button>
        </Dropdown>
      ) : null}
      <Modal
        open={confirming !== null}
        title={`${confirming?.label ?? ''}: ${order.order_number}?`}
        okText={confirming?.label}
        cancelText="Don’t change"
        confirmLoading={busy}
        onOk={() => confirming && void change(confirming)}
        onCancel={() => setConfirming(null)}
        destroyOnHidden
      >
        {confirming ? (
          <Typography.Paragraph>
            Its sync status becomes {ORDER_SYNC_STATUS.label(confirming.to).toLowerCase()}.
          </Typography.Paragraph>
        ) : null}
      </Modal>
      <Modal
        open={resendingExcluded}
        title={`Resend ${order.order_number}?`}
        okText="Resend"
        cancelText="Don’t resend"
        confirmLoading={busy}
        onOk={() => void resendExcluded()}
        onCancel={() => setResendingExcluded(false)}
        destroyOnHidden
      >
        <Typography.Paragraph>The order goes back to pending and is sent again.</Typography.Paragraph>
        <Checkbox checked={force} onChange={(event) => setForce(event.target.checked)}>
          Force resend: also send it again to plugins and webhooks that already have it
        </Checkbox>
      </Modal>
    </>
  );
}
