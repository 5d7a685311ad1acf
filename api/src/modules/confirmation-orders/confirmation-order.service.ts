import type { Attributes, Sequelize, Transaction } from 'sequelize';
import { Op } from 'sequelize';
import {
  acknowledgementErrors,
  itemAcknowledgementErrors,
  PURCHASE_ORDER_STATUS,
  type ConfirmationOrderDetailDto,
  type ConfirmationOrderDto,
  type ConfirmationOrderItemDto,
  type ItemAcknowledgement,
  type ListResponse,
  type UpdateConfirmationOrderInput,
  type UpdateConfirmationOrderItemInput,
} from '@syncdesk/contracts';
import type { ConfirmationOrder, ConfirmationOrderItem } from '../../db/confirmation-order.models';
import type { Models } from '../../db/models';
import { AppError } from '../../http/app-error';
import { findPage, type ListQueryInput, type ListQuerySpec } from '../../http/list-query';
import type { RequestScope } from '../../http/request-scope';
import { changedFields, type ActivityService } from '../activities/activity.service';
import { findReachableStore } from '../stores/store-access';
import {
  toConfirmationOrderDetailDto,
  toConfirmationOrderDto,
  toConfirmationOrderItemDto,
} from './confirmation-order.mapper';

export const CONFIRMATION_ORDER_SUBJECT = 'confirmation_order';

export const CONFIRMATION_ORDER_MESSAGES = {
  processing:
    "This confirmation order's acknowledgement is being sent to the channel. Wait for the result before changing or submitting it again.",
  acknowledged: 'This confirmation order has already been acknowledged; it can no longer be changed.',
  noItems: 'This confirmation order has no items to acknowledge.',
  submitted: 'Acknowledgement submitted; it is being sent to the channel.',
} as const;

/** What `GET confirmationOrders/{storeId}` filters, searches and sorts on; the export selects with it too. */
export const CONFIRMATION_ORDER_LIST_SPEC: ListQuerySpec<Attributes<ConfirmationOrder>> = {
  filters: {
    status: { type: 'string', operators: ['eq', 'in'] },
    acknowledge_sync_status: { type: 'string', operators: ['eq', 'in'] },
    channel_id: { type: 'number', operators: ['eq', 'in'] },
    purchase_order_number: { type: 'string', operators: ['eq', 'like'] },
    order_date: { type: 'date', operators: ['eq', 'gte', 'lte', 'gt', 'lt'] },
    acknowledge_by: { type: 'date', operators: ['eq', 'gte', 'lte', 'gt', 'lt'] },
  },
  dateRanges: { order_date: {}, acknowledge_by: {}, created_at: {} },
  search: ['purchase_order_number'],
  sort: {
    fields: [
      'order_date',
      'acknowledge_by',
      'purchase_order_number',
      'status',
      'acknowledge_sync_status',
      'created_at',
    ],
    default: { field: 'order_date', direction: 'desc' },
  },
};

/** The confirmation orders of a store (spec §7 "Confirmation orders"). */
export interface ConfirmationOrderService {
  list(
    scope: RequestScope,
    storeId: number,
    query: ListQueryInput,
  ): Promise<ListResponse<ConfirmationOrderDto>>;
  show(scope: RequestScope, storeId: number, id: number): Promise<ConfirmationOrderDetailDto>;
  /** The items in the order the 422 field map of `submitAcknowledgement` counts them. */
  items(scope: RequestScope, storeId: number, id: number): Promise<ConfirmationOrderItemDto[]>;
  update(
    scope: RequestScope,
    storeId: number,
    id: number,
    input: UpdateConfirmationOrderInput,
  ): Promise<ConfirmationOrderDetailDto>;
  updateItem(
    scope: RequestScope,
    storeId: number,
    id: number,
    itemId: number,
    input: UpdateConfirmationOrderItemInput,
  ): Promise<ConfirmationOrderItemDto>;
  /** Checks every item and moves the acknowledgement pending/failed → processing. */
  submitAcknowledgement(
    scope: RequestScope,
    storeId: number,
    id: number,
  ): Promise<ConfirmationOrderDetailDto>;
  /** Resolves when the caller may read this confirmation order (its activities); 404 otherwise. */
  reach(scope: RequestScope, id: number): Promise<void>;
  /** For the sync engine: the channel's answer to a submitted acknowledgement. */
  recordAcknowledgeResult(
    id: number,
    result: { status: 'success' | 'failed'; error?: string | null },
  ): Promise<void>;
}

/** The header fields an activity records for the seller's and the import's changes. */
export function recordedHeader(row: ConfirmationOrder) {
  return {
    purchase_order_number: row.purchase_order_number,
    status: row.status,
    order_date: row.order_date ? new Date(row.order_date).toISOString() : null,
    acknowledge_by: row.acknowledge_by ? new Date(row.acknowledge_by).toISOString() : null,
    ship_window_start: row.ship_window_start ? new Date(row.ship_window_start).toISOString() : null,
    ship_window_end: row.ship_window_end ? new Date(row.ship_window_end).toISOString() : null,
    buyer_party_id: row.buyer_party_id,
    ship_to_party_id: row.ship_to_party_id,
    selling_party_id: row.selling_party_id,
    currency: row.currency,
    seller_note: row.seller_note ?? null,
  };
}

