import type { ReactNode } from 'react';
import { Button, DatePicker, Flex, InputNumber, Select, Table, Typography } from 'antd';
import dayjs from 'dayjs';

import {
  REJECTION_REASON,
  unassignedQuantity,
  type ConfirmationOrderItemDto,
  type ItemAcknowledgementErrors,
} from '@syncdesk/contracts';
import { formatMoney } from '@syncdesk/web-kit';

import { isDirty, type AcknowledgementDraft } from './acknowledgement-draft';

export interface AcknowledgementItemsProps {
  items: ConfirmationOrderItemDto[];
  drafts: Map<number, AcknowledgementDraft>;
  errors: Map<number, ItemAcknowledgementErrors>;
  currency: string | null;
  /** False once the acknowledgement is on its way (or the user may not update). */
  editable: boolean;
  savingId: number | null;
  onChange(itemId: number, change: Partial<AcknowledgementDraft>): void;
  onSave(item: ConfirmationOrderItemDto): void;
}

const REASON_OPTIONS = REJECTION_REASON.entries.map((entry) => ({ value: entry.value, label: entry.label }));
const DATE_ONLY = 'YYYY-MM-DD';

/** An error under its field, named by the field's `aria-describedby`. */
function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <Typography.Text type="danger" id={id} role="alert" style={{ display: 'block', maxWidth: 240 }}>
      {message}
    </Typography.Text>
  );
}

/** The controls' labels name the item, so a screen reader (and a keyboard user) knows which row. */
const labelOf = (field: string, item: ConfirmationOrderItemDto) =>
  `${field}, item ${item.item_sequence_number}${item.sku ? ` (${item.sku})` : ''}`;

/**
 * Each requested item with its acknowledgement: accepted, backordered and rejected quantities
 * (adding up to the ordered quantity), the rejection reason, and the scheduled ship and delivery
 * dates; each field shows its rule's message as the seller types.
 */
