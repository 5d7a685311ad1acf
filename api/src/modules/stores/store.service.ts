import { Op, type Attributes, type Sequelize, type Transaction } from 'sequelize';
import type { CreateStoreInput, ListResponse, StoreDto, UpdateStoreInput } from '@syncdesk/contracts';
import { findPage, type ListQueryInput, type ListQuerySpec } from '../../http/list-query';
import type { RequestScope } from '../../http/request-scope';
import type { Models, Store, StoreNotification } from '../../db/models';
import { changedFields, type ActivityService } from '../activities/activity.service';
import { findOwnStore, findReachableStore } from './store-access';
import { toStoreDto } from './store.mapper';

const LIST_SPEC: ListQuerySpec<Attributes<Store>> = {
  filters: {
    name: { type: 'string', operators: ['eq', 'like'] },
    company_id: { type: 'number', operators: ['eq'] },
  },
  dateRanges: { created_at: {} },
  search: ['name'],
  sort: { fields: ['name', 'created_at'], default: { field: 'name', direction: 'asc' } },
};

/** Stores of the caller's company plus those other companies shared with it; changes to own stores only. */
export interface StoreService {
  list(scope: RequestScope, query: ListQueryInput): Promise<ListResponse<StoreDto>>;
  show(scope: RequestScope, id: number): Promise<StoreDto>;
  create(scope: RequestScope, input: CreateStoreInput): Promise<StoreDto>;
  update(scope: RequestScope, id: number, input: UpdateStoreInput): Promise<StoreDto>;
  /** Replaces the store's notification e-mails with this list. */
  replaceNotifications(scope: RequestScope, id: number, emails: string[]): Promise<StoreDto>;
  /** Removes the store with its shares and notification e-mails. */
  remove(scope: RequestScope, id: number): Promise<void>;
}

export function createStoreService(deps: {
  sequelize: Sequelize;
  models: Models;
  activities: ActivityService;
}): StoreService {
  const { models } = deps;

  async function notificationsOf(storeIds: number[]): Promise<Map<number, StoreNotification[]>> {
    const byStore = new Map<number, StoreNotification[]>();
    if (storeIds.length === 0) return byStore;
    const rows = await models.StoreNotification.findAll({
      where: { store_id: { [Op.in]: storeIds } },
      order: [['id', 'ASC']],
    });
    for (const row of rows) {
      const list = byStore.get(row.store_id) ?? [];
      list.push(row);
      byStore.set(row.store_id, list);
    }
    return byStore;
  }

  async function toDto(scope: RequestScope, store: Store): Promise<StoreDto> {
    const notifications = await notificationsOf([store.id]);
    return toStoreDto(scope, store, notifications.get(store.id) ?? []);
  }

  /**
   * Makes the store's notification e-mails exactly `emails` (already lower-cased by the schema),
   * keeping the rows of addresses that stay so their ids don't change. Returns both lists for the log.
   */
  async function syncNotifications(
    storeId: number,
    emails: string[],
    transaction: Transaction,
  ): Promise<{ before: string[]; after: string[] }> {
    const wanted = [...new Set(emails)];
    const existing = await models.StoreNotification.findAll({
      where: { store_id: storeId },
      order: [['id', 'ASC']],
      transaction,
    });
    const before = existing.map((row) => row.email);
    const stale = existing.filter((row) => !wanted.includes(row.email)).map((row) => row.id);
    if (stale.length) {
      await models.StoreNotification.destroy({ where: { id: { [Op.in]: stale } }, transaction });
    }
    const added = wanted.filter((email) => !before.includes(email));
    if (added.length) {
      await models.StoreNotification.bulkCreate(
        added.map((email) => ({ store_id: storeId, email })),
        { transaction },
      );
    }
    // Sorted, so the log compares sets: the same addresses in another order are no change.
    return { before: [...before].sort(), after: [...wanted].sort() };
  }

  return {
    async list(scope, query) {
      const shares = await models.StoreShare.findAll({
        where: { company_id: scope.companyId },
        attributes: ['store_id'],
        raw: true,
      });
      const sharedIds = shares.map((share) => share.store_id);
      const page = await findPage(models.Store, query, LIST_SPEC, {
        [Op.or]: [
          { company_id: scope.companyId },
          ...(sharedIds.length ? [{ id: { [Op.in]: sharedIds } }] : []),
        ],
      });
      const notifications = await notificationsOf(
        page.data.filter((store) => store.company_id === scope.companyId).map((store) => store.id),
      );
      return {
        data: page.data.map((store) => toStoreDto(scope, store, notifications.get(store.id) ?? [])),
        meta: page.meta,
      };
    },

    async show(scope, id) {
      const { store } = await findReachableStore(models, scope, id);
      return toDto(scope, store);
    },

    async create(scope, input) {
      const emails = [...new Set(input.storeNotifications)];
      const store = await deps.sequelize.transaction(async (transaction) => {
        const created = await models.Store.create(
          { company_id: scope.companyId, name: input.name },
          { transaction },
        );
        await syncNotifications(created.id, emails, transaction);
        return created;
      });
      await deps.activities.record(scope, {
        event: 'store.created',
        subjectType: 'store',
        subjectId: store.id,
        new: { name: store.name, storeNotifications: emails },
      });
      return toDto(scope, store);
    },

    async update(scope, id, input) {
      const store = await findOwnStore(models, scope, id);
      const beforeName = store.name;
      const lists = await deps.sequelize.transaction(async (transaction) => {
        if (input.name !== undefined) await store.update({ name: input.name }, { transaction });
        return input.storeNotifications === undefined
          ? null
          : syncNotifications(store.id, input.storeNotifications, transaction);
      });
      const changes = changedFields(
        { name: beforeName, ...(lists ? { storeNotifications: lists.before } : {}) },
        { name: store.name, ...(lists ? { storeNotifications: lists.after } : {}) },
      );
      if (changes) {
        await deps.activities.record(scope, {
          event: 'store.updated',
          subjectType: 'store',
          subjectId: store.id,
          ...changes,
        });
      }
      return toDto(scope, store);
    },

    async replaceNotifications(scope, id, emails) {
      const store = await findOwnStore(models, scope, id);
      const lists = await deps.sequelize.transaction((transaction) =>
        syncNotifications(store.id, emails, transaction),
      );
      const changes = changedFields(
        { storeNotifications: lists.before },
        { storeNotifications: lists.after },
      );
      if (changes) {
        await deps.activities.record(scope, {
          event: 'store.notifications_updated',
          subjectType: 'store',
          subjectId: store.id,
          ...changes,
        });
      }
      return toDto(scope, store);
    },

    async remove(scope, id) {
      const store = await findOwnStore(models, scope, id);
      await deps.sequelize.transaction(async (transaction) => {
        const byStore = { where: { store_id: store.id }, transaction };
        await models.StoreShare.destroy(byStore);
        await models.StoreNotification.destroy(byStore);
        await store.destroy({ transaction });
      });
      await deps.activities.record(scope, {
        event: 'store.deleted',
        subjectType: 'store',
        subjectId: store.id,
        old: { name: store.name },
      });
    },
  };
}
