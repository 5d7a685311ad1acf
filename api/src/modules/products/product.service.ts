import { randomUUID } from 'node:crypto';
import { Op, type Attributes, type Sequelize, type Transaction } from 'sequelize';
import {
  KIT_MESSAGES,
  kitItemProblems,
  kitList,
  rooms,
  usedInKitsMessage,
  type BulkDeleteProductsInput,
  type CreateProductInput,
  type KitItemInputBody,
  type ListResponse,
  type ProductDetailDto,
  type ProductDto,
  type ProductKitUsageDto,
  type Publish,
  type StockMovementDto,
  type UpdateAutoSyncStockInput,
  type UpdateProductInput,
} from '@syncdesk/contracts';
import type { Models } from '../../db/models';
import type { KitItem, Product, StockMovement } from '../../db/catalogue.models';
import type { FieldErrors } from '../../http/app-error';
import {
  findPage,
  parseListQuery,
  toFindOptions,
  type ListQueryInput,
  type ListQuerySpec,
} from '../../http/list-query';
import type { RequestScope } from '../../http/request-scope';
import { changedFields } from '../activities/activity.service';
import type { CatalogueWrite } from './catalogue-writes';
import { productSnapshot, recordActivities, type ProductActivity } from './product-activities';
import {
  findStoreProduct,
  inChunks,
  kitsUsing,
  productsBySku,
  reachStore,
  validationError,
  type SkuKey,
} from './product-lookups';
import { toStockMovementDto } from './product.mapper';
import { stockMovementSourcesOf } from './stock-movement-sources';
import { toProductDetailDto, toProductDtos } from './product-views';
import type { StockEngine } from './stock.service';

/** The products list's filters, search and sort (exports select with the same spec). */
export const PRODUCT_LIST_SPEC: ListQuerySpec<Attributes<Product>> = {
  filters: {
    sku: { type: 'string', operators: ['eq', 'like', 'in'] },
    title: { type: 'string', operators: ['eq', 'like'] },
    type: { type: 'string', operators: ['eq', 'in'] },
    api_sync_status: { type: 'number', operators: ['eq', 'in'] },
    auto_sync_stock: { type: 'boolean', operators: ['eq'] },
    // On hand. A kit's is always 0 (it holds none): its availability is computed on the way out.
    quantity: { type: 'number', operators: ['eq', 'ne', 'gt', 'gte', 'lt', 'lte'] },
    api_quantity: { type: 'number', operators: ['eq', 'ne', 'gt', 'gte', 'lt', 'lte'] },
    price: { type: 'number', operators: ['eq', 'gt', 'gte', 'lt', 'lte'] },
    nominal_code: { type: 'string', operators: ['eq', 'like'] },
    nominalCode: { column: 'nominal_code', type: 'string', operators: ['eq'] },
    barcode: { type: 'string', operators: ['eq', 'like'] },
    remote_id: { type: 'string', operators: ['eq'] },
  },
  dateRanges: { created_at: {}, updated_at: {} },
  search: ['sku', 'title'],
  sort: {
    fields: ['sku', 'title', 'type', 'quantity', 'price', 'api_sync_status', 'created_at', 'updated_at'],
    default: { field: 'created_at', direction: 'desc' },
  },
};

const MOVEMENT_LIST_SPEC: ListQuerySpec<Attributes<StockMovement>> = {
  filters: {
    reason: { type: 'string', operators: ['eq', 'in'] },
    source_ref: { type: 'string', operators: ['eq'] },
  },
  dateRanges: { created_at: {} },
  sort: { fields: ['id', 'created_at'], default: { field: 'id', direction: 'desc' } },
};

/** A catalogue event names its ids while they are few; more is "the products changed". */
export const NAMED_IDS_LIMIT = 500;

