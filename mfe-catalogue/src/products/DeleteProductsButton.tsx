import { useState } from 'react';
import { Alert, Button, Modal, Typography } from 'antd';

import { SUCCESS_MESSAGES, type ListParams, type ProductKitUsageDto } from '@syncdesk/contracts';
import {
  errorNotificationText,
  isApiError,
  notifyError,
  notifySuccess,
  type SelectionState,
} from '@syncdesk/web-kit';

import { resolveProductTarget, SelectionTooLargeError } from './product-selection';
import { checkProductUsedInKit, deleteProducts, type ProductTarget } from './products.api';

export interface DeleteProductsButtonProps {
  storeId: string;
  selection: SelectionState;
  /** The list's parameters: an 'all' selection deletes what its filters match. */
  params: ListParams;
  onDeleted(): void;
}

/** A product of the selection that is a component of kits the selection does not include. */
type BlockingUsage = ProductKitUsageDto['used'][number];

interface Pending {
  target: ProductTarget;
  count: number;
  blocking: BlockingUsage[];
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** The kits that keep a product: those using it that are not being deleted with it. */
function blockingUsages(usage: ProductKitUsageDto, deleting: ReadonlySet<string>): BlockingUsage[] {
  return usage.used
    .map((entry) => ({ ...entry, kits: entry.kits.filter((kit) => !deleting.has(kit.uuid)) }))
    .filter((entry) => entry.kits.length > 0);
}

/** Every line of a refusal: the api names each product a kit keeps (`product_uuids`), one message each. */
function refusalLines(error: unknown): string[] {
  if (!isApiError(error)) return [];
  const named = error.errors.product_uuids ?? [];
  if (named.length > 0) return named;
  const text = errorNotificationText(error);
  return text ? [text] : [];
}

/**
 * Bulk delete with the kit check first (spec §5): it asks the api which of the chosen products
 * are components of kits left standing, and names those kits before anything is deleted, offering
 * to delete the kits too or to cancel. Whatever the server still refuses is shown in the dialog.
 */
export function DeleteProductsButton({ storeId, selection, params, onDeleted }: DeleteProductsButtonProps) {
  const [checking, setChecking] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [refusal, setRefusal] = useState<string[]>([]);

  const open = async () => {
    setRefusal([]);
    setChecking(true);
    try {
      const target = await resolveProductTarget(storeId, selection.selection, params);
      if ('all' in target) {
        // The whole store goes, every kit with its components: nothing can block.
        setPending({ target, count: selection.count, blocking: [] });
        return;
      }
      const usage = await checkProductUsedInKit(storeId, target.product_uuids);
      const blocking = blockingUsages(usage, new Set(target.product_uuids));
      setPending({ target, count: target.product_uuids.length, blocking });
    } catch (error) {
      if (error instanceof SelectionTooLargeError) notifyError(error.message);
      // Otherwise notified by the api client's error handler; nothing is deleted unchecked.
    } finally {
      setChecking(false);
    }
  };

  const remove = async (withKits: boolean) => {
    if (!pending) return;
    let chosen = pending.target;
    if (withKits && 'product_uuids' in chosen) {
      const kits = pending.blocking.flatMap((entry) => entry.kits.map((kit) => kit.uuid));
      chosen = { product_uuids: [...new Set([...chosen.product_uuids, ...kits])] };
    }
    setDeleting(true);
    setRefusal([]);
    try {
      await deleteProducts(storeId, chosen);
      notifySuccess(SUCCESS_MESSAGES.deleted);
      setPending(null);
      selection.clear();
      onDeleted();
    } catch (error) {
      // The refusal (naming the kits) is also the red notification; the dialog keeps it in view.
      setRefusal(refusalLines(error));
    } finally {
      setDeleting(false);
    }
  };

  const kitCount = pending
    ? new Set(pending.blocking.flatMap((entry) => entry.kits.map((kit) => kit.uuid))).size
    : 0;
  const title = pending
    ? 'all' in pending.target
      ? `Delete all ${plural(pending.count, 'product')}?`
      : `Delete ${plural(pending.count, 'product')}?`
    : '';

  return (
    <>
      <Button size="small" danger loading={checking} onClick={() => void open()}>
        Delete
      </Button>
      <Modal
        open={pending !== null}
        destroyOnHidden
        title={title}
        onCancel={() => setPending(null)}
        footer={[
          <Button key="cancel" onClick={() => setPending(null)} autoFocus>
            Cancel
          </Button>,
          pending && pending.blocking.length > 0 ? (
            <Button key="kits" danger type="primary" loading={deleting} onClick={() => void remove(true)}>
              Delete them and {plural(kitCount, 'kit')}
            </Button>
          ) : (
            <Button key="delete" danger type="primary" loading={deleting} onClick={() => void remove(false)}>
              Delete
            </Button>
          ),
        ]}
      >
        {pending && pending.blocking.length > 0 ? (
          <>
            <Typography.Paragraph>
              These products are components of kits you are not deleting. A product can not be deleted while a
              kit uses it:
            </Typography.Paragraph>
            <ul aria-label="Kits using these products">
              {pending.blocking.map((entry) => (
                <li key={entry.product_uuid}>
                  <Typography.Text strong>{entry.sku}</Typography.Text> is used in{' '}
                  {entry.kits.map((kit) => `${kit.sku} (${kit.title})`).join(', ')}
                </li>
              ))}
            </ul>
            <Typography.Paragraph>Delete those kits as well, or cancel.</Typography.Paragraph>
          </>
        ) : (
          <Typography.Paragraph>
            {pending && 'all' in pending.target
              ? 'Every product and kit of this store is deleted. This cannot be undone.'
              : 'This cannot be undone.'}
          </Typography.Paragraph>
        )}
        {refusal.length > 0 ? (
          <Alert
            type="error"
            showIcon
            title={
              refusal.length === 1 ? (
                refusal[0]
              ) : (
                <ul style={{ margin: 0, paddingLeft: 16 }}>
                  {refusal.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              )
            }
          />
        ) : null}
      </Modal>
    </>
  );
}
