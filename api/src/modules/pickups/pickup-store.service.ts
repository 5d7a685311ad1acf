import { randomUUID } from 'node:crypto';
import type { Attributes, Sequelize } from 'sequelize';
import {
  PICKUP_STORE_SYNC_STATUS,
  type CreatePickupStoreInput,
  type ListResponse,
  type PickupStoreDto,
  type UpdatePickupStoreInput,
} from '@syncdesk/contracts';
import type { PickupStore } from '../../db/courier.models';
import type { Models } from '../../db/models';
import { findPage, type ListQueryInput, type ListQuerySpec } from '../../http/list-query';
import type { RequestScope } from '../../http/request-scope';
import { changedFields, type ActivityService } from '../activities/activity.service';
import { findPickupChannel, findPickupStore, type PickupPath } from './pickup-access';
import { toPickupStoreDto } from './pickup.mapper';

const LIST_SPEC: ListQuerySpec<Attributes<PickupStore>> = {
  filters: {
    name: { type: 'string', operators: ['eq', 'like'] },
    city: { type: 'string', operators: ['eq', 'like'] },
    postcode: { type: 'string', operators: ['eq', 'like'] },
    country_code: { type: 'string', operators: ['eq', 'in'] },
    store_sync_status: { type: 'number', operators: ['eq', 'in'] },
    is_active: { type: 'boolean', operators: ['eq'] },
  },
  dateRanges: { created_at: {}, updated_at: {} },
  search: ['name', 'city', 'postcode', 'address_line1', 'phone'],
  sort: {
    fields: ['name', 'city', 'store_sync_status', 'is_active', 'created_at'],
    default: { field: 'name', direction: 'asc' },
  },
};

const SYNC = {
  pending: PICKUP_STORE_SYNC_STATUS.byKey('pending').value,
  updated: PICKUP_STORE_SYNC_STATUS.byKey('updated').value,
  updatedStatus: PICKUP_STORE_SYNC_STATUS.byKey('updated_status').value,
};

/**
 * What the channel still has to be told after a change. A store still pending was never sent,
 * so it stays pending (the create carries everything); otherwise the change is marked.
 */
function syncStatusAfter(current: number, change: 'details' | 'status'): number {
  if (current === SYNC.pending) return SYNC.pending;
  return change === 'details' ? SYNC.updated : SYNC.updatedStatus;
}

/** Click-and-collect locations of a sales channel (spec §7 "Pickup stores"). */
export interface PickupStoreService {
  list(scope: RequestScope, path: PickupPath, query: ListQueryInput): Promise<ListResponse<PickupStoreDto>>;
  show(scope: RequestScope, path: PickupPath, id: number): Promise<PickupStoreDto>;
  create(scope: RequestScope, path: PickupPath, input: CreatePickupStoreInput): Promise<PickupStoreDto>;
  update(
    scope: RequestScope,
    path: PickupPath,
    id: number,
    input: UpdatePickupStoreInput,
  ): Promise<PickupStoreDto>;
  /** The status-update call: switches the store on or off at the channel. */
  setActive(scope: RequestScope, path: PickupPath, id: number, isActive: boolean): Promise<PickupStoreDto>;
  /** Removes the store with its products. */
  remove(scope: RequestScope, path: PickupPath, id: number): Promise<void>;
}

export function createPickupStoreService(deps: {
  sequelize: Sequelize;
  models: Models;
  activities: ActivityService;
}): PickupStoreService {
  const { models } = deps;

  const recorded = (row: PickupStore) => ({
    channel_id: row.channel_id,
    name: row.name,
    address_line1: row.address_line1,
    address_line2: row.address_line2,
    city: row.city,
    postcode: row.postcode,
    country_code: row.country_code,
    phone: row.phone,
    is_active: row.is_active,
  });

  async function recordChange(scope: RequestScope, event: string, row: PickupStore, before: object) {
    const changed = changedFields(before as Record<string, unknown>, recorded(row));
    if (!changed) return;
    await deps.activities.record(scope, {
      event,
      subjectType: 'pickup_store',
      subjectId: row.id,
      ...changed,
    });
  }

  return {
    async list(scope, path, query) {
      const channel = await findPickupChannel(models, scope, path);
      return findPage(
        models.PickupStore,
        query,
        LIST_SPEC,
        { channel_id: channel.id },
        { map: toPickupStoreDto },
      );
    },

    async show(scope, path, id) {
      return toPickupStoreDto(await findPickupStore(models, scope, path, id));
    },

    async create(scope, path, input) {
      const channel = await findPickupChannel(models, scope, path);
      const row = await models.PickupStore.create({
        uuid: randomUUID(),
        company_id: channel.company_id,
        store_id: channel.store_id,
        channel_id: channel.id,
        name: input.name,
        address_line1: input.address_line1,
        address_line2: input.address_line2 ?? null,
        city: input.city,
        postcode: input.postcode,
        country_code: input.country_code,
        phone: input.phone ?? null,
        store_sync_status: SYNC.pending,
        is_active: input.is_active ?? true,
      });
      await deps.activities.record(scope, {
        event: 'pickup_store.created',
        subjectType: 'pickup_store',
        subjectId: row.id,
        new: recorded(row),
      });
      return toPickupStoreDto(row);
    },

    async update(scope, path, id, input) {
      const row = await findPickupStore(models, scope, path, id);
      const before = recorded(row);
      const changes = Object.fromEntries(
        Object.entries(input).filter(([, value]) => value !== undefined),
      ) as Partial<Attributes<PickupStore>>;
      row.set(changes);
      const changedKeys = row.changed() || [];
      if (changedKeys.length > 0) {
        // Switching on or off alone is a status change, as through statusUpdate.
        const change = changedKeys.every((key) => key === 'is_active') ? 'status' : 'details';
        row.store_sync_status = syncStatusAfter(row.store_sync_status, change);
      }
      await row.save();
      await recordChange(scope, 'pickup_store.updated', row, before);
      return toPickupStoreDto(row);
    },

    async setActive(scope, path, id, isActive) {
      const row = await findPickupStore(models, scope, path, id);
      const before = recorded(row);
      if (row.is_active !== isActive) {
        await row.update({
          is_active: isActive,
          store_sync_status: syncStatusAfter(row.store_sync_status, 'status'),
        });
        await recordChange(scope, 'pickup_store.status_updated', row, before);
      }
      return toPickupStoreDto(row);
    },

    async remove(scope, path, id) {
      const row = await findPickupStore(models, scope, path, id);
      await deps.sequelize.transaction(async (transaction) => {
        await models.PickupProduct.destroy({ where: { pickup_store_id: row.id }, transaction });
        await row.destroy({ transaction });
      });
      await deps.activities.record(scope, {
        event: 'pickup_store.deleted',
        subjectType: 'pickup_store',
        subjectId: row.id,
        old: recorded(row),
      });
    },
  };
}
