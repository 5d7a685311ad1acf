import { createHash } from 'node:crypto';
import type { NormalisedOrder } from '@syncdesk/contracts';
import {
  chunksOf,
  inList,
  incoming,
  onDuplicate,
  valuesList,
  type SqlDialect,
  type SqlValue,
  type StatementQueue,
} from '../../db/sql-statements';

/**
 * Customers, built from the orders as they are imported (contracts/src/customers).
 *
 * Who is the same customer: within a store, the same e-mail (compared lower-cased: one buyer on
 * Amazon and on the web shop is one customer); without an e-mail, the same customer id on the same
 * channel. An order with neither (a guest checkout some channels send without contact details)
 * has no customer. The key is a pure function of the order, so the upsert needs no lookup first.
 *
 * Figures: a new order adds one to its customer's `orders_count` and widens first/last order dates
 * in the same upsert. An order that moves to another customer (its e-mail was corrected) or whose
 * date changed has both customers recounted from their orders afterwards, and a customer left
 * with no order is removed. What a customer spent is summed from the orders when read (per
 * currency), so a changed total needs no bookkeeping here.
 */

const KEY_WIDTH = 190;

export function customerKeyOf(channelId: number, customer: NormalisedOrder['customer']): string | null {
  let key: string | null = null;
  if (customer.email) key = `email:${customer.email.toLowerCase()}`;
  else if (customer.remote_id) key = `channel:${channelId}:${customer.remote_id}`;
  if (key === null || key.length <= KEY_WIDTH) return key;
  return `sha256:${createHash('sha256').update(key).digest('hex')}`;
}

/** One order's say about its customer. */
export interface CustomerSighting {
  key: string;
  order: NormalisedOrder;
  channelId: number;
  /** The order is new: it counts once more for its customer. */
  counts: boolean;
}

const COLUMNS = [
  'company_id',
  'store_id',
  'customer_key',
  'name',
  'email',
  'phone',
  'channel_id',
  'channel_customer_id',
  'orders_count',
  'first_order_at',
  'last_order_at',
  'created_at',
  'updated_at',
] as const;

/**
 * Upserts the batch's customers (one statement per 500) and answers their ids by key (MariaDB
 * returns them; elsewhere they are read after). Sent at once: the caller works while it runs.
 * Contact details come from the customer's latest order: a batch's older order does not overwrite them.
 */
export async function upsertCustomers(
  queue: StatementQueue,
  dialect: SqlDialect,
  owner: { companyId: number; storeId: number; now: Date },
  sightings: CustomerSighting[],
  returning: boolean,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  if (sightings.length === 0) return ids;
  const byKey = new Map<string, { latest: CustomerSighting; first: Date; last: Date; count: number }>();
  for (const sighting of sightings) {
    const date = sighting.order.order_date;
    const seen = byKey.get(sighting.key);
    if (!seen) {
      byKey.set(sighting.key, { latest: sighting, first: date, last: date, count: sighting.counts ? 1 : 0 });
      continue;
    }
    if (date >= seen.last) {
      seen.latest = sighting;
      seen.last = date;
    }
    if (date < seen.first) seen.first = date;
    if (sighting.counts) seen.count += 1;
  }
  // One lock order for every writer of the same customers (fewer deadlocks between batches).
  const keys = [...byKey.keys()].sort();
  const rows: SqlValue[][] = keys.map((key) => {
    const { latest, first, last, count } = byKey.get(key)!;
    const customer = latest.order.customer;
    return [
      owner.companyId,
      owner.storeId,
      key,
      customer.name,
      customer.email,
      customer.phone,
      latest.channelId,
      customer.remote_id,
      count,
      first,
      last,
      owner.now,
      owner.now,
    ];
  });

  const value = (column: string) => incoming(dialect, column);
  const [least, greatest] = dialect.mysql ? ['LEAST', 'GREATEST'] : ['MIN', 'MAX'];
  const newer = `${value('last_order_at')} >= COALESCE(customers.last_order_at, ${value('last_order_at')})`;
  const latestWins = (column: string) =>
    `${column} = CASE WHEN ${newer} THEN COALESCE(${value(column)}, customers.${column}) ELSE customers.${column} END`;
  // MySQL applies these left to right on the updated row: the contact fields read last_order_at
  // before it moves (SQLite reads the old row throughout, which is the same thing).
  const assignments = [
    latestWins('name'),
    latestWins('email'),
    latestWins('phone'),
    `orders_count = customers.orders_count + ${value('orders_count')}`,
    `first_order_at = ${least}(COALESCE(customers.first_order_at, ${value('first_order_at')}), ${value('first_order_at')})`,
    `last_order_at = ${greatest}(COALESCE(customers.last_order_at, ${value('last_order_at')}), ${value('last_order_at')})`,
    `updated_at = ${value('updated_at')}`,
  ];
  const answers: Promise<{ id: number; customer_key: string }[]>[] = [];
  for (const part of chunksOf(rows, 500)) {
    const sql =
      `INSERT INTO customers (${COLUMNS.join(', ')}) VALUES ${valuesList(dialect, part)} ` +
      onDuplicate(dialect, ['store_id', 'customer_key'], assignments);
    if (returning) answers.push(queue.rows(`${sql} RETURNING id, customer_key`));
    else queue.send(sql);
  }
  if (!returning) {
    for (const part of chunksOf(keys, 1000)) {
      answers.push(
        queue.rows(
          `SELECT id, customer_key FROM customers WHERE store_id = ${owner.storeId} AND customer_key IN (${inList(dialect, part)})`,
        ),
      );
    }
  }
  for (const answer of answers) for (const row of await answer) ids.set(row.customer_key, Number(row.id));
  return ids;
}

/**
 * Recounts customers from their orders (after orders moved between them or changed date) and
 * removes those left without any. Sent after the orders' upsert, so it counts what this batch wrote.
 */
export function sendCustomerRecount(
  queue: StatementQueue,
  dialect: SqlDialect,
  customerIds: number[],
  now: Date,
): void {
  for (const part of chunksOf(customerIds, 500)) {
    const ids = inList(dialect, part);
    const of = (aggregate: string) =>
      `(SELECT ${aggregate} FROM orders WHERE orders.customer_id = customers.id)`;
    queue.send(
      `UPDATE customers SET orders_count = ${of('COUNT(*)')}, first_order_at = ${of('MIN(order_date)')}, ` +
        `last_order_at = ${of('MAX(order_date)')}, updated_at = ${dialect.literal(now)} WHERE id IN (${ids})`,
    );
    queue.send(`DELETE FROM customers WHERE id IN (${ids}) AND orders_count = 0`);
  }
}
