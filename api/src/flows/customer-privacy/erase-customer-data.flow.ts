import { Op } from 'sequelize';
import type { ComplianceCustomer } from '@syncdesk/integrations';
import type { Channel } from '../../db/channel.models';
import type { Models } from '../../db/models';
import type { ActivityService } from '../../modules/activities/activity.service';
import type { ChannelWebhookReceipts } from '../../modules/channel-webhooks/channel-webhook-receipt.model';
import {
  recordReceivedWebhook,
  type WebhookNoticeDependencies,
} from '../../modules/channel-webhooks/channel-webhook-notices';
import {
  customerOrdersWhere,
  ERASED_ORDER_FIELDS,
  holdsPersonalData,
  ORDER_PERSONAL_FIELDS,
  recountCustomers,
} from './customer-orders';

export interface EraseCustomerDataDependencies extends Pick<WebhookNoticeDependencies, 'recorder'> {
  models: Pick<Models, 'Order' | 'Customer'>;
  activities: Pick<ActivityService, 'record'>;
  receipts: Pick<ChannelWebhookReceipts, 'forgetBodies'>;
}

/** The request's summary in our records: ids only, never the e-mail or phone being erased. */
export const privacyRequestSummary = (
  topic: string,
  account: string,
  customer?: ComplianceCustomer,
  orderIds?: string[],
) => ({
  topic,
  shop: account,
  ...(customer ? { customer_id: customer.remoteId } : {}),
  ...(orderIds ? { order_ids: orderIds } : {}),
});

/**
 * Shopify's `customers/redact`: the customer's name, e-mail, phone and addresses are erased from
 * this channel's orders (amounts, lines and SKUs stay: they are the seller's books), each order's
 * activity says so, the customer record they were filed under is recounted or removed, and any
 * order body still waiting in the webhook inbox is dropped. Only orders still holding personal
 * data are touched, so a second request finds nothing to do and notes nothing twice.
 */
export async function eraseCustomerData(
  deps: EraseCustomerDataDependencies,
  channel: Channel,
  request: {
    topic: string;
    account: string;
    url: string;
    startedAt: number;
    customer: ComplianceCustomer;
    orderIds: string[];
  },
): Promise<{ erased: number }> {
  const { models } = deps;
  const matching = customerOrdersWhere(channel, request);
  const orders = matching
    ? await models.Order.findAll({
        where: { [Op.and]: [matching, holdsPersonalData] },
        attributes: ['id', 'remote_id', 'customer_id', ...ORDER_PERSONAL_FIELDS],
      })
    : [];
  if (orders.length > 0) {
    const ids = orders.map((order) => order.id);
    await models.Order.update(ERASED_ORDER_FIELDS, {
      where: { id: { [Op.in]: ids }, company_id: channel.company_id, channel_id: channel.id },
    });
    for (const order of orders) {
      await deps.activities.record(null, {
        event: 'order.personal_data_erased',
        subjectType: 'order',
        subjectId: order.id,
        companyId: channel.company_id,
        // Which fields were erased, never their values: the activity must not keep what was erased.
        new: {
          erased: ORDER_PERSONAL_FIELDS.filter((field) => order[field] !== null),
          reason: `${request.topic} from ${request.account}`,
        },
        actor: { source: 'channel', sourceName: channel.name, via: 'webhook' },
      });
    }
    await recountCustomers(
      models,
      channel.company_id,
      orders.map((order) => order.customer_id).filter((id): id is number => id !== null),
    );
    await deps.receipts.forgetBodies(
      channel.id,
      orders.map((order) => order.remote_id),
    );
  }
  await recordReceivedWebhook(deps, channel, {
    topic: request.topic,
    url: request.url,
    message:
      orders.length > 0
        ? `Erased a customer's name, e-mail, phone and addresses from ${orders.length} ${orders.length === 1 ? 'order' : 'orders'} at the shop's request.`
        : "The shop asked to erase a customer's personal data; no order of this channel held any.",
    requestBody: privacyRequestSummary(request.topic, request.account, request.customer, request.orderIds),
    startedAt: request.startedAt,
  });
  return { erased: orders.length };
}