export interface ProductCrudService {
  /** Resolves when the caller reaches the store (owned or shared), else 404. */
  reach(scope: RequestScope, storeId: number): Promise<void>;
  list(scope: RequestScope, storeId: number, query: ListQueryInput): Promise<ListResponse<ProductDto>>;
  show(scope: RequestScope, storeId: number, id: number): Promise<ProductDetailDto>;
  create(scope: RequestScope, storeId: number, input: CreateProductInput): Promise<ProductDetailDto>;
  update(
    scope: RequestScope,
    storeId: number,
    id: number,
    input: UpdateProductInput,
  ): Promise<ProductDetailDto>;
  remove(scope: RequestScope, storeId: number, id: number): Promise<void>;
  /** `all` means every product the list's `query` selects (its filters and search), as the list shows them. */
  removeMany(
    scope: RequestScope,
    storeId: number,
    input: BulkDeleteProductsInput,
    query?: ListQueryInput,
  ): Promise<{ deleted: number }>;
  setAutoSyncStock(
    scope: RequestScope,
    storeId: number,
    input: UpdateAutoSyncStockInput,
    query?: ListQueryInput,
  ): Promise<{ updated: number }>;
  kitUsage(scope: RequestScope, storeId: number, productUuids: string[]): Promise<ProductKitUsageDto>;
  stockMovements(
    scope: RequestScope,
    storeId: number,
    id: number,
    query: ListQueryInput,
  ): Promise<ListResponse<StockMovementDto>>;
}

export interface ProductServiceDeps {
  sequelize: Sequelize;
  models: Models;
  publish: Publish;
  write: CatalogueWrite;
  stock: StockEngine;
  skuKey: SkuKey;
}

/** A kit's component line as stored. */
export interface KitLine {
  component_product_id: number;
  sku: string;
  product_nominal_code: string | null;
  quantity: number;
}

export const sameKitLines = (a: readonly KitLine[], b: readonly KitLine[]) =>
  a.length === b.length &&
  a.every((line, index) => {
    const other = b[index]!;
    return (
      line.component_product_id === other.component_product_id &&
      line.quantity === other.quantity &&
      line.product_nominal_code === other.product_nominal_code &&
      line.sku === other.sku
    );
  });

/** Replaces the component lines of these kits (none: the kit's lines are only removed). */
export async function replaceKitLines(
  models: Models,
  lines: Map<number, KitLine[]>,
  transaction: Transaction,
): Promise<void> {
  const kitIds = [...lines.keys()];
  for (const part of inChunks(kitIds)) {
    await models.KitItem.destroy({ where: { kit_product_id: { [Op.in]: part } }, transaction });
  }
  const rows = kitIds.flatMap((kitId) =>
    lines.get(kitId)!.map((line) => ({ kit_product_id: kitId, ...line })),
  );
  for (const part of inChunks(rows, 500)) {
    await models.KitItem.bulkCreate(part, { transaction, validate: false, hooks: false });
  }
}

export async function kitLinesOf(
  models: Models,
  kitIds: readonly number[],
  transaction?: Transaction,
): Promise<Map<number, KitLine[]>> {
  const result = new Map<number, KitLine[]>();
  for (const part of inChunks([...kitIds])) {
    const items: KitItem[] = await models.KitItem.findAll({
      where: { kit_product_id: { [Op.in]: part } },
      order: [['id', 'ASC']],
      transaction,
    });
    for (const item of items) {
      const list = result.get(item.kit_product_id) ?? [];
      list.push({
        component_product_id: item.component_product_id,
        sku: item.sku,
        product_nominal_code: item.product_nominal_code,
        quantity: item.quantity,
      });
      result.set(item.kit_product_id, list);
    }
  }
  return result;
}

/**
 * A kit's lines from what the seller entered, checked against the store's products (`kit-rules`);
 * `problems` collects what is wrong, keyed as the field map.
 */
export async function resolveKitLines(
  deps: Pick<ProductServiceDeps, 'models' | 'skuKey'>,
  storeId: number,
  kitSku: string,
  items: readonly KitItemInputBody[],
  problems: FieldErrors,
  transaction: Transaction,
): Promise<KitLine[]> {
  const components = await productsBySku(
    deps.models,
    deps.skuKey,
    storeId,
    items.map((item) => item.sku),
    transaction,
  );
  const found = (sku: string) => components.get(deps.skuKey(sku));
  Object.assign(problems, kitItemProblems(kitSku, items, found));
  return items.flatMap((item) => {
    const component = found(item.sku);
    return component
      ? [
          {
            component_product_id: component.id,
            sku: component.sku,
            product_nominal_code: item.product_nominal_code ?? null,
            quantity: item.quantity,
          },
        ]
      : [];
  });
}

