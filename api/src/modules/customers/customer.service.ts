import Decimal from 'decimal.js';
import { QueryTypes, type Attributes } from 'sequelize';
import {
  CUSTOMER_LIST_SEARCH_FIELDS,
  CUSTOMER_LIST_SORT_FIELDS,
  CUSTOMER_ORDER_SORT_FIELDS,
  type CustomerAddressDto,
  type CustomerDetailDto,
  type CustomerDto,
  type CustomerOrderDto,
  type CustomerSpendDto,
  type ListResponse,
  type OrderAddress,
} from '@syncdesk/contracts';
import type { Customer, Order } from '../../db/order.models';
import { AppError } from '../../http/app-error';
import { findPage, type ListQueryInput, type ListQuerySpec } from '../../http/list-query';
import { protectPersonalData, visibleListSpec } from '../../http/personal-data';
import { protectAddress } from '../orders/order.mapper';
import type { RequestScope } from '../../http/request-scope';
import type { OrderDomainDeps } from '../orders/order-domain-deps';
import { findReachableStore } from '../stores/store-access';

/**
 * Customers of a store, as the order import files them (flows/import-orders/order-customers.ts
 * says who is the same customer). Read-only here: a customer exists because orders name them.
 */
export interface CustomerService {
  list(scope: RequestScope, storeId: number, query: ListQueryInput): Promise<ListResponse<CustomerDto>>;
  show(scope: RequestScope, storeId: number, customerId: number): Promise<CustomerDetailDto>;
  orders(
    scope: RequestScope,
    storeId: number,
    customerId: number,
    query: ListQueryInput,
  ): Promise<ListResponse<CustomerOrderDto>>;
}

const LIST_SPEC: ListQuerySpec<Attributes<Customer>> = {
  filters: {
    orders_count: { type: 'number', operators: ['eq', 'gte', 'lte', 'gt', 'lt'] },
    channel_id: { type: 'number', operators: ['eq', 'in'] },
  },
  dateRanges: { last_order_at: {}, first_order_at: {} },
  search: CUSTOMER_LIST_SEARCH_FIELDS,
  sort: { fields: CUSTOMER_LIST_SORT_FIELDS, default: { field: 'last_order_at', direction: 'desc' } },
};

/**
 * The list's fields holding personal data: a data-protection role sees them masked, so it may not
 * search or filter by them (`visibleListSpec`: a 422 saying so, never a total that tells who bought).
 */
const CUSTOMER_PERSONAL_FIELDS = ['name', 'email', 'phone'] as const;

const ORDERS_SPEC: ListQuerySpec<Attributes<Order>> = {
  filters: {
    status: { type: 'string', operators: ['eq', 'in', 'ne'] },
    sync_status: { type: 'number', operators: ['eq', 'in', 'ne'] },
    channel_id: { type: 'number', operators: ['eq', 'in'] },
  },
  dateRanges: { order_date: {} },
  search: ['order_number'],
  sort: { fields: CUSTOMER_ORDER_SORT_FIELDS, default: { field: 'order_date', direction: 'desc' } },
};

const ORDER_ATTRIBUTES = [
  'id',
  'order_number',
  'channel_id',
  'status',
  'sync_status',
  'payment_status',
  'currency',
  'total',
  'total_order_items',
  'order_date',
] as const;

/** Orders that are not money spent: cancelled and refunded ones count as orders, not as spending. */
const NOT_SPENT = ['Cancelled', 'Refunded'];
const RECENT_ORDERS = 10;

type Viewer = Pick<RequestScope, 'dataProtection'>;

const iso = (value: Date | string | null | undefined) =>
  value === null || value === undefined ? null : new Date(value).toISOString();
const money = (value: unknown) =>
  value === null || value === undefined ? null : new Decimal(String(value)).toFixed(2);

/** The customer's latest addresses, masked as the order screens mask them. */
function addressDto(viewer: Viewer, address: OrderAddress | null): CustomerAddressDto | null {
  return protectAddress(viewer, address);
}

