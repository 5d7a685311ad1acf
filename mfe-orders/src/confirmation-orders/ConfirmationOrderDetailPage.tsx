import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Flex, Popconfirm, Typography } from 'antd';
import { Link, useParams } from 'react-router';

import {
  routes,
  SUCCESS_MESSAGES,
  type ConfirmationOrderItemDto,
  type ItemAcknowledgementErrors,
} from '@syncdesk/contracts';
import {
  isApiError,
  notifyError,
  notifySuccess,
  PageHeader,
  RecordLoadState,
  useCan,
} from '@syncdesk/web-kit';

import { ActivityTimeline } from '../components/ActivityTimeline';
import {
  changedInput,
  draftErrors,
  draftOf,
  isDirty,
  itemErrorsOf,
  submitErrorsByItem,
  type AcknowledgementDraft,
} from './acknowledgement-draft';
import { AcknowledgementHeader, isAcknowledgementOpen } from './AcknowledgementHeader';
import { AcknowledgementItems } from './AcknowledgementItems';
import {
  confirmationOrderActivitiesPath,
  submitAcknowledgement,
  updateConfirmationOrderItem,
} from './confirmation-orders.api';
import { useConfirmationOrder } from './useConfirmationOrder';

/** How often a page showing a processing acknowledgement asks for the channel's answer. */
export const PROCESSING_POLL_MS = 15_000;

export const NOT_READY_MESSAGE = 'Some items are not fully acknowledged yet.';
export const PROCESSING_TEXT =
  'The acknowledgement is being sent to the channel. Editing is locked until the channel answers.';

/** `/confirmationOrders/{storeId}/{id}`: acknowledge a retailer's purchase order, item by item. */
export function ConfirmationOrderDetailPage() {
  const { storeId = '', confirmationOrderId = '' } = useParams();
  return (
    <ConfirmationOrderDetail
      key={`${storeId}/${confirmationOrderId}`}
      storeId={storeId}
      id={confirmationOrderId}
    />
  );
}

