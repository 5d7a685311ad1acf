import { RETURN_REASON_DECISION } from '../orders/return.status';

/**
 * The acknowledgement rules of a confirmation order (a retailer's purchase order), pure so the
 * server and the acknowledgement screen check the same things with the same words. The model is
 * Amazon's Vendor Retail Procurement Orders acknowledgement: per item an accepted, a backordered
 * and a rejected quantity, scheduled ship and delivery dates, and a reason for a rejection.
 */

/** Why a quantity is rejected: the spec's return-reason decisions, one vocabulary. */
export const REJECTION_REASON = RETURN_REASON_DECISION;
export type RejectionReason = (typeof REJECTION_REASON.values)[number];

/** An item's acknowledgement as it is being filled in (dates as `YYYY-MM-DD`). */
export interface ItemAcknowledgement {
  ordered_quantity: number;
  accepted_quantity: number;
  backordered_quantity: number;
  rejected_quantity: number;
  rejected_reason: string | null;
  scheduled_ship_date: string | null;
  scheduled_delivery_date: string | null;
}

/** Field → message for one item; empty when the item is fine. */
export type ItemAcknowledgementErrors = Partial<Record<keyof ItemAcknowledgement, string>>;

const REASON_LABELS = ((labels: string[]) => `${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}`)(
  REJECTION_REASON.entries.map((entry) => entry.label),
);

export const ACKNOWLEDGEMENT_MESSAGES = {
  tooMany: (ordered: number, given: number) =>
    `The accepted, backordered and rejected quantities add up to ${given}, more than the ${ordered} ordered.`,
  notEqual: (ordered: number, given: number) =>
    `The accepted, backordered and rejected quantities must add up to the ${ordered} ordered (they add up to ${given}).`,
  reasonNeeded: `A rejected quantity needs a reason: ${REASON_LABELS}.`,
  reasonWithoutRejection: 'A reason is only given when some of the quantity is rejected.',
  unknownReason: `The reason must be ${REASON_LABELS}.`,
  shipDateNeeded: 'A backordered quantity needs a scheduled ship date.',
  deliveryBeforeShip: 'The scheduled delivery date cannot be before the scheduled ship date.',
} as const;

/** How much of the ordered quantity is not yet accepted, backordered or rejected (negative when over). */
export function unassignedQuantity(item: ItemAcknowledgement): number {
  return item.ordered_quantity - item.accepted_quantity - item.backordered_quantity - item.rejected_quantity;
}

/**
 * What is wrong with one item. `complete` is the submission check (every unit accounted for,
 * reasons and dates given); while editing, only what can never become right is flagged (more than
 * ordered, a reason without a rejection, a delivery before the shipment).
 */
export function itemAcknowledgementErrors(
  item: ItemAcknowledgement,
  options: { complete: boolean },
): ItemAcknowledgementErrors {
  const errors: ItemAcknowledgementErrors = {};
  const given = item.accepted_quantity + item.backordered_quantity + item.rejected_quantity;
  if (given > item.ordered_quantity) {
    errors.accepted_quantity = ACKNOWLEDGEMENT_MESSAGES.tooMany(item.ordered_quantity, given);
  } else if (options.complete && given !== item.ordered_quantity) {
    errors.accepted_quantity = ACKNOWLEDGEMENT_MESSAGES.notEqual(item.ordered_quantity, given);
  }
  const reason = item.rejected_reason;
  if (reason !== null && reason !== '' && !REJECTION_REASON.byValue(reason as RejectionReason)) {
    errors.rejected_reason = ACKNOWLEDGEMENT_MESSAGES.unknownReason;
  } else if (item.rejected_quantity > 0 && !reason) {
    if (options.complete) errors.rejected_reason = ACKNOWLEDGEMENT_MESSAGES.reasonNeeded;
  } else if (item.rejected_quantity === 0 && reason) {
    errors.rejected_reason = ACKNOWLEDGEMENT_MESSAGES.reasonWithoutRejection;
  }
  if (options.complete && item.backordered_quantity > 0 && !item.scheduled_ship_date) {
    errors.scheduled_ship_date = ACKNOWLEDGEMENT_MESSAGES.shipDateNeeded;
  }
  if (
    item.scheduled_ship_date &&
    item.scheduled_delivery_date &&
    item.scheduled_delivery_date < item.scheduled_ship_date
  ) {
    errors.scheduled_delivery_date = ACKNOWLEDGEMENT_MESSAGES.deliveryBeforeShip;
  }
  return errors;
}

/**
 * The submission check over every item, as the 422 field map: `items.{index}.{field}` → [message],
 * the index being the item's position in the order (as the items call lists them).
 */
export function acknowledgementErrors(items: readonly ItemAcknowledgement[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  items.forEach((item, index) => {
    for (const [field, message] of Object.entries(itemAcknowledgementErrors(item, { complete: true }))) {
      errors[`items.${index}.${field}`] = [message];
    }
  });
  return errors;
}

/** The time left until the retailer's acknowledgement deadline (null when the order carries none). */
export interface AcknowledgementDeadline {
  acknowledge_by: string;
  /** Whole seconds until the deadline; negative once it has passed. */
  seconds_left: number;
  overdue: boolean;
}

export function acknowledgementDeadline(
  acknowledgeBy: string | Date | null,
  now: Date = new Date(),
): AcknowledgementDeadline | null {
  if (acknowledgeBy === null) return null;
  const deadline = typeof acknowledgeBy === 'string' ? new Date(acknowledgeBy) : acknowledgeBy;
  if (Number.isNaN(deadline.getTime())) return null;
  const secondsLeft = Math.floor((deadline.getTime() - now.getTime()) / 1000);
  return { acknowledge_by: deadline.toISOString(), seconds_left: secondsLeft, overdue: secondsLeft < 0 };
}