function recordedItem(row: ConfirmationOrderItem) {
  return {
    accepted_quantity: row.accepted_quantity,
    backordered_quantity: row.backordered_quantity,
    rejected_quantity: row.rejected_quantity,
    rejected_reason: row.rejected_reason ?? null,
    scheduled_ship_date: row.scheduled_ship_date ?? null,
    scheduled_delivery_date: row.scheduled_delivery_date ?? null,
  };
}

const acknowledgementOf = (row: ConfirmationOrderItem): ItemAcknowledgement => ({
  ordered_quantity: row.ordered_quantity,
  ...recordedItem(row),
});

/** Refuses a change once the acknowledgement is on its way or done (pending and failed may change). */
function assertChangeable(order: ConfirmationOrder): void {
  if (order.acknowledge_sync_status === 'processing') {
    throw AppError.validation(
      { acknowledge_sync_status: [CONFIRMATION_ORDER_MESSAGES.processing] },
      CONFIRMATION_ORDER_MESSAGES.processing,
    );
  }
  if (order.acknowledge_sync_status === 'success') {
    throw AppError.validation(
      { acknowledge_sync_status: [CONFIRMATION_ORDER_MESSAGES.acknowledged] },
      CONFIRMATION_ORDER_MESSAGES.acknowledged,
    );
  }
}

/** Activities are written once the change is committed (and never hold the transaction open). */
type Deferred = (() => Promise<void>)[];
async function runDeferred(later: Deferred): Promise<void> {
  for (const run of later) await run();
}

