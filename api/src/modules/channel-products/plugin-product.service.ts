import { Op, Sequelize, type Attributes, type WhereOptions } from 'sequelize';
import {
  PRODUCT_SYNC_STATUS,
  rooms,
  type DeletePluginProductsInput,
  type ListResponse,
  type PluginProductDto,
  type Publish,
} from '@syncdesk/contracts';
import type { PluginProduct } from '../../db/catalogue.models';
import type { Channel } from '../../db/channel.models';
import type { Models } from '../../db/models';
import { AppError } from '../../http/app-error';
import {
  findPage,
  parseListQuery,
  toFindOptions,
  type ListQueryInput,
  type ListQuerySpec,
} from '../../http/list-query';
import type { RequestScope } from '../../http/request-scope';
import type { ActivityService } from '../activities/activity.service';
import { findStoreChannel } from '../channels/channel-access';
import { chunksOf } from './channel-product-targets';
import { toPluginProductDto } from './channel-product.mapper';

/** Where a plugin's products live in the api path (`stores/{storeId}/plugins/{pluginId}/products`). */
export interface PluginPath {
  storeId: number;
  pluginId: number;
}

const PLUGIN_PRODUCT_LIST_SPEC: ListQuerySpec<Attributes<PluginProduct>> = {
  filters: {
    plugin_sync_status: { type: 'number', operators: ['eq', 'ne', 'in'] },
    quantity: { type: 'number', operators: ['eq', 'ne', 'gt', 'gte', 'lt', 'lte'] },
    remote_id: { type: 'string', operators: ['eq', 'like'] },
    product_id: { type: 'number', operators: ['eq', 'in'] },
  },
  dateRanges: { plugin_synced_at: {}, created_at: {}, updated_at: {} },
  sort: {
    fields: ['remote_id', 'quantity', 'plugin_sync_status', 'plugin_synced_at', 'created_at', 'updated_at'],
    default: { field: 'created_at', direction: 'desc' },
  },
};

const PENDING = PRODUCT_SYNC_STATUS.byKey('pending').value;

/** What a fulfilment plugin (WMS) holds of the store's products, as it last reported. */
export interface PluginProductService {
  /** `search` matches the product's SKU or title, or the plugin's remote id. */
  list(scope: RequestScope, path: PluginPath, query: ListQueryInput): Promise<ListResponse<PluginProductDto>>;
  show(scope: RequestScope, path: PluginPath, id: number): Promise<PluginProductDto>;
  /** Sends the product to the plugin again: its plugin_sync_status back to pending. */
  resend(scope: RequestScope, path: PluginPath, id: number): Promise<PluginProductDto>;
  remove(
    scope: RequestScope,
    path: PluginPath,
    input: DeletePluginProductsInput,
    query: ListQueryInput,
  ): Promise<{ deleted: number }>;
}

/** `LIKE '%term%' ESCAPE '!'` right-hand side, the term taken literally on both dialects (as the list engine does). */
function containsPattern(sequelize: Sequelize, term: string): string {
  const escaped = term.replace(/[!%_]/g, (character) => `!${character}`);
  return `${sequelize.escape(`%${escaped}%`)} ESCAPE '!'`;
}

