import type { Attributes } from 'sequelize';
import type { ListResponse, StockPushProvenanceDto } from '@syncdesk/contracts';
import type { Models } from '../../db/models';
import type { StockPushRecord } from '../../db/stock-push.models';
import { AppError } from '../../http/app-error';
import { findPage, type ListQueryInput, type ListQuerySpec } from '../../http/list-query';
import type { RequestScope } from '../../http/request-scope';
import { findStoreChannel } from '../../modules/channels/channel-access';

/** The list convention of a listing's stock pushes: latest first. */
export const STOCK_PUSH_LIST_SPEC: ListQuerySpec<Attributes<StockPushRecord>> = {
  filters: {
    outcome: { type: 'string', operators: ['eq', 'in'] },
    quantity: { type: 'number', operators: ['eq', 'gt', 'gte', 'lt', 'lte'] },
  },
  dateRanges: { pushed_at: {} },
  sort: { fields: ['id', 'pushed_at', 'quantity'], default: { field: 'id', direction: 'desc' } },
};

export function toStockPushProvenanceDto(row: StockPushRecord): StockPushProvenanceDto {
  return {
    id: Number(row.id),
    channel_product_id: row.channel_product_id,
    sku: row.sku ?? '',
    quantity: row.quantity ?? 0,
    previous_quantity: row.previous_quantity,
    on_hand: row.on_hand,
    kit_components: row.kit_components,
    buffer: row.buffer,
    cap: row.cap,
    note: row.note,
    outcome: row.outcome,
    pushed_at: row.pushed_at.toISOString(),
  };
}

/** Quantity provenance: how each number a channel was told for a listing was worked out. */
export interface StockPushService {
  list(
    scope: RequestScope,
    path: { storeId: number; channelId: number; channelProductId: number },
    query: ListQueryInput,
  ): Promise<ListResponse<StockPushProvenanceDto>>;
}

export function createStockPushService(deps: { models: Models }): StockPushService {
  const { models } = deps;
  return {
    async list(scope, path, query) {
      const channel = await findStoreChannel(models, scope, path.storeId, path.channelId, 'channel');
      const listing = await models.ChannelProduct.findOne({
        where: { id: path.channelProductId, channel_id: channel.id },
        attributes: ['id'],
      });
      if (!listing) throw AppError.notFound();
      return findPage(
        models.StockPushRecord,
        query,
        STOCK_PUSH_LIST_SPEC,
        { channel_product_id: listing.id, channel_id: channel.id },
        { map: toStockPushProvenanceDto },
      );
    },
  };
}