export function createConfirmationOrderService(deps: {
  sequelize: Sequelize;
  models: Models;
  activities: ActivityService;
}): ConfirmationOrderService {
  const { models, sequelize } = deps;

  async function channelNames(ids: readonly number[]): Promise<Map<number, string>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const rows = await models.Channel.findAll({
      where: { id: { [Op.in]: unique } },
      attributes: ['id', 'name'],
    });
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  /** The order of the store in the path; another store's (or company's) is the same 404 as none. */
  async function findOrder(
    scope: RequestScope,
    storeId: number,
    id: number,
    transaction?: Transaction,
  ): Promise<ConfirmationOrder> {
    const { store } = await findReachableStore(models, scope, storeId);
    const order = await models.ConfirmationOrder.findOne({
      where: { id, store_id: store.id },
      transaction,
      lock: transaction ? transaction.LOCK.UPDATE : undefined,
    });
    if (!order) throw AppError.notFound();
    return order;
  }

  const itemsOf = (orderId: number, transaction?: Transaction) =>
    models.ConfirmationOrderItem.findAll({
      where: { confirmation_order_id: orderId },
      order: [['id', 'ASC']],
      transaction,
    });

  async function detail(order: ConfirmationOrder): Promise<ConfirmationOrderDetailDto> {
    const names = await channelNames([order.channel_id]);
    return toConfirmationOrderDetailDto(order, names.get(order.channel_id) ?? null);
  }

  const record = (
    scope: RequestScope | null,
    orderId: number,
    companyId: number,
    event: string,
    values: { old?: Record<string, unknown> | null; new?: Record<string, unknown> | null },
  ) =>
    deps.activities.record(scope, {
      event,
      subjectType: CONFIRMATION_ORDER_SUBJECT,
      subjectId: orderId,
      companyId,
      ...values,
    });

  return {
    async list(scope, storeId, query) {
      const { store } = await findReachableStore(models, scope, storeId);
      const page = await findPage(models.ConfirmationOrder, query, CONFIRMATION_ORDER_LIST_SPEC, {
        store_id: store.id,
      });
      const names = await channelNames(page.data.map((row) => row.channel_id));
      return {
        ...page,
        data: page.data.map((row) => toConfirmationOrderDto(row, names.get(row.channel_id) ?? null)),
      };
    },

    async show(scope, storeId, id) {
      return detail(await findOrder(scope, storeId, id));
    },

    async items(scope, storeId, id) {
      const order = await findOrder(scope, storeId, id);
      return (await itemsOf(order.id)).map(toConfirmationOrderItemDto);
    },

    async update(scope, storeId, id, input) {
      const later: Deferred = [];
      const order = await sequelize.transaction(async (transaction) => {
        const row = await findOrder(scope, storeId, id, transaction);
        const before = recordedHeader(row);
        // The note is the seller's own and stays editable; what the channel is told is locked once sent.
        if (input.selling_party_id !== undefined && input.selling_party_id !== row.selling_party_id) {
          assertChangeable(row);
          row.selling_party_id = input.selling_party_id;
        }
        if (input.seller_note !== undefined) row.seller_note = input.seller_note;
        if (row.changed()) await row.save({ transaction });
        const changed = changedFields(before, recordedHeader(row));
        if (changed)
          later.push(() => record(scope, row.id, row.company_id, 'confirmation_order.updated', changed));
        return row;
      });
      await runDeferred(later);
      return detail(order);
    },

    async updateItem(scope, storeId, id, itemId, input) {
      const later: Deferred = [];
      const dto = await sequelize.transaction(async (transaction) => {
        const order = await findOrder(scope, storeId, id, transaction);
        const item = await models.ConfirmationOrderItem.findOne({
          where: { id: itemId, confirmation_order_id: order.id },
          transaction,
        });
        if (!item) throw AppError.notFound();
        assertChangeable(order);
        const before = recordedItem(item);
        const next = { ...acknowledgementOf(item) };
        for (const [key, value] of Object.entries(input)) {
          if (value !== undefined) (next as Record<string, unknown>)[key] = value;
        }
        const errors = itemAcknowledgementErrors(next, { complete: false });
        const entries = Object.entries(errors);
        if (entries.length > 0) {
          throw AppError.validation(
            Object.fromEntries(entries.map(([field, message]) => [field, [message]])),
          );
        }
        item.set({
          accepted_quantity: next.accepted_quantity,
          backordered_quantity: next.backordered_quantity,
          rejected_quantity: next.rejected_quantity,
          rejected_reason: next.rejected_reason || null,
          scheduled_ship_date: next.scheduled_ship_date || null,
          scheduled_delivery_date: next.scheduled_delivery_date || null,
        });
        if (item.changed()) {
          await item.save({ transaction });
          const changed = changedFields(before, recordedItem(item));
          if (changed) {
            later.push(() =>
              record(scope, order.id, order.company_id, 'confirmation_order.item_updated', {
                old: { item_sequence_number: item.item_sequence_number, sku: item.sku, ...changed.old },
                new: { item_sequence_number: item.item_sequence_number, sku: item.sku, ...changed.new },
              }),
            );
          }
        }
        return toConfirmationOrderItemDto(item);
      });
      await runDeferred(later);
      return dto;
    },

    async submitAcknowledgement(scope, storeId, id) {
      const later: Deferred = [];
      const order = await sequelize.transaction(async (transaction) => {
        const row = await findOrder(scope, storeId, id, transaction);
        assertChangeable(row);
        const items = await itemsOf(row.id, transaction);
        if (items.length === 0)
          throw AppError.validation(
            { items: [CONFIRMATION_ORDER_MESSAGES.noItems] },
            CONFIRMATION_ORDER_MESSAGES.noItems,
          );
        const errors = acknowledgementErrors(items.map(acknowledgementOf));
        if (Object.keys(errors).length > 0) {
          throw AppError.validation(errors, 'Some items are not fully acknowledged yet.');
        }
        // Conditional on the state read, so two submissions racing each other can't both pass.
        const [moved] = await models.ConfirmationOrder.update(
          {
            acknowledge_sync_status: 'processing',
            acknowledged_at: new Date(),
            acknowledged_by: scope.userId,
            acknowledge_error: null,
          },
          { where: { id: row.id, acknowledge_sync_status: row.acknowledge_sync_status }, transaction },
        );
        if (moved === 0) {
          throw AppError.validation(
            { acknowledge_sync_status: [CONFIRMATION_ORDER_MESSAGES.processing] },
            CONFIRMATION_ORDER_MESSAGES.processing,
          );
        }
        for (const item of items) {
          const rejectedAll = item.rejected_quantity === item.ordered_quantity;
          await item.update(
            { acknowledge_status: 'processing', request_state: rejectedAll ? 'Rejected' : 'Accepted' },
            { transaction },
          );
        }
        const submitted = {
          old: { acknowledge_sync_status: row.acknowledge_sync_status },
          new: {
            acknowledge_sync_status: 'processing',
            items: items.map((item) => ({
              item_sequence_number: item.item_sequence_number,
              sku: item.sku,
              ...recordedItem(item),
            })),
          },
        };
        later.push(() =>
          record(scope, row.id, row.company_id, 'confirmation_order.acknowledgement_submitted', submitted),
        );
        await row.reload({ transaction });
        return row;
      });
      await runDeferred(later);
      return detail(order);
    },

    async reach(scope, id) {
      const order = await models.ConfirmationOrder.findByPk(id, { attributes: ['id', 'store_id'] });
      await findOrder(scope, order?.store_id ?? 0, id);
    },

    async recordAcknowledgeResult(id, result) {
      const order = await models.ConfirmationOrder.findByPk(id);
      if (!order) throw AppError.notFound();
      const before = order.acknowledge_sync_status;
      await sequelize.transaction(async (transaction) => {
        await order.update(
          {
            acknowledge_sync_status: result.status,
            acknowledge_error: result.status === 'failed' ? (result.error ?? null) : null,
          },
          { transaction },
        );
        await models.ConfirmationOrderItem.update(
          { acknowledge_status: result.status },
          { where: { confirmation_order_id: order.id }, transaction },
        );
      });
      await record(null, order.id, order.company_id, 'confirmation_order.acknowledge_synced', {
        old: { acknowledge_sync_status: before },
        new: { acknowledge_sync_status: result.status, acknowledge_error: order.acknowledge_error },
      });
    },
  };
}

export const DEFAULT_PURCHASE_ORDER_STATUS = PURCHASE_ORDER_STATUS.byKey('placed').value;
