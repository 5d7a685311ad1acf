import {
  ACKNOWLEDGEMENT_MESSAGES,
  acknowledgementDeadline,
  acknowledgementErrors,
  itemAcknowledgementErrors,
  unassignedQuantity,
  type ItemAcknowledgement,
} from '../acknowledgement-rules';

const item = (overrides: Partial<ItemAcknowledgement> = {}): ItemAcknowledgement => ({
  ordered_quantity: 10,
  accepted_quantity: 10,
  backordered_quantity: 0,
  rejected_quantity: 0,
  rejected_reason: null,
  scheduled_ship_date: null,
  scheduled_delivery_date: null,
  ...overrides,
});

describe('acknowledgement rules', () => {
  it('accepts an item whose quantities add up, with reasons and dates where needed', () => {
    expect(itemAcknowledgementErrors(item(), { complete: true })).toEqual({});
    const split = item({
      accepted_quantity: 5,
      backordered_quantity: 3,
      rejected_quantity: 2,
      rejected_reason: 'TemporarilyUnavailable',
      scheduled_ship_date: '2026-12-01',
      scheduled_delivery_date: '2026-12-03',
    });
    expect(itemAcknowledgementErrors(split, { complete: true })).toEqual({});
    expect(unassignedQuantity(split)).toBe(0);
  });

  it('refuses quantities that do not add up to the ordered quantity on submission', () => {
    expect(itemAcknowledgementErrors(item({ accepted_quantity: 7 }), { complete: true })).toEqual({
      accepted_quantity: ACKNOWLEDGEMENT_MESSAGES.notEqual(10, 7),
    });
    expect(ACKNOWLEDGEMENT_MESSAGES.notEqual(10, 7)).toBe(
      'The accepted, backordered and rejected quantities must add up to the 10 ordered (they add up to 7).',
    );
    // While editing, fewer than ordered is fine; more never is.
    expect(itemAcknowledgementErrors(item({ accepted_quantity: 7 }), { complete: false })).toEqual({});
    expect(
      itemAcknowledgementErrors(item({ accepted_quantity: 8, backordered_quantity: 3 }), { complete: false }),
    ).toEqual({ accepted_quantity: ACKNOWLEDGEMENT_MESSAGES.tooMany(10, 11) });
    expect(unassignedQuantity(item({ accepted_quantity: 8, backordered_quantity: 3 }))).toBe(-1);
  });

  it('needs a reason for a rejected quantity, and no reason without one', () => {
    const rejected = item({ accepted_quantity: 8, rejected_quantity: 2 });
    expect(itemAcknowledgementErrors(rejected, { complete: true })).toEqual({
      rejected_reason: ACKNOWLEDGEMENT_MESSAGES.reasonNeeded,
    });
    expect(itemAcknowledgementErrors(rejected, { complete: false })).toEqual({});
    expect(
      itemAcknowledgementErrors(item({ rejected_reason: 'ObsoleteProduct' }), { complete: false }),
    ).toEqual({ rejected_reason: ACKNOWLEDGEMENT_MESSAGES.reasonWithoutRejection });
    expect(
      itemAcknowledgementErrors({ ...rejected, rejected_reason: 'OutOfStock' }, { complete: true }),
    ).toEqual({ rejected_reason: ACKNOWLEDGEMENT_MESSAGES.unknownReason });
    for (const reason of ['TemporarilyUnavailable', 'InvalidProductIdentifier', 'ObsoleteProduct']) {
      expect(itemAcknowledgementErrors({ ...rejected, rejected_reason: reason }, { complete: true })).toEqual(
        {},
      );
    }
  });

  it('needs a scheduled ship date for a backordered quantity, and a delivery no earlier than it', () => {
    const backordered = item({ accepted_quantity: 6, backordered_quantity: 4 });
    expect(itemAcknowledgementErrors(backordered, { complete: true })).toEqual({
      scheduled_ship_date: ACKNOWLEDGEMENT_MESSAGES.shipDateNeeded,
    });
    expect(
      itemAcknowledgementErrors(
        { ...backordered, scheduled_ship_date: '2026-12-05', scheduled_delivery_date: '2026-12-04' },
        { complete: false },
      ),
    ).toEqual({ scheduled_delivery_date: ACKNOWLEDGEMENT_MESSAGES.deliveryBeforeShip });
  });

  it('maps every item’s problems to items.{index}.{field}', () => {
    const errors = acknowledgementErrors([
      item(),
      item({ accepted_quantity: 9 }),
      item({ accepted_quantity: 7, rejected_quantity: 1, backordered_quantity: 2 }),
    ]);
    expect(errors).toEqual({
      'items.1.accepted_quantity': [ACKNOWLEDGEMENT_MESSAGES.notEqual(10, 9)],
      'items.2.rejected_reason': [ACKNOWLEDGEMENT_MESSAGES.reasonNeeded],
      'items.2.scheduled_ship_date': [ACKNOWLEDGEMENT_MESSAGES.shipDateNeeded],
    });
  });

  it('gives the time left until the deadline, negative once it has passed', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    expect(acknowledgementDeadline(null, now)).toBeNull();
    expect(acknowledgementDeadline('2026-11-24T12:00:00Z', now)).toEqual({
      acknowledge_by: '2026-11-24T12:00:00.000Z',
      seconds_left: 86_400,
      overdue: false,
    });
    expect(acknowledgementDeadline(new Date('2026-11-23T11:59:00Z'), now)).toEqual({
      acknowledge_by: '2026-11-23T11:59:00.000Z',
      seconds_left: -60,
      overdue: true,
    });
  });
});