export function createCustomerService(deps: OrderDomainDeps): CustomerService {
  const { models, sequelize } = deps.core;
  const mysql = sequelize.getDialect() !== 'sqlite';

  async function channelNames(storeId: number): Promise<Map<number, string>> {
    const channels = await models.Channel.findAll({
      where: { store_id: storeId },
      attributes: ['id', 'name'],
    });
    return new Map(channels.map((channel) => [channel.id, channel.name]));
  }

  /** What each customer spent per currency, largest first: one grouped read for a page of customers. */
  async function spendsOf(customerIds: number[]): Promise<Map<number, CustomerSpendDto[]>> {
    const spends = new Map<number, CustomerSpendDto[]>();
    if (customerIds.length === 0) return spends;
    // MySQL sums DECIMALs exactly; as text they reach decimal.js without passing through a float.
    const sum = mysql ? 'CAST(SUM(total) AS CHAR)' : 'SUM(total)';
    const rows = await sequelize.query<{
      customer_id: number;
      currency: string;
      amount: string;
      orders: number;
    }>(
      `SELECT customer_id, currency, ${sum} AS amount, COUNT(*) AS orders FROM orders ` +
        `WHERE customer_id IN (:ids) AND currency IS NOT NULL AND total IS NOT NULL ` +
        `AND (status IS NULL OR status NOT IN (:notSpent)) GROUP BY customer_id, currency`,
      { replacements: { ids: customerIds, notSpent: NOT_SPENT }, type: QueryTypes.SELECT },
    );
    for (const row of rows) {
      const list = spends.get(Number(row.customer_id)) ?? [];
      list.push({ currency: row.currency, amount: money(row.amount)!, orders_count: Number(row.orders) });
      spends.set(Number(row.customer_id), list);
    }
    for (const list of spends.values())
      list.sort((a, b) => new Decimal(b.amount).comparedTo(a.amount) || a.currency.localeCompare(b.currency));
    return spends;
  }

  function toDto(
    viewer: Viewer,
    row: Customer,
    channels: Map<number, string>,
    spends: Map<number, CustomerSpendDto[]>,
  ): CustomerDto {
    return {
      id: row.id,
      store_id: row.store_id,
      name: protectPersonalData(viewer, row.name, 'name'),
      email: protectPersonalData(viewer, row.email, 'email'),
      phone: protectPersonalData(viewer, row.phone, 'phone'),
      channel_id: row.channel_id,
      channel_name: row.channel_id === null ? null : (channels.get(row.channel_id) ?? null),
      channel_customer_id: protectPersonalData(viewer, row.channel_customer_id, 'name'),
      orders_count: row.orders_count,
      total_spent: spends.get(row.id) ?? [],
      first_order_at: iso(row.first_order_at),
      last_order_at: iso(row.last_order_at),
      created_at: iso(row.created_at)!,
      updated_at: iso(row.updated_at)!,
    };
  }

  function orderDto(row: Order, channels: Map<number, string>): CustomerOrderDto {
    return {
      id: row.id,
      order_number: row.order_number,
      channel_id: row.channel_id,
      channel_name: channels.get(row.channel_id) ?? null,
      status: row.status,
      sync_status: row.sync_status,
      payment_status: row.payment_status,
      currency: row.currency,
      total: money(row.total),
      total_order_items: row.total_order_items,
      order_date: iso(row.order_date),
    };
  }

  async function findCustomer(scope: RequestScope, storeId: number, customerId: number): Promise<Customer> {
    await findReachableStore(models, scope, storeId);
    const customer = await models.Customer.findOne({ where: { id: customerId, store_id: storeId } });
    if (!customer) throw AppError.notFound();
    return customer;
  }

  return {
    async list(scope, storeId, query) {
      await findReachableStore(models, scope, storeId);
      const spec = visibleListSpec(scope, LIST_SPEC, CUSTOMER_PERSONAL_FIELDS, query);
      const page = await findPage(models.Customer, query, spec, { store_id: storeId });
      const [channels, spends] = await Promise.all([
        channelNames(storeId),
        spendsOf(page.data.map((row) => row.id)),
      ]);
      return { data: page.data.map((row) => toDto(scope, row, channels, spends)), meta: page.meta };
    },

    async show(scope, storeId, customerId) {
      const customer = await findCustomer(scope, storeId, customerId);
      const [channels, spends, perChannel, recent] = await Promise.all([
        channelNames(storeId),
        spendsOf([customer.id]),
        models.Order.findAll({
          where: { customer_id: customer.id },
          attributes: ['channel_id', [sequelize.fn('COUNT', sequelize.col('id')), 'orders']],
          group: ['channel_id'],
          raw: true,
        }) as unknown as Promise<{ channel_id: number; orders: number }[]>,
        models.Order.findAll({
          where: { customer_id: customer.id, store_id: storeId },
          attributes: [...ORDER_ATTRIBUTES, 'shipping_address', 'invoice_address'],
          order: [
            ['order_date', 'DESC'],
            ['id', 'DESC'],
          ],
          limit: RECENT_ORDERS,
        }),
      ]);
      const latestWith = (field: 'shipping_address' | 'invoice_address') =>
        recent.find((order) => order[field] !== null)?.[field] ?? null;
      return {
        ...toDto(scope, customer, channels, spends),
        channels: perChannel
          .map((row) => ({
            id: Number(row.channel_id),
            name: channels.get(Number(row.channel_id)) ?? null,
            orders_count: Number(row.orders),
          }))
          .sort((a, b) => b.orders_count - a.orders_count || a.id - b.id),
        shipping_address: addressDto(scope, latestWith('shipping_address')),
        invoice_address: addressDto(scope, latestWith('invoice_address')),
        recent_orders: recent.map((order) => orderDto(order, channels)),
      };
    },

    async orders(scope, storeId, customerId, query) {
      const customer = await findCustomer(scope, storeId, customerId);
      const [page, channels] = await Promise.all([
        findPage(
          models.Order,
          query,
          ORDERS_SPEC,
          { store_id: storeId, customer_id: customer.id },
          { attributes: [...ORDER_ATTRIBUTES] },
        ),
        channelNames(storeId),
      ]);
      return { data: page.data.map((order) => orderDto(order, channels)), meta: page.meta };
    },
  };
}
