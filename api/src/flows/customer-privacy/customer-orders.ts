import { col, fn, literal, Op, where, type WhereOptions } from 'sequelize';
import type { ComplianceCustomer } from '@syncdesk/integrations';
import type { Channel } from '../../db/channel.models';
import type { Models } from '../../db/models';
import type { Order } from '../../db/order.models';

/** The personal data an order carries; amounts, lines and SKUs are the seller's, not the customer's. */
export const ORDER_PERSONAL_FIELDS = [
  'customer_name',
  'customer_email',
  'customer_phone',
  'shipping_address',
  'invoice_address',
] as const;

/** Every personal field erased; the order is also no longer filed under a customer. */
export const ERASED_ORDER_FIELDS = {
  customer_name: null,
  customer_email: null,
  customer_phone: null,
  shipping_address: null,
  invoice_address: null,
  customer_id: null,
} as const;

/**
 * The orders of this channel (and so of its company) a privacy request is about: the ones it names,
 * and any other order of the same customer at that shop, by the shop's customer id or by e-mail
 * (compared lower-cased, as customers are keyed). A request naming nothing matches nothing.
 */
export function customerOrdersWhere(
  channel: Pick<Channel, 'id' | 'company_id'>,
  request: { customer: ComplianceCustomer; orderIds: string[] },
): WhereOptions<Order> | null {
  const matches: WhereOptions[] = [];
  if (request.orderIds.length > 0) matches.push({ remote_id: { [Op.in]: request.orderIds } });
  if (request.customer.remoteId) matches.push({ channel_customer_id: request.customer.remoteId });
  if (request.customer.email)
    matches.push(where(fn('lower', col('customer_email')), request.customer.email.toLowerCase()));
  if (matches.length === 0) return null;
  return { company_id: channel.company_id, channel_id: channel.id, [Op.or]: matches } as WhereOptions<Order>;
}

/** Orders of the channel still holding any personal field (what an erasure has left to do). */
export const holdsPersonalData: WhereOptions = {
  [Op.or]: ORDER_PERSONAL_FIELDS.map((field) => ({ [field]: { [Op.ne]: null } })),
};

/** Customers recounted per statement. */
const RECOUNT_BATCH = 500;

/**
 * Customers recounted from the orders still filed under them, in one UPDATE per batch (as the
 * import recounts); one left with none is removed (its name, e-mail and phone came from the erased
 * orders). One with orders of other channels keeps its contact details: those orders hold them
 * too, and no request from this shop covers them.
 */
export async function recountCustomers(
  models: Pick<Models, 'Customer'>,
  companyId: number,
  customerIds: number[],
): Promise<void> {
  const ids = [...new Set(customerIds)];
  const of = (aggregate: string) =>
    literal(`(SELECT ${aggregate} FROM orders WHERE orders.customer_id = customers.id)`) as never;
  for (let start = 0; start < ids.length; start += RECOUNT_BATCH) {
    const part = ids.slice(start, start + RECOUNT_BATCH);
    await models.Customer.update(
      {
        orders_count: of('COUNT(*)'),
        first_order_at: of('MIN(order_date)'),
        last_order_at: of('MAX(order_date)'),
      },
      { where: { id: { [Op.in]: part }, company_id: companyId } },
    );
    await models.Customer.destroy({
      where: { id: { [Op.in]: part }, company_id: companyId, orders_count: 0 },
    });
  }
}