export function createPluginProductService(deps: {
  models: Models;
  publish: Publish;
  activities: ActivityService;
}): PluginProductService {
  const { models } = deps;

  const pluginOf = (scope: RequestScope, path: PluginPath) =>
    findStoreChannel(models, scope, path.storeId, path.pluginId, 'plugin');

  /** `search` is not the engine's: it reaches into products (SKU, title) by a sub-select. */
  function conditionsOf(plugin: Channel, query: ListQueryInput) {
    const rest: ListQueryInput = { ...query };
    const raw = rest.search;
    delete rest.search;
    const term = (Array.isArray(raw) ? raw[raw.length - 1] : raw)?.trim();
    const conditions: WhereOptions<Attributes<PluginProduct>>[] = [{ plugin_id: plugin.id }];
    if (term) {
      const sequelize = models.PluginProduct.sequelize!;
      const quote = (name: string) => sequelize.getQueryInterface().quoteIdentifier(name);
      const pattern = containsPattern(sequelize, term);
      const matchingProducts = Sequelize.literal(
        `(SELECT ${quote('id')} FROM ${quote('products')} WHERE ${quote('store_id')} = ${sequelize.escape(
          plugin.store_id,
        )} AND (${quote('sku')} LIKE ${pattern} OR ${quote('title')} LIKE ${pattern}))`,
      );
      conditions.push({
        [Op.or]: [
          { remote_id: { [Op.like]: Sequelize.literal(pattern) } },
          { product_id: { [Op.in]: matchingProducts } },
        ],
      } as WhereOptions<Attributes<PluginProduct>>);
    }
    return { rest, where: { [Op.and]: conditions } as WhereOptions<Attributes<PluginProduct>> };
  }

  async function dtos(rows: PluginProduct[]): Promise<PluginProductDto[]> {
    const products = new Map<number, { sku: string; title: string }>();
    for (const chunk of chunksOf([...new Set(rows.map((row) => row.product_id))])) {
      const found = await models.Product.findAll({
        where: { id: { [Op.in]: chunk } },
        attributes: ['id', 'sku', 'title'],
        raw: true,
      });
      for (const product of found) products.set(product.id, product);
    }
    return rows.map((row) => toPluginProductDto(row, products.get(row.product_id)));
  }

  async function findRow(plugin: Channel, id: number): Promise<PluginProduct> {
    const row = await models.PluginProduct.findOne({ where: { id, plugin_id: plugin.id } });
    if (!row) throw AppError.notFound();
    return row;
  }

  function announce(plugin: Channel, ids?: number[]): void {
    deps.publish({
      name: 'catalogue:changed',
      rooms: [rooms.store(plugin.store_id)],
      payload: {
        storeId: plugin.store_id,
        subject: 'plugin_products',
        pluginId: plugin.id,
        ...(ids ? { ids } : {}),
      },
    });
  }

  return {
    async list(scope, path, query) {
      const plugin = await pluginOf(scope, path);
      const { rest, where } = conditionsOf(plugin, query);
      const page = await findPage(models.PluginProduct, rest, PLUGIN_PRODUCT_LIST_SPEC, where);
      return { data: await dtos(page.data), meta: page.meta };
    },

    async show(scope, path, id) {
      const plugin = await pluginOf(scope, path);
      return (await dtos([await findRow(plugin, id)]))[0]!;
    },

    async resend(scope, path, id) {
      const plugin = await pluginOf(scope, path);
      const row = await findRow(plugin, id);
      const before = row.plugin_sync_status;
      await row.update({ plugin_sync_status: PENDING });
      await deps.activities.record(scope, {
        event: 'plugin_product.resent',
        subjectType: 'plugin_product',
        subjectId: row.id,
        companyId: plugin.company_id,
        old: { plugin_sync_status: before },
        new: { plugin_sync_status: PENDING },
      });
      announce(plugin, [row.id]);
      return (await dtos([row]))[0]!;
    },

    async remove(scope, path, input, query) {
      const plugin = await pluginOf(scope, path);
      let selection: WhereOptions<Attributes<PluginProduct>>;
      if (input.all) {
        const { rest, where } = conditionsOf(plugin, query);
        const parsed = parseListQuery(rest, PLUGIN_PRODUCT_LIST_SPEC);
        selection = {
          [Op.and]: [where, toFindOptions(parsed, PLUGIN_PRODUCT_LIST_SPEC, models.PluginProduct).where],
        } as WhereOptions<Attributes<PluginProduct>>;
      } else {
        selection = { plugin_id: plugin.id, uuid: { [Op.in]: input.plugin_product_uuids ?? [] } };
      }
      const deleted = await models.PluginProduct.destroy({
        where: { [Op.and]: [{ plugin_id: plugin.id }, selection] } as WhereOptions<Attributes<PluginProduct>>,
      });
      if (deleted > 0) {
        await deps.activities.record(scope, {
          event: 'plugin_product.deleted',
          subjectType: 'channel',
          subjectId: plugin.id,
          companyId: plugin.company_id,
          old: { plugin_products: deleted },
        });
        announce(plugin);
      }
      return { deleted };
    },
  };
}
