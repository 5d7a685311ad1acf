import { Op } from 'sequelize';
import type { Channel } from '../../db/channel.models';
import type { Models } from '../../db/models';
import type { ActivityService } from '../../modules/activities/activity.service';
import type { ChannelWebhookReceipts } from '../../modules/channel-webhooks/channel-webhook-receipt.model';
import {
  recordReceivedWebhook,
  type WebhookNoticeDependencies,
} from '../../modules/channel-webhooks/channel-webhook-notices';
import { ERASED_ORDER_FIELDS, holdsPersonalData, recountCustomers } from './customer-orders';
import { privacyRequestSummary } from './erase-customer-data.flow';

export interface EraseShopDataDependencies extends Pick<WebhookNoticeDependencies, 'recorder'> {
  models: Pick<Models, 'Order' | 'Customer' | 'TransactionRecord'>;
  activities: Pick<ActivityService, 'record'>;
  receipts: Pick<ChannelWebhookReceipts, 'forgetBodies'>;
}

/** Orders erased per statement: a large shop is many short statements, not one long lock. */
const BATCH = 500;

/**
 * Shopify's `shop/redact`, 48 hours after the app was uninstalled: every customer's personal data
 * is erased from this channel's orders (amounts, lines and SKUs stay, as for one customer), the
 * customers filed under them are recounted or removed, the bodies of the channel's transaction
 * records (the shop's answers held whole orders) and of its webhook inbox are dropped, and the
 * channel's credentials are erased. The channel row and its settings stay (the seller's
 * configuration, no secret: secrets only ever live in the credentials), switched off.
 *
 * Idempotent: only orders still holding personal data are touched; a second request erases nothing.
 */
export async function eraseShopData(
  deps: EraseShopDataDependencies,
  channel: Channel,
  request: { topic: string; account: string; url: string; startedAt: number },
): Promise<{ erased: number }> {
  const { models } = deps;
  const scope = { company_id: channel.company_id, channel_id: channel.id };
  let erased = 0;
  let afterId = 0;
  while (true) {
    const orders = await models.Order.findAll({
      where: { [Op.and]: [scope, { id: { [Op.gt]: afterId } }, holdsPersonalData] },
      attributes: ['id', 'customer_id'],
      order: [['id', 'ASC']],
      limit: BATCH,
    });
    if (orders.length === 0) break;
    await models.Order.update(ERASED_ORDER_FIELDS, {
      where: { ...scope, id: { [Op.in]: orders.map((order) => order.id) } },
    });
    await recountCustomers(
      models,
      channel.company_id,
      orders.map((order) => order.customer_id).filter((id): id is number => id !== null),
    );
    erased += orders.length;
    afterId = orders.at(-1)!.id;
  }
  await models.TransactionRecord.update(
    { request_body: null, response_body: null },
    { where: { company_id: channel.company_id, channel_id: channel.id } },
  );
  await deps.receipts.forgetBodies(channel.id);
  await channel.update({ is_active: false, credentials: null, token_expires_at: null, authorized_at: null });
  await deps.activities.record(null, {
    event: 'channel.personal_data_erased',
    subjectType: 'channel',
    subjectId: channel.id,
    companyId: channel.company_id,
    new: { orders: erased, reason: `${request.topic} from ${request.account}` },
    actor: { source: 'channel', sourceName: channel.name, via: 'webhook' },
  });
  await recordReceivedWebhook(deps, channel, {
    topic: request.topic,
    url: request.url,
    message:
      `48 hours after the app was uninstalled, the shop asked to erase its data: customers' personal data ` +
      `erased from ${erased} ${erased === 1 ? 'order' : 'orders'}, and the channel's credentials with it.`,
    requestBody: privacyRequestSummary(request.topic, request.account),
    startedAt: request.startedAt,
  });
  return { erased };
}