function ConfirmationOrderDetail({ storeId, id }: { storeId: string; id: string }) {
  const can = useCan();
  const { order, setOrder, items, setItems, failed, reload } = useConfirmationOrder(storeId, id);
  const [drafts, setDrafts] = useState<Map<number, AcknowledgementDraft>>(new Map());
  const [errors, setErrors] = useState<Map<number, ItemAcknowledgementErrors>>(new Map());
  // After a submission attempt every item is checked fully (a split that does not add up yet too).
  const [complete, setComplete] = useState(false);
  const [savingId, setSavingId] = useState<number | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [activityVersion, setActivityVersion] = useState(0);
  const mayUpdate = can('orders.update');

  // A loaded, reloaded or just-saved item starts its draft afresh; the others keep what the seller
  // typed (saving one item must not throw away unsaved changes to another).
  const shownItems = useRef<ConfirmationOrderItemDto[] | null>(null);
  useEffect(() => {
    if (!items) return;
    const before = new Map((shownItems.current ?? []).map((item) => [item.id, item]));
    shownItems.current = items;
    const fresh = new Set(items.filter((item) => before.get(item.id) !== item).map((item) => item.id));
    setDrafts(
      (current) =>
        new Map(
          items.map((item) => [
            item.id,
            fresh.has(item.id) ? draftOf(item) : (current.get(item.id) ?? draftOf(item)),
          ]),
        ),
    );
    setErrors((current) => new Map([...current].filter(([id]) => !fresh.has(id))));
  }, [items]);

  // The channel's answer comes through the sync engine with no live event, so while the
  // acknowledgement is on its way the page asks again now and then; a change of state also
  // refreshes the activity (the answer is recorded there).
  const status = order?.acknowledge_sync_status;
  useEffect(() => {
    if (status !== 'processing') return undefined;
    const timer = setInterval(reload, PROCESSING_POLL_MS);
    return () => clearInterval(timer);
  }, [status, reload]);
  const shownStatus = useRef(status);
  useEffect(() => {
    if (shownStatus.current !== undefined && status !== shownStatus.current) {
      setActivityVersion((count) => count + 1);
    }
    shownStatus.current = status;
  }, [status]);

  if (!order || !items) {
    return <RecordLoadState title="Confirmation order" noun="confirmation order" failed={failed} />;
  }

  const editable = mayUpdate && isAcknowledgementOpen(order);
  const bumpActivity = () => setActivityVersion((count) => count + 1);

  const checkAll = (full: boolean) =>
    new Map(
      items.flatMap((item) => {
        const draft = drafts.get(item.id);
        const found = draft ? draftErrors(item, draft, full) : {};
        return Object.keys(found).length > 0 ? [[item.id, found] as const] : [];
      }),
    );

  const change = (itemId: number, patch: Partial<AcknowledgementDraft>) => {
    const item = items.find((candidate) => candidate.id === itemId);
    const previous = drafts.get(itemId);
    if (!item || !previous) return;
    const next = { ...previous, ...patch };
    setDrafts(new Map(drafts).set(itemId, next));
    const found = draftErrors(item, next, complete);
    const nextErrors = new Map(errors);
    if (Object.keys(found).length > 0) nextErrors.set(itemId, found);
    else nextErrors.delete(itemId);
    setErrors(nextErrors);
  };

  const replaceItem = (saved: ConfirmationOrderItemDto) =>
    setItems((current) => current?.map((item) => (item.id === saved.id ? saved : item)) ?? null);

  /** Sends one item's changes; answers whether it was saved (its errors shown otherwise). */
  const saveItem = async (item: ConfirmationOrderItemDto, draft: AcknowledgementDraft): Promise<boolean> => {
    const found = draftErrors(item, draft, false);
    if (Object.keys(found).length > 0) {
      setErrors((current) => new Map(current).set(item.id, found));
      return false;
    }
    try {
      const saved = await updateConfirmationOrderItem(storeId, order.id, item.id, changedInput(item, draft));
      replaceItem(saved);
      return true;
    } catch (error) {
      if (isApiError(error) && error.status === 422) {
        setErrors((current) => new Map(current).set(item.id, itemErrorsOf(error.errors)));
      }
      return false;
    }
  };

  const save = async (item: ConfirmationOrderItemDto) => {
    const draft = drafts.get(item.id);
    if (!draft) return;
    setSavingId(item.id);
    const saved = await saveItem(item, draft);
    setSavingId(null);
    if (saved) {
      notifySuccess(SUCCESS_MESSAGES.updated);
      bumpActivity();
    }
  };

  const submit = async () => {
    setComplete(true);
    const found = checkAll(true);
    setErrors(found);
    if (found.size > 0) {
      notifyError(NOT_READY_MESSAGE);
      return;
    }
    setSubmitting(true);
    try {
      // Unsaved changes go first, so what is submitted is what the seller sees.
      for (const item of items) {
        const draft = drafts.get(item.id);
        if (draft && isDirty(item, draft) && !(await saveItem(item, draft))) return;
      }
      const answer = await submitAcknowledgement(storeId, order.id);
      setOrder(answer.data);
      notifySuccess(answer.message);
      // The new state refreshes the activity (see above); the items come back locked.
      reload();
    } catch (error) {
      if (isApiError(error) && error.status === 422) setErrors(submitErrorsByItem(items, error.errors));
    } finally {
      setSubmitting(false);
    }
  };

  const unsaved = items.filter((item) => {
    const draft = drafts.get(item.id);
    return draft ? isDirty(item, draft) : false;
  }).length;

  return (
    <>
      <PageHeader
        title={`Confirmation order ${order.purchase_order_number}`}
        subtitle={
          <>
            <Link to={routes.confirmationOrderList(storeId)}>Confirmation orders</Link>
            {order.channel_name ? ` · ${order.channel_name}` : null}
          </>
        }
        actions={
          editable ? (
            <Popconfirm
              title="Submit the acknowledgement?"
              description={
                unsaved > 0
                  ? `Your unsaved changes to ${unsaved} item${unsaved === 1 ? '' : 's'} are saved first. The channel is then told what you accept, backorder and reject; the items cannot change while it is sent.`
                  : 'The channel is told what you accept, backorder and reject; the items cannot change while it is sent.'
              }
              okText="Submit"
              cancelText="Cancel"
              onConfirm={() => void submit()}
            >
              <Button type="primary" loading={submitting}>
                Submit acknowledgement
              </Button>
            </Popconfirm>
          ) : null
        }
      />
      <Flex vertical gap={16}>
        {order.acknowledge_sync_status === 'processing' ? (
          <Alert type="info" showIcon title={PROCESSING_TEXT} />
        ) : null}
        {order.acknowledge_sync_status === 'success' ? (
          <Alert type="success" showIcon title="The channel has accepted this acknowledgement." />
        ) : null}
        <AcknowledgementHeader
          storeId={storeId}
          order={order}
          mayUpdate={mayUpdate}
          onSaved={(saved) => {
            setOrder(saved);
            bumpActivity();
          }}
        />
        <Card
          title="Items"
          extra={
            editable ? (
              <Typography.Text type="secondary">
                Accepted, backordered and rejected must add up to the ordered quantity.
              </Typography.Text>
            ) : null
          }
        >
          <AcknowledgementItems
            items={items}
            drafts={drafts}
            errors={errors}
            currency={order.currency}
            editable={editable}
            savingId={savingId}
            onChange={change}
            onSave={(item) => void save(item)}
          />
        </Card>
        <ActivityTimeline
          path={confirmationOrderActivitiesPath(order.id)}
          subjectName={order.purchase_order_number}
          version={activityVersion}
        />
      </Flex>
    </>
  );
}
