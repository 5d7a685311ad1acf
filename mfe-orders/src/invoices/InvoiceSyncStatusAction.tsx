import { useState } from 'react';
import { Button, Dropdown, Modal, Typography, type MenuProps } from 'antd';
import { DownOutlined } from '@ant-design/icons';

import {
  INVOICE_SYNC_STATUS,
  INVOICE_SYNC_STATUS_CHANGES,
  type InvoiceSyncStatus,
  type ListParams,
} from '@syncdesk/contracts';
import { notifyError, notifySuccess, type SelectionState } from '@syncdesk/web-kit';

import { resolveInvoices, splitByChange, TooManyInvoicesError, type InvoiceRef } from './invoice-selection';
import { updateInvoiceSyncStatus } from './invoices.api';

/** Every status a seller may set by hand, in the vocabulary's order. */
const TARGETS: InvoiceSyncStatus[] = INVOICE_SYNC_STATUS.values.filter((status) =>
  Object.values(INVOICE_SYNC_STATUS_CHANGES).some((targets) => targets.includes(status)),
);

export interface InvoiceSyncStatusActionProps {
  storeId: string;
  selection: SelectionState;
  params: ListParams;
  /** The rows the seller has seen, by id (a ticked row's status). */
  seen: ReadonlyMap<number, InvoiceRef>;
  onChanged(): void;
}

interface Pending {
  target: InvoiceSyncStatus;
  ids: number[];
  refused: number;
}

const invoices = (count: number) => `${count.toLocaleString('en-GB')} invoice${count === 1 ? '' : 's'}`;

/**
 * 'Change sync status' for the selection: only the changes a seller may make by hand are offered,
 * the chosen invoices that cannot make the change are named in the confirmation and left out.
 */
export function InvoiceSyncStatusAction({
  storeId,
  selection,
  params,
  seen,
  onChanged,
}: InvoiceSyncStatusActionProps) {
  const [resolving, setResolving] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const [saving, setSaving] = useState(false);

  const choose = async (target: InvoiceSyncStatus) => {
    setResolving(true);
    try {
      const chosen = await resolveInvoices(storeId, selection.selection, params, seen);
      const { allowed, refused } = splitByChange(chosen, target);
      if (allowed.length === 0) {
        notifyError(`None of the chosen invoices can be changed to ${INVOICE_SYNC_STATUS.label(target)}.`);
        return;
      }
      setPending({ target, ids: allowed.map((invoice) => invoice.id), refused });
    } catch (error) {
      if (error instanceof TooManyInvoicesError) notifyError(error.message);
      // Otherwise notified by the api client's error handler.
    } finally {
      setResolving(false);
    }
  };

  const confirm = async () => {
    if (!pending) return;
    setSaving(true);
    try {
      const answer = await updateInvoiceSyncStatus(storeId, pending.ids, pending.target);
      notifySuccess(answer.message);
      setPending(null);
      selection.clear();
      onChanged();
    } catch {
      // Notified by the api client's error handler; the dialog stays for another try.
    } finally {
      setSaving(false);
    }
  };

  const items: MenuProps['items'] = TARGETS.map((status) => ({
    key: status,
    label: INVOICE_SYNC_STATUS.label(status),
  }));
  const label = pending ? INVOICE_SYNC_STATUS.label(pending.target) : '';

  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{ items, onClick: ({ key }) => void choose(key as InvoiceSyncStatus) }}
        disabled={selection.count === 0}
      >
        <Button size="small" loading={resolving}>
          Change sync status <DownOutlined />
        </Button>
      </Dropdown>
      <Modal
        open={pending !== null}
        title="Change sync status"
        okText={`Change to ${label}`}
        confirmLoading={saving}
        onOk={() => void confirm()}
        onCancel={() => setPending(null)}
      >
        {pending ? (
          <>
            <Typography.Paragraph>
              Change the sync status of {invoices(pending.ids.length)} to {label}?
            </Typography.Paragraph>
            {pending.refused > 0 ? (
              <Typography.Paragraph type="warning">
                {invoices(pending.refused)} of the chosen cannot change to {label} and will be left as they
                are.
              </Typography.Paragraph>
            ) : null}
          </>
        ) : null}
      </Modal>
    </>
  );
}
