import { useState } from 'react';
import { Flex, Modal, Select, Typography } from 'antd';

import { PRODUCT_SYNC_STATUS, type ProductSyncStatus } from '@syncdesk/contracts';

/**
 * The statuses a seller sets by hand: Pending sends the stock again, Excluded stops syncing the
 * listing, Synced marks it done. The others are the sync engine's own steps.
 */
export const SETTABLE_SYNC_STATUSES: readonly ProductSyncStatus[] = [
  PRODUCT_SYNC_STATUS.byKey('pending').value,
  PRODUCT_SYNC_STATUS.byKey('excluded').value,
  PRODUCT_SYNC_STATUS.byKey('synced').value,
];

export interface SyncStatusDialogProps {
  open: boolean;
  /** "3 listings", "all 120 listings of this channel": what the change applies to. */
  noun: string;
  onCancel(): void;
  /** Rejects when the change failed (already notified); the dialog then stays open. */
  onConfirm(status: ProductSyncStatus): Promise<void>;
}

/** Confirms a bulk sync-status change: which status, and how many rows it touches. */
export function SyncStatusDialog({ open, noun, onCancel, onConfirm }: SyncStatusDialogProps) {
  const [status, setStatus] = useState<ProductSyncStatus>(PRODUCT_SYNC_STATUS.byKey('pending').value);
  const [saving, setSaving] = useState(false);

  const confirm = async () => {
    setSaving(true);
    try {
      await onConfirm(status);
    } catch {
      // Notified by the api client's error handler.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title="Set sync status"
      okText="Set sync status"
      confirmLoading={saving}
      onOk={() => void confirm()}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Flex vertical gap={8}>
        <Typography.Text id="sync-status-choice-label">New sync status</Typography.Text>
        <Select<ProductSyncStatus>
          aria-labelledby="sync-status-choice-label"
          value={status}
          onChange={setStatus}
          options={SETTABLE_SYNC_STATUSES.map((value) => ({
            value,
            label: PRODUCT_SYNC_STATUS.label(value),
            title: PRODUCT_SYNC_STATUS.label(value),
          }))}
        />
        <Typography.Text>
          {noun.charAt(0).toUpperCase() + noun.slice(1)} will be set to {PRODUCT_SYNC_STATUS.label(status)}.
          {status === PRODUCT_SYNC_STATUS.byKey('pending').value
            ? ' They are queued to send their stock to the channel again.'
            : ''}
        </Typography.Text>
      </Flex>
    </Modal>
  );
}
