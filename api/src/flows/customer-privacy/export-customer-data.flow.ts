import { randomUUID } from 'node:crypto';
import { JOB_NAMES, routes } from '@syncdesk/contracts';
import type { ComplianceCustomer } from '@syncdesk/integrations';
import type { Channel } from '../../db/channel.models';
import type { Models } from '../../db/models';
import type { JobScheduler } from '../../jobs/job-scheduler';
import {
  NOTICE_LEVEL,
  notifyChannelManagers,
  recordReceivedWebhook,
  type WebhookNoticeDependencies,
} from '../../modules/channel-webhooks/channel-webhook-notices';
import { customerOrdersWhere } from './customer-orders';
import { privacyRequestSummary } from './erase-customer-data.flow';

export interface ExportCustomerDataDependencies extends WebhookNoticeDependencies {
  models: WebhookNoticeDependencies['models'] & Pick<Models, 'Order' | 'FileTransfer'>;
  jobs: Pick<JobScheduler, 'enqueue'>;
}

/**
 * Shopify's `customers/data_request`: the merchant must hand the customer what we hold about them
 * (within 30 days; Shopify does not take the data from us). The customer's orders at this shop
 * become an ordinary orders export (the same file, columns and download as the order list's
 * export, so nothing new to learn or to keep in step), started in the name of the company's
 * owner, and the channel's managers are told what to do with it.
 *
 * The export runs as its starter would (their role and IP rules when the job runs): a company
 * whose IP whitelist leaves out the worker's address sees it fail, and the notice still says
 * which orders to export by hand.
 */
export async function exportCustomerData(
  deps: ExportCustomerDataDependencies,
  channel: Channel,
  request: {
    topic: string;
    account: string;
    url: string;
    startedAt: number;
    customer: ComplianceCustomer;
    orderIds: string[];
  },
): Promise<{ orders: number; transferUuid: string | null }> {
  const { models } = deps;
  const matching = customerOrdersWhere(channel, request);
  const orders = matching
    ? await models.Order.findAll({
        where: matching,
        attributes: ['id', 'order_number'],
        order: [['id', 'ASC']],
      })
    : [];
  const company = await models.Company.findByPk(channel.company_id, { attributes: ['owner_user_id'] });
  let transferUuid: string | null = null;
  if (orders.length > 0 && company?.owner_user_id) {
    const transfer = await models.FileTransfer.create({
      uuid: randomUUID(),
      company_id: channel.company_id,
      store_id: channel.store_id,
      user_id: company.owner_user_id,
      kind: 'export',
      subject: 'orders',
      channel_id: null,
      file_format: 'csv',
      original_name: null,
      content_hash: null,
      file_path: null,
      options: JSON.stringify({
        clientIp: '127.0.0.1',
        via: 'api',
        query: {},
        ids: orders.map((order) => order.id),
      }),
    });
    await deps.jobs.enqueue(JOB_NAMES.catalogueTransfer, { transferId: transfer.id });
    transferUuid = transfer.uuid;
  }
  const shown = orders.slice(0, 20).map((order) => order.order_number);
  const numbers = `${shown.join(', ')}${orders.length > shown.length ? ', …' : ''}`;
  const message =
    orders.length > 0
      ? `${request.account} asked, for a customer, for the data Syncdesk holds about them: ${orders.length} ${orders.length === 1 ? 'order' : 'orders'} (${numbers}). ` +
        'An export of these orders is being prepared; download it and send it to the customer within 30 days.'
      : `${request.account} asked, for a customer, for the data Syncdesk holds about them. No order of ${channel.name} is theirs; tell the customer within 30 days that there is nothing to send.`;
  await notifyChannelManagers(deps, channel, {
    level: NOTICE_LEVEL.warning,
    title: `${channel.name}: customer data request`,
    message,
    ...(transferUuid ? { link: `${routes.orderList(channel.store_id)}?transfer=${transferUuid}` } : {}),
  });
  await recordReceivedWebhook(deps, channel, {
    topic: request.topic,
    url: request.url,
    message,
    requestBody: privacyRequestSummary(request.topic, request.account, request.customer, request.orderIds),
    startedAt: request.startedAt,
  });
  return { orders: orders.length, transferUuid };
}
