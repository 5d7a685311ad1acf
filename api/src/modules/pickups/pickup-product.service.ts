import type { Attributes, Sequelize } from 'sequelize';
import {
  pickupStatusRefusal,
  SHOPIFY_PICKUP_SYNC_STATUS,
  type CreatePickupProductInput,
  type ListResponse,
  type PickupProductDto,
  type UpdatePickupProductInput,
} from '@syncdesk/contracts';
import type { PickupProduct, PickupStore } from '../../db/courier.models';
import type { Models } from '../../db/models';
import { AppError } from '../../http/app-error';
import { findPage, type ListQueryInput, type ListQuerySpec } from '../../http/list-query';
import type { RequestScope } from '../../http/request-scope';
import { changedFields, type ActivityService } from '../activities/activity.service';
import { findPickupStore, type PickupPath } from './pickup-access';
import { toPickupProductDto } from './pickup.mapper';

const LIST_SPEC: ListQuerySpec<Attributes<PickupProduct>> = {
  filters: {
    product_sku: { type: 'string', operators: ['eq', 'like', 'in'] },
    title: { type: 'string', operators: ['eq', 'like'] },
    pickup_status: { type: 'string', operators: ['eq', 'in'] },
    status: { type: 'number', operators: ['eq', 'in'] },
  },
  dateRanges: { created_at: {}, updated_at: {} },
  search: ['product_sku', 'title'],
  sort: {
    fields: ['product_sku', 'title', 'quantity', 'pickup_status', 'created_at'],
    default: { field: 'created_at', direction: 'asc' },
  },
};

export const NO_PRODUCT_WITH_SKU = 'There is no product with this SKU in this store.';

/** A pickup step is waiting to be sent to Shopify once it is taken. */
const SYNC_PENDING = SHOPIFY_PICKUP_SYNC_STATUS.byKey('pending').value;

/** Products waiting at a pickup store, and their click-and-collect steps. */
export interface PickupProductService {
  list(
    scope: RequestScope,
    path: PickupPath,
    pickupId: number,
    query: ListQueryInput,
  ): Promise<ListResponse<PickupProductDto>>;
  show(scope: RequestScope, path: PickupPath, pickupId: number, productId: number): Promise<PickupProductDto>;
  create(
    scope: RequestScope,
    path: PickupPath,
    pickupId: number,
    input: CreatePickupProductInput,
  ): Promise<PickupProductDto>;
  /** Details and/or the next pickup step (one step forward only, else 422). */
  update(
    scope: RequestScope,
    path: PickupPath,
    pickupId: number,
    productId: number,
    input: UpdatePickupProductInput,
  ): Promise<PickupProductDto>;
  remove(scope: RequestScope, path: PickupPath, pickupId: number, productId: number): Promise<void>;
  /** Deletes every product of the pickup store; answers how many went. */
  removeAll(scope: RequestScope, path: PickupPath, pickupId: number): Promise<number>;
}

export function createPickupProductService(deps: {
  sequelize: Sequelize;
  models: Models;
  activities: ActivityService;
}): PickupProductService {
  const { models } = deps;

  async function findProduct(pickup: PickupStore, productId: number): Promise<PickupProduct> {
    const row = await models.PickupProduct.findOne({
      where: { id: productId, pickup_store_id: pickup.id },
    });
    if (!row) throw AppError.notFound();
    return row;
  }

  /** A pickup line is one of the store's products: the SKU must be one (the product's own spelling is kept). */
  async function findStoreProduct(pickup: PickupStore, sku: string): Promise<{ id: number; sku: string }> {
    const product = await models.Product.findOne({
      where: { store_id: pickup.store_id, sku },
      attributes: ['id', 'sku'],
    });
    if (!product) throw AppError.validation({ product_sku: [NO_PRODUCT_WITH_SKU] }, NO_PRODUCT_WITH_SKU);
    return { id: product.id, sku: product.sku };
  }

  const recorded = (row: PickupProduct) => ({
    pickup_store_id: row.pickup_store_id,
    product_sku: row.product_sku,
    title: row.title,
    quantity: row.quantity,
    pickup_status: row.pickup_status,
  });

  return {
    async list(scope, path, pickupId, query) {
      const pickup = await findPickupStore(models, scope, path, pickupId);
      return findPage(
        models.PickupProduct,
        query,
        LIST_SPEC,
        { pickup_store_id: pickup.id },
        { map: toPickupProductDto },
      );
    },

    async show(scope, path, pickupId, productId) {
      return toPickupProductDto(
        await findProduct(await findPickupStore(models, scope, path, pickupId), productId),
      );
    },

    async create(scope, path, pickupId, input) {
      const pickup = await findPickupStore(models, scope, path, pickupId);
      const product = await findStoreProduct(pickup, input.product_sku);
      const row = await models.PickupProduct.create({
        pickup_store_id: pickup.id,
        product_sku: product.sku,
        product_id: product.id,
        title: input.title ?? null,
        quantity: input.quantity,
      });
      await deps.activities.record(scope, {
        event: 'pickup_product.created',
        subjectType: 'pickup_product',
        subjectId: row.id,
        new: recorded(row),
      });
      return toPickupProductDto(row);
    },

    async update(scope, path, pickupId, productId, input) {
      const pickup = await findPickupStore(models, scope, path, pickupId);
      const row = await findProduct(pickup, productId);
      const before = recorded(row);
      const { pickup_status: nextStatus, ...details } = input;
      const changes = Object.fromEntries(
        Object.entries(details).filter(([, value]) => value !== undefined),
      ) as Partial<Attributes<PickupProduct>>;
      if (details.product_sku !== undefined) {
        const product = await findStoreProduct(pickup, details.product_sku);
        changes.product_sku = product.sku;
        changes.product_id = product.id;
      }
      if (nextStatus !== undefined && nextStatus !== row.pickup_status) {
        const refusal = pickupStatusRefusal(row.pickup_status, nextStatus);
        if (refusal) throw AppError.validation({ pickup_status: [refusal] }, refusal);
        changes.pickup_status = nextStatus;
        changes.status = SYNC_PENDING;
      }
      await row.update(changes);
      const changed = changedFields(before, recorded(row));
      if (changed) {
        await deps.activities.record(scope, {
          event: 'pickup_product.updated',
          subjectType: 'pickup_product',
          subjectId: row.id,
          ...changed,
        });
      }
      return toPickupProductDto(row);
    },

    async remove(scope, path, pickupId, productId) {
      const row = await findProduct(await findPickupStore(models, scope, path, pickupId), productId);
      await row.destroy();
      await deps.activities.record(scope, {
        event: 'pickup_product.deleted',
        subjectType: 'pickup_product',
        subjectId: row.id,
        old: recorded(row),
      });
    },

    async removeAll(scope, path, pickupId) {
      const pickup = await findPickupStore(models, scope, path, pickupId);
      const deleted = await models.PickupProduct.destroy({ where: { pickup_store_id: pickup.id } });
      if (deleted > 0) {
        await deps.activities.record(scope, {
          event: 'pickup_product.deleted_all',
          subjectType: 'pickup_store',
          subjectId: pickup.id,
          old: { products: deleted },
        });
      }
      return deleted;
    },
  };
}