export function AcknowledgementItems({
  items,
  drafts,
  errors,
  currency,
  editable,
  savingId,
  onChange,
  onSave,
}: AcknowledgementItemsProps) {
  const field = (
    item: ConfirmationOrderItemDto,
    name: keyof AcknowledgementDraft,
    control: (props: { id: string; invalid: boolean; describedBy: string | undefined }) => ReactNode,
  ) => {
    const message = errors.get(item.id)?.[name];
    const errorId = `item-${item.id}-${name}-error`;
    return (
      <>
        {control({
          id: `item-${item.id}-${name}`,
          invalid: Boolean(message),
          describedBy: message ? errorId : undefined,
        })}
        <FieldError id={errorId} message={message} />
      </>
    );
  };

  const quantity = (item: ConfirmationOrderItemDto, name: keyof AcknowledgementDraft, label: string) =>
    field(item, name, ({ id, invalid, describedBy }) => (
      <InputNumber<number>
        id={id}
        aria-label={labelOf(label, item)}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        status={invalid ? 'error' : undefined}
        min={0}
        precision={0}
        disabled={!editable}
        value={drafts.get(item.id)?.[name] as number}
        onChange={(value) => onChange(item.id, { [name]: value ?? 0 })}
        style={{ width: 80 }}
      />
    ));

  const date = (item: ConfirmationOrderItemDto, name: keyof AcknowledgementDraft, label: string) =>
    field(item, name, ({ id, invalid, describedBy }) => {
      const value = drafts.get(item.id)?.[name] as string | null;
      return (
        <DatePicker
          id={id}
          aria-label={labelOf(label, item)}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          status={invalid ? 'error' : undefined}
          format={DATE_ONLY}
          disabled={!editable}
          value={value ? dayjs(value, DATE_ONLY) : null}
          onChange={(picked) => onChange(item.id, { [name]: picked ? picked.format(DATE_ONLY) : null })}
          style={{ width: 132 }}
        />
      );
    });

  return (
    <Table<ConfirmationOrderItemDto>
      aria-label="Items"
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={items}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: 'This confirmation order has no items.' }}
      columns={[
        {
          key: 'item',
          title: 'Item',
          // Narrow, so the acknowledgement fields and Save stay in view on a laptop screen.
          width: 220,
          render: (_, item) => (
            <div style={{ maxWidth: 220 }}>
              <Typography.Text strong>
                {item.item_sequence_number}. {item.sku ?? item.remote_product_id ?? '—'}
              </Typography.Text>
              {item.title ? (
                <>
                  <br />
                  <Typography.Text type="secondary" ellipsis={{ tooltip: item.title }}>
                    {item.title}
                  </Typography.Text>
                </>
              ) : null}
              {item.remote_product_id && item.sku ? (
                <>
                  <br />
                  <Typography.Text type="secondary">Retailer id {item.remote_product_id}</Typography.Text>
                </>
              ) : null}
            </div>
          ),
        },
        {
          key: 'net_cost',
          title: 'Net cost',
          align: 'right',
          render: (_, item) => (item.net_cost ? formatMoney(item.net_cost, currency ?? undefined) : '—'),
        },
        { key: 'ordered', title: 'Ordered', dataIndex: 'ordered_quantity', align: 'right' },
        {
          key: 'accepted',
          title: 'Accepted',
          render: (_, item) => quantity(item, 'accepted_quantity', 'Accepted'),
        },
        {
          key: 'backordered',
          title: 'Backordered',
          render: (_, item) => quantity(item, 'backordered_quantity', 'Backordered'),
        },
        {
          key: 'rejected',
          title: 'Rejected',
          render: (_, item) => quantity(item, 'rejected_quantity', 'Rejected'),
        },
        {
          key: 'reason',
          title: 'Rejection reason',
          render: (_, item) =>
            field(item, 'rejected_reason', ({ id, invalid, describedBy }) => (
              <Select<string>
                id={id}
                aria-label={labelOf('Rejection reason', item)}
                aria-invalid={invalid}
                aria-describedby={describedBy}
                status={invalid ? 'error' : undefined}
                placeholder="No rejection"
                allowClear
                disabled={!editable}
                options={REASON_OPTIONS}
                value={drafts.get(item.id)?.rejected_reason ?? undefined}
                onChange={(value) => onChange(item.id, { rejected_reason: value ?? null })}
                style={{ width: 200 }}
              />
            )),
        },
        {
          key: 'ship',
          title: 'Ship date',
          render: (_, item) => date(item, 'scheduled_ship_date', 'Ship date'),
        },
        {
          key: 'delivery',
          title: 'Delivery date',
          render: (_, item) => date(item, 'scheduled_delivery_date', 'Delivery date'),
        },
        {
          key: 'left',
          title: 'Left to assign',
          align: 'right',
          render: (_, item) => {
            const draft = drafts.get(item.id);
            const left = draft
              ? unassignedQuantity({ ordered_quantity: item.ordered_quantity, ...draft })
              : 0;
            return (
              <Typography.Text
                type={left === 0 ? 'success' : 'danger'}
                aria-label={labelOf('Left to assign', item)}
              >
                {left}
              </Typography.Text>
            );
          },
        },
        {
          key: 'actions',
          title: 'Actions',
          render: (_, item) => {
            const draft = drafts.get(item.id);
            if (!editable || !draft) return null;
            return (
              <Flex gap={4} wrap>
                <Button
                  size="small"
                  onClick={() =>
                    onChange(item.id, {
                      accepted_quantity: item.ordered_quantity,
                      backordered_quantity: 0,
                      rejected_quantity: 0,
                      rejected_reason: null,
                    })
                  }
                  aria-label={labelOf('Accept all', item)}
                >
                  Accept all
                </Button>
                <Button
                  size="small"
                  type="primary"
                  disabled={!isDirty(item, draft)}
                  loading={savingId === item.id}
                  onClick={() => onSave(item)}
                  aria-label={labelOf('Save item', item)}
                >
                  Save item
                </Button>
              </Flex>
            );
          },
        },
      ]}
    />
  );
}
