import {
  itemAcknowledgementErrors,
  type ConfirmationOrderItemDto,
  type ItemAcknowledgement,
  type ItemAcknowledgementErrors,
  type UpdateConfirmationOrderItemInput,
} from '@syncdesk/contracts';

/** The editable part of an item, as the screen holds it while the seller types. */
export type AcknowledgementDraft = Omit<ItemAcknowledgement, 'ordered_quantity'>;

export const DRAFT_FIELDS = [
  'accepted_quantity',
  'backordered_quantity',
  'rejected_quantity',
  'rejected_reason',
  'scheduled_ship_date',
  'scheduled_delivery_date',
] as const satisfies readonly (keyof AcknowledgementDraft)[];

export function draftOf(item: ConfirmationOrderItemDto): AcknowledgementDraft {
  return {
    accepted_quantity: item.accepted_quantity,
    backordered_quantity: item.backordered_quantity,
    rejected_quantity: item.rejected_quantity,
    rejected_reason: item.rejected_reason,
    scheduled_ship_date: item.scheduled_ship_date,
    scheduled_delivery_date: item.scheduled_delivery_date,
  };
}

/** The fields the seller changed since the item was saved: the body of `updateItem`. */
export function changedInput(
  item: ConfirmationOrderItemDto,
  draft: AcknowledgementDraft,
): UpdateConfirmationOrderItemInput {
  const saved = draftOf(item);
  const input: Record<string, unknown> = {};
  for (const field of DRAFT_FIELDS) {
    if ((draft[field] ?? null) !== (saved[field] ?? null)) input[field] = draft[field] ?? null;
  }
  return input as UpdateConfirmationOrderItemInput;
}

export function isDirty(item: ConfirmationOrderItemDto, draft: AcknowledgementDraft): boolean {
  return Object.keys(changedInput(item, draft)).length > 0;
}

/**
 * The item's errors by the contracts' rules (the server checks the same): while editing only what
 * can never become right; once the seller has tried to submit, everything a submission needs.
 */
export function draftErrors(
  item: ConfirmationOrderItemDto,
  draft: AcknowledgementDraft,
  complete: boolean,
): ItemAcknowledgementErrors {
  return itemAcknowledgementErrors({ ordered_quantity: item.ordered_quantity, ...draft }, { complete });
}

/** A 422 of `submitAcKnowledgement` (`items.{index}.{field}`) as errors per item id. */
export function submitErrorsByItem(
  items: readonly ConfirmationOrderItemDto[],
  errors: Record<string, string[]>,
): Map<number, ItemAcknowledgementErrors> {
  const byItem = new Map<number, ItemAcknowledgementErrors>();
  for (const [key, messages] of Object.entries(errors)) {
    const match = /^items\.(\d+)\.(\w+)$/.exec(key);
    const item = match ? items[Number(match[1])] : undefined;
    const message = messages[0];
    if (!match || !item || !message) continue;
    byItem.set(item.id, { ...byItem.get(item.id), [match[2] as keyof ItemAcknowledgement]: message });
  }
  return byItem;
}

/** A 422 of `updateItem` (`{ field: [message] }`) as the item's errors. */
export function itemErrorsOf(errors: Record<string, string[]>): ItemAcknowledgementErrors {
  const result: ItemAcknowledgementErrors = {};
  for (const [field, messages] of Object.entries(errors)) {
    if (messages[0]) result[field as keyof ItemAcknowledgement] = messages[0];
  }
  return result;
}