export function createProductCrudService(deps: ProductServiceDeps): ProductCrudService {
  const { models, stock, write, skuKey } = deps;

  const publishCatalogue = (storeId: number, ids: number[]) =>
    deps.publish({
      name: 'catalogue:changed',
      rooms: [rooms.store(storeId)],
      payload: {
        storeId,
        subject: 'products',
        ...(ids.length > 0 && ids.length <= NAMED_IDS_LIMIT ? { ids } : {}),
      },
    });

  const duplicateSku = (sku: string) => `The SKU ${sku} is already used by another product in this store.`;

  async function detail(storeId: number, id: number): Promise<ProductDetailDto> {
    return toProductDetailDto(models, await findStoreProduct(models, storeId, id));
  }

  async function targetsOf(
    storeId: number,
    selection: { all?: boolean; product_uuids?: string[] },
    transaction: Transaction,
    query: ListQueryInput = {},
  ): Promise<Pick<Product, 'id' | 'uuid' | 'sku' | 'title' | 'type'>[]> {
    const attributes = ['id', 'uuid', 'sku', 'title', 'type'] as const;
    if (selection.all) {
      // "Select all N" on a filtered list means those N, never the whole store.
      const { where } = toFindOptions(
        parseListQuery(query, PRODUCT_LIST_SPEC),
        PRODUCT_LIST_SPEC,
        models.Product,
      );
      return models.Product.findAll({
        where: { [Op.and]: [{ store_id: storeId }, where] },
        attributes: [...attributes],
        raw: true,
        transaction,
      });
    }
    const rows: Pick<Product, 'id' | 'uuid' | 'sku' | 'title' | 'type'>[] = [];
    for (const part of inChunks([...new Set(selection.product_uuids ?? [])])) {
      rows.push(
        ...(await models.Product.findAll({
          where: { store_id: storeId, uuid: { [Op.in]: part } },
          attributes: [...attributes],
          order: [['sku', 'ASC']],
          raw: true,
          transaction,
        })),
      );
    }
    return rows;
  }

  return {
    async reach(scope, storeId) {
      await reachStore(models, scope, storeId);
    },

    async list(scope, storeId, query) {
      const store = await reachStore(models, scope, storeId);
      const page = await findPage(models.Product, query, PRODUCT_LIST_SPEC, { store_id: store.id });
      return { data: await toProductDtos(models, page.data), meta: page.meta };
    },

    async show(scope, storeId, id) {
      const store = await reachStore(models, scope, storeId);
      return detail(store.id, id);
    },

    async create(scope, storeId, input) {
      const store = await reachStore(models, scope, storeId);
      const created = await write(async (transaction) => {
        const problems: FieldErrors = {};
        if (input.type === 'kit' && input.quantity !== undefined && input.quantity !== null) {
          problems.quantity = [KIT_MESSAGES.kitStock];
        }
        if (input.type === 'product' && (input.kit_items?.length ?? 0) > 0) {
          problems.kit_items = [KIT_MESSAGES.onlyKitsHaveComponents];
        }
        const taken = await productsBySku(models, skuKey, store.id, [input.sku], transaction);
        if (taken.size > 0) problems.sku = [duplicateSku(input.sku)];
        const lines =
          input.type === 'kit'
            ? await resolveKitLines(deps, store.id, input.sku, input.kit_items ?? [], problems, transaction)
            : [];
        if (Object.keys(problems).length > 0) throw validationError(problems);

        const product = await models.Product.create(
          {
            uuid: randomUUID(),
            company_id: store.company_id,
            store_id: store.id,
            sku: input.sku,
            title: input.title,
            type: input.type,
            quantity: 0,
            price: input.price ?? null,
            nominal_code: input.nominal_code ?? null,
            barcode: input.barcode ?? null,
            auto_sync_stock: input.auto_sync_stock ?? true,
          },
          { transaction },
        );
        if (lines.length > 0) await replaceKitLines(models, new Map([[product.id, lines]]), transaction);
        await recordActivities(
          models,
          scope,
          [
            {
              event: 'product.created',
              subjectType: 'product',
              subjectId: product.id,
              companyId: store.company_id,
              new: productSnapshot(product, lines),
            },
          ],
          transaction,
        );
        // The opening figure is the ledger's first movement, so every unit on hand is explained.
        const moved = input.quantity
          ? await stock.applyWithin(
              transaction,
              scope,
              store.id,
              [{ productId: product.id, setTo: input.quantity, reason: 'manual' }],
              'manual',
            )
          : [];
        return { id: product.id, stockMoved: moved.some((result) => result.applied) };
      });
      if (created.stockMoved) await stock.announce(store.id, [created.id]);
      publishCatalogue(store.id, [created.id]);
      return detail(store.id, created.id);
    },

    async update(scope, storeId, id, input) {
      const store = await reachStore(models, scope, storeId);
      const outcome = await write(async (transaction) => {
        const product = await findStoreProduct(models, store.id, id, { transaction, lock: true });
        const problems: FieldErrors = {};
        const nextType = input.type ?? product.type;
        const nextSku = input.sku ?? product.sku;
        const currentLines =
          product.type === 'kit'
            ? ((await kitLinesOf(models, [product.id], transaction)).get(product.id) ?? [])
            : [];

        if (input.sku !== undefined && input.sku !== product.sku) {
          const taken = await productsBySku(models, skuKey, store.id, [input.sku], transaction);
          const other = taken.get(skuKey(input.sku));
          if (other && other.id !== product.id) problems.sku = [duplicateSku(input.sku)];
        }
        const stockMove =
          (input.quantity !== undefined && input.quantity !== null) || input.stock_delta !== undefined;
        if (nextType === 'kit') {
          if (stockMove)
            problems[input.stock_delta !== undefined ? 'stock_delta' : 'quantity'] = [KIT_MESSAGES.kitStock];
          if (product.type === 'product') {
            const usedIn = (await kitsUsing(models, [product.id], transaction)).get(product.id) ?? [];
            if (usedIn.length > 0) {
              problems.type = [KIT_MESSAGES.componentCannotBecomeKit(product.sku, kitList(usedIn))];
            } else if (product.quantity !== 0) {
              problems.type = [
                `${product.sku} has ${product.quantity} on hand. Set its stock to 0 before making it a kit, so no stock goes unaccounted for.`,
              ];
            }
            if (input.kit_items === undefined) problems.kit_items = [KIT_MESSAGES.needsComponent];
          }
        } else if ((input.kit_items?.length ?? 0) > 0) {
          problems.kit_items = [KIT_MESSAGES.onlyKitsHaveComponents];
        }
        let nextLines = nextType === 'kit' ? currentLines : [];
        if (nextType === 'kit' && input.kit_items !== undefined) {
          nextLines = await resolveKitLines(deps, store.id, nextSku, input.kit_items, problems, transaction);
        }
        if (Object.keys(problems).length > 0) throw validationError(problems);

        const before = productSnapshot(product, currentLines);
        const changes: Partial<Attributes<Product>> = {};
        const set = <K extends keyof Attributes<Product>>(
          key: K,
          value: Attributes<Product>[K] | undefined,
        ) => {
          if (value !== undefined && value !== product[key]) changes[key] = value;
        };
        set('sku', input.sku);
        set('title', input.title);
        set('type', input.type);
        set('nominal_code', input.nominal_code);
        set('barcode', input.barcode);
        set('auto_sync_stock', input.auto_sync_stock);
        if (input.price !== undefined && input.price !== before.price) changes.price = input.price;
        const linesChanged = !sameKitLines(currentLines, nextLines);
        if (Object.keys(changes).length > 0) await product.update(changes, { transaction });
        if (linesChanged) await replaceKitLines(models, new Map([[product.id, nextLines]]), transaction);
        if (changes.sku !== undefined) {
          // Component lines keep the SKU they name readable without a join.
          await models.KitItem.update(
            { sku: changes.sku },
            { where: { component_product_id: product.id }, transaction },
          );
        }
        const changed = changedFields(before, productSnapshot(product, nextLines));
        if (changed) {
          await recordActivities(
            models,
            scope,
            [
              {
                event: 'product.updated',
                subjectType: 'product',
                subjectId: product.id,
                companyId: store.company_id,
                ...changed,
              },
            ],
            transaction,
          );
        }
        const moved = stockMove
          ? await stock.applyWithin(
              transaction,
              scope,
              store.id,
              [
                input.stock_delta !== undefined
                  ? { productId: product.id, delta: input.stock_delta, reason: 'manual' }
                  : { productId: product.id, setTo: input.quantity!, reason: 'manual' },
              ],
              'manual',
            )
          : [];
        return {
          detailsChanged: changed !== null,
          // What a channel is told follows the on hand, a kit's components and the auto-sync switch.
          figuresChanged:
            moved.some((result) => result.applied) ||
            linesChanged ||
            changes.type !== undefined ||
            changes.auto_sync_stock !== undefined,
        };
      });
      if (outcome.figuresChanged) await stock.announce(store.id, [id]);
      if (outcome.detailsChanged) publishCatalogue(store.id, [id]);
      return detail(store.id, id);
    },

    async remove(scope, storeId, id) {
      const store = await reachStore(models, scope, storeId);
      await write(async (transaction) => {
        const product = await findStoreProduct(models, store.id, id, { transaction, lock: true });
        const usedIn = (await kitsUsing(models, [product.id], transaction)).get(product.id) ?? [];
        if (usedIn.length > 0) {
          const message = usedInKitsMessage(product.sku, usedIn);
          throw validationError({ product: [message] });
        }
        const lines =
          product.type === 'kit'
            ? ((await kitLinesOf(models, [product.id], transaction)).get(product.id) ?? [])
            : [];
        await models.KitItem.destroy({ where: { kit_product_id: product.id }, transaction });
        await product.destroy({ transaction });
        await recordActivities(
          models,
          scope,
          [
            {
              event: 'product.deleted',
              subjectType: 'product',
              subjectId: product.id,
              companyId: store.company_id,
              old: productSnapshot(product, lines),
            },
          ],
          transaction,
        );
      });
      publishCatalogue(store.id, [id]);
    },

    async removeMany(scope, storeId, input, query = {}) {
      const store = await reachStore(models, scope, storeId);
      const filtered = Object.keys(query).length > 0;
      const deleted = await write(async (transaction) => {
        const targets = await targetsOf(store.id, input, transaction, query);
        if (targets.length === 0) return [];
        const targetIds = new Set(targets.map((target) => target.id));
        if (!input.all || filtered) {
          const usage = await kitsUsing(
            models,
            targets.filter((target) => target.type === 'product').map((target) => target.id),
            transaction,
          );
          const problems = targets.flatMap((target) => {
            const staying = (usage.get(target.id) ?? []).filter((kit) => !targetIds.has(kit.id));
            return staying.length > 0 ? [usedInKitsMessage(target.sku, staying)] : [];
          });
          if (problems.length > 0) throw validationError({ product_uuids: problems });
        }
        // Kits go with their lines first: a component's lines would otherwise hold it in place.
        const kitIds = targets.filter((target) => target.type === 'kit').map((target) => target.id);
        for (const part of inChunks(kitIds)) {
          await models.KitItem.destroy({ where: { kit_product_id: { [Op.in]: part } }, transaction });
        }
        for (const part of inChunks([...targetIds])) {
          await models.Product.destroy({ where: { id: { [Op.in]: part }, store_id: store.id }, transaction });
        }
        const activities: ProductActivity[] =
          input.all && !filtered
            ? [
                {
                  event: 'product.deleted_all',
                  subjectType: 'store',
                  subjectId: store.id,
                  companyId: store.company_id,
                  old: { products: targets.length },
                },
              ]
            : targets.map((target) => ({
                event: 'product.deleted',
                subjectType: 'product',
                subjectId: target.id,
                companyId: store.company_id,
                old: { sku: target.sku, title: target.title, type: target.type },
              }));
        await recordActivities(models, scope, activities, transaction);
        return [...targetIds];
      });
      if (deleted.length > 0) publishCatalogue(store.id, deleted);
      return { deleted: deleted.length };
    },

    async setAutoSyncStock(scope, storeId, input, query = {}) {
      const store = await reachStore(models, scope, storeId);
      const value = input.auto_sync_stock;
      const updated = await write(async (transaction) => {
        const targets = (await targetsOf(store.id, input, transaction, query)).map((target) => target.id);
        const ids: number[] = [];
        for (const part of inChunks(targets)) {
          const rows = await models.Product.findAll({
            where: { id: { [Op.in]: part }, auto_sync_stock: !value },
            attributes: ['id'],
            raw: true,
            transaction,
          });
          ids.push(...rows.map((row) => row.id));
        }
        for (const part of inChunks(ids)) {
          await models.Product.update(
            { auto_sync_stock: value },
            { where: { id: { [Op.in]: part } }, transaction },
          );
        }
        if (ids.length > 0) {
          await recordActivities(
            models,
            scope,
            ids.length <= NAMED_IDS_LIMIT
              ? ids.map((productId) => ({
                  event: 'product.updated',
                  subjectType: 'product',
                  subjectId: productId,
                  companyId: store.company_id,
                  old: { auto_sync_stock: !value },
                  new: { auto_sync_stock: value },
                }))
              : [
                  {
                    event: 'product.auto_sync_stock_updated',
                    subjectType: 'store',
                    subjectId: store.id,
                    companyId: store.company_id,
                    old: { auto_sync_stock: !value },
                    new: { auto_sync_stock: value, products: ids.length },
                  },
                ],
            transaction,
          );
        }
        return ids;
      });
      if (updated.length > 0) {
        // Only these products' channel figures change (a kit has its own switch).
        await stock.announce(store.id, updated, { expand: false });
        publishCatalogue(store.id, updated);
      }
      return { updated: updated.length };
    },

    async kitUsage(scope, storeId, productUuids) {
      const store = await reachStore(models, scope, storeId);
      const products: Pick<Product, 'id' | 'uuid' | 'sku'>[] = [];
      for (const part of inChunks([...new Set(productUuids)])) {
        products.push(
          ...(await models.Product.findAll({
            where: { store_id: store.id, uuid: { [Op.in]: part } },
            attributes: ['id', 'uuid', 'sku'],
            order: [['sku', 'ASC']],
            raw: true,
          })),
        );
      }
      const usage = await kitsUsing(
        models,
        products.map((product) => product.id),
      );
      return {
        used: products
          .filter((product) => usage.has(product.id))
          .map((product) => ({
            product_uuid: product.uuid,
            sku: product.sku,
            kits: usage.get(product.id)!.map((kit) => ({ uuid: kit.uuid, sku: kit.sku, title: kit.title })),
          })),
      };
    },

    async stockMovements(scope, storeId, id, query) {
      const store = await reachStore(models, scope, storeId);
      const product = await findStoreProduct(models, store.id, id);
      // A kit has no ledger of its own: its availability moves with its components' stock, so its
      // ledger is theirs (each movement names its product_id, the page shows which component).
      const ledgerOf =
        product.type === 'kit'
          ? (
              await models.KitItem.findAll({
                where: { kit_product_id: product.id },
                attributes: ['component_product_id'],
                raw: true,
              })
            ).map((item) => item.component_product_id)
          : [product.id];
      const page = await findPage(models.StockMovement, query, MOVEMENT_LIST_SPEC, {
        product_id: { [Op.in]: ledgerOf },
        store_id: store.id,
      });
      const userIds = [
        ...new Set(page.data.map((row) => row.user_id).filter((userId): userId is number => userId !== null)),
      ];
      const names = new Map(
        userIds.length === 0
          ? []
          : (
              await models.User.findAll({
                where: { id: { [Op.in]: userIds } },
                attributes: ['id', 'name'],
                raw: true,
              })
            ).map((user) => [user.id, user.name]),
      );
      const sources = await stockMovementSourcesOf(
        models,
        store.id,
        page.data.map((row) => row.source_ref),
      );
      return {
        data: page.data.map((row) =>
          toStockMovementDto(
            row,
            row.user_id === null ? null : (names.get(row.user_id) ?? null),
            row.source_ref === null ? null : (sources.get(row.source_ref) ?? null),
          ),
        ),
        meta: page.meta,
      };
    },
  };
}
