import { Op, QueryTypes, type Transaction } from 'sequelize';
import type {
  ActivityDto,
  ListResponse,
  OrderCountGroupByStatusDto,
  OrderDetailDto,
  OrderDto,
  OrderItemDto,
  OrderSelectionDto,
} from '@syncdesk/contracts';
import type { Order } from '../../db/order.models';
import { AppError } from '../../http/app-error';
import type { ListQueryInput } from '../../http/list-query';
import type { RequestScope } from '../../http/request-scope';
import { findReachableStore } from '../stores/store-access';
import type { OrderDomainDeps } from './order-domain-deps';
import { orderPickupOf } from './order-pickup';
import { freezeMatchingSelection } from './order-selection';
import {
  counterSelection,
  countSql,
  fromSql,
  pageIdsSql,
  parseOrderListQuery,
  planOrderList,
  splitByDays,
  type CounterSelection,
  type OrderListPlan,
  type PageStart,
} from './order-list.query';
import { ORDER_LIST_ATTRIBUTES, toOrderDetailDto, toOrderDto, toOrderItemDto } from './order.mapper';
import { ORDER_SUBJECT } from './order-subject';

/** Skipping this many index entries costs a few ms; deeper pages of a date sort start from the day counters. */
const JUMP_FROM_OFFSET = 5_000;
/** Day counters read per step while looking for a deep page's first day. */
const DAYS_PER_READ = 64;
const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** List, detail, items and status counts of a store's orders (spec §7), for a reachable store. */
export interface OrderQueryService {
  list(scope: RequestScope, storeId: number, query: ListQueryInput): Promise<ListResponse<OrderDto>>;
  countByStatus(
    scope: RequestScope,
    storeId: number,
    query: ListQueryInput,
  ): Promise<OrderCountGroupByStatusDto>;
  /** "Select all N" frozen: the count and highest id of the orders the list's query matches now. */
  selection(scope: RequestScope, storeId: number, query: ListQueryInput): Promise<OrderSelectionDto>;
  show(scope: RequestScope, storeId: number, orderId: number): Promise<OrderDetailDto>;
  items(scope: RequestScope, storeId: number, orderId: number): Promise<{ data: OrderItemDto[] }>;
  /** Resolves when the caller may read the order (its activities); 404 otherwise. */
  reach(scope: RequestScope, orderId: number): Promise<void>;
  /** `GET activities/order/{id}`: the order's activities, newest first (the list convention). */
  activities(scope: RequestScope, orderId: number, query: ListQueryInput): Promise<ListResponse<ActivityDto>>;
}

/** A day's orders (of the list's filters) in the day counters. */
interface DayTotal {
  day_text: string;
  n: number | string;
}

interface StatusRow {
  sync_status: number | string;
  status: string | null;
  count: number | string;
}

export function createOrderQueryService(deps: OrderDomainDeps): OrderQueryService {
  const { models, sequelize, activities } = deps.core;
  const escape = (value: string) => sequelize.escape(value);

  // `GET activities/order/{id}`: the order's activities (the import's and every action's).
  activities.registerSubjectHistory(ORDER_SUBJECT, {
    subjectType: ORDER_SUBJECT,
    reach: (scope, id) => reach(scope, id),
  });

  async function reach(scope: RequestScope, orderId: number): Promise<void> {
    const order = await models.Order.findByPk(orderId, { attributes: ['id', 'store_id'] });
    if (!order) throw AppError.notFound();
    await findReachableStore(models, scope, order.store_id);
  }

  async function channelNames(storeId: number): Promise<Map<number, string>> {
    const channels = await models.Channel.findAll({
      where: { store_id: storeId },
      attributes: ['id', 'name'],
    });
    return new Map(channels.map((channel) => [channel.id, channel.name]));
  }

  async function findOrder(storeId: number, orderId: number): Promise<Order> {
    const order = await models.Order.findOne({ where: { id: orderId, store_id: storeId } });
    if (!order) throw AppError.notFound();
    return order;
  }

  /** Rows grouped by sync status and status from whichever source answers the plan exactly. */
  async function statusRows(
    plan: OrderListPlan,
    selection: CounterSelection | null,
    transaction: Transaction | undefined,
  ): Promise<StatusRow[]> {
    // Values are escaped into the SQL (no `?` replacements: the conditions may hold a literal "?").
    const run = (sql: string) => sequelize.query<StatusRow>(sql, { type: QueryTypes.SELECT, transaction });
    const store = Number(plan.storeId);
    if (selection && !selection.range) {
      return run(
        `SELECT sync_status, status, SUM(count) AS count FROM order_status_counts
         WHERE store_id = ${store} AND ${selection.sql} GROUP BY sync_status, status`,
      );
    }
    if (selection?.range) {
      const { days, edges } = splitByDays(selection.range);
      const rows: StatusRow[] = [];
      if (days) {
        rows.push(
          ...(await run(
            `SELECT sync_status, status, SUM(count) AS count FROM order_day_counts
             WHERE store_id = ${store} AND day >= ${escape(days.first)} AND day <= ${escape(days.last)}
             AND ${selection.sql} GROUP BY sync_status, status`,
          )),
        );
      }
      for (const edge of edges) {
        rows.push(
          ...(await run(
            `SELECT sync_status, status, COUNT(*) AS count FROM orders
             WHERE store_id = ${store} AND order_date >= ${sequelize.escape(edge.from)}
             AND order_date < ${sequelize.escape(edge.to)} AND ${selection.sql} GROUP BY sync_status, status`,
          )),
        );
      }
      return rows;
    }
    return run(
      `SELECT orders.sync_status AS sync_status, orders.status AS status, COUNT(*) AS count ${fromSql(plan)}
       WHERE ${plan.whereSql} GROUP BY orders.sync_status, orders.status`,
    );
  }

  /** The exact number of orders the plan selects, by the cheapest source that knows it. */
  async function total(plan: OrderListPlan, transaction: Transaction | undefined): Promise<number> {
    const selection = counterSelection(plan.parsed, plan.dialect, escape);
    if (selection) {
      const rows = await statusRows(plan, selection, transaction);
      return rows.reduce((sum, row) => sum + Number(row.count), 0);
    }
    const [row] = await sequelize.query<{ total: number | string }>(countSql(plan), {
      type: QueryTypes.SELECT,
      transaction,
    });
    return Number(row?.total ?? 0);
  }

  /**
   * Where a deep page of a date-sorted list starts (see `PageStart`), or null to skip by OFFSET:
   * shallow pages, other sorts, searches, filters the day counters don't split by, and ranges
   * with partial days. Read in the page's snapshot, so counters and orders agree.
   */
  async function pageStart(
    plan: OrderListPlan,
    transaction: Transaction | undefined,
  ): Promise<PageStart | null> {
    const offset = (plan.parsed.page - 1) * plan.parsed.perPage;
    if (plan.dialect !== 'mysql' || plan.parsed.sort.field !== 'order_date' || offset < JUMP_FROM_OFFSET)
      return null;
    const selection = counterSelection(plan.parsed, plan.dialect, escape);
    if (!selection) return null;
    const bounds: string[] = [];
    if (selection.range) {
      const { days, edges } = splitByDays(selection.range);
      if (!days || edges.length > 0) return null;
      bounds.push(`day >= ${escape(days.first)}`, `day <= ${escape(days.last)}`);
    }
    const descending = plan.parsed.sort.direction === 'desc';
    const read = <T extends object>(sql: string) =>
      sequelize.query<T>(sql, { type: QueryTypes.SELECT, transaction });
    let skip = offset;
    if (!descending && !selection.range) {
      // Ascending, the orders without an order date (failed records) come first.
      const [row] = await read<{ n: number | string }>(
        `SELECT COUNT(*) AS n FROM orders WHERE ${plan.whereSql} AND orders.order_date IS NULL`,
      );
      skip -= Number(row?.n ?? 0);
      if (skip < 0) return null;
    }
    let cursor: string | null = null;
    for (;;) {
      const after: string = cursor === null ? '' : ` AND day ${descending ? '<' : '>'} ${escape(cursor)}`;
      const days: DayTotal[] = await read<DayTotal>(
        `SELECT DATE_FORMAT(day, '%Y-%m-%d') AS day_text, SUM(count) AS n FROM order_day_counts
         WHERE store_id = ${Number(plan.storeId)} AND ${selection.sql}${bounds.map((bound) => ` AND ${bound}`).join('')}${after}
         GROUP BY day ORDER BY day ${descending ? 'DESC' : 'ASC'} LIMIT ${DAYS_PER_READ}`,
      );
      for (const { day_text: day, n } of days) {
        const rows = Number(n);
        if (skip < rows) {
          // Descending, the undated orders follow the dated ones (NULL sorts lowest).
          const boundSql = descending
            ? `(orders.order_date < ${escape(nextDay(day))} OR orders.order_date IS NULL)`
            : `orders.order_date >= ${escape(day)}`;
          return { boundSql, offset: skip };
        }
        skip -= rows;
      }
      // Past the last dated order: the page is in the undated tail (or beyond the end).
      if (days.length < DAYS_PER_READ) return null;
      cursor = days[days.length - 1]!.day_text;
    }
  }

  /**
   * Page and total read in one REPEATABLE READ snapshot on MySQL (its default), so an import
   * committing between the two reads can't make them disagree.
   */
  function snapshot<T>(work: (transaction: Transaction | undefined) => Promise<T>): Promise<T> {
    // SQLite has one connection and one writer: a read transaction would only queue the others.
    return sequelize.getDialect() === 'sqlite' ? work(undefined) : sequelize.transaction(work);
  }

  return {
    async list(scope, storeId, query) {
      await findReachableStore(models, scope, storeId);
      // A data-protection role's search covers only what it sees: `meta.total` can't tell who bought.
      const plan = planOrderList(models.Order, storeId, query, parseOrderListQuery(scope, query));
      const { data, count } = await snapshot(async (transaction) => {
        const start = await pageStart(plan, transaction);
        const page = await sequelize.query<{ id: number | string; total?: number | string }>(
          pageIdsSql(plan, start),
          { type: QueryTypes.SELECT, transaction },
        );
        const ids = page.map((row) => Number(row.id));
        const rows =
          ids.length === 0
            ? []
            : await models.Order.findAll({
                where: { id: { [Op.in]: ids } },
                attributes: [...ORDER_LIST_ATTRIBUTES],
                transaction,
              });
        const byId = new Map(rows.map((row) => [Number(row.id), row]));
        const ordered = ids.map((id) => byId.get(id)).filter((row): row is Order => row !== undefined);
        const offset = (plan.parsed.page - 1) * plan.parsed.perPage;
        // A last page (partly filled) tells its own total; no count needed.
        const counted =
          page[0]?.total !== undefined
            ? Number(page[0].total)
            : ordered.length > 0 && ordered.length < plan.parsed.perPage
              ? offset + ordered.length
              : await total(plan, transaction);
        return { data: ordered, count: counted };
      });
      const names = await channelNames(storeId);
      return {
        data: data.map((row) => toOrderDto(scope, row, names.get(row.channel_id) ?? null)),
        meta: { total: count },
      };
    },

    async countByStatus(scope, storeId, query) {
      await findReachableStore(models, scope, storeId);
      // The tabs split by sync status: the open tab's own filter must not empty the others.
      const parsed = parseOrderListQuery(scope, query);
      const withoutTab = {
        ...parsed,
        filters: parsed.filters.filter((filter) => filter.field !== 'sync_status'),
      };
      const plan = planOrderList(models.Order, storeId, query, withoutTab);
      const rows = await snapshot((transaction) =>
        statusRows(plan, counterSelection(withoutTab, plan.dialect, escape), transaction),
      );
      const bySync = new Map<number, number>();
      const byStatus = new Map<string, number>();
      let sum = 0;
      for (const row of rows) {
        const count = Number(row.count);
        if (count === 0) continue;
        const sync = Number(row.sync_status);
        const status = row.status ?? '';
        bySync.set(sync, (bySync.get(sync) ?? 0) + count);
        byStatus.set(status, (byStatus.get(status) ?? 0) + count);
        sum += count;
      }
      const entries = <V extends number | string>(map: Map<V, number>) =>
        [...map.entries()]
          .filter(([, count]) => count > 0)
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([value, count]) => ({ value, count }));
      return { total: sum, sync_status: entries(bySync), status: entries(byStatus) };
    },

    async selection(scope, storeId, query) {
      await findReachableStore(models, scope, storeId);
      return freezeMatchingSelection(models, storeId, query, scope);
    },

    async show(scope, storeId, orderId) {
      await findReachableStore(models, scope, storeId);
      const order = await findOrder(storeId, orderId);
      const [items, fulfillments, pluginOrders, webhookOrders, names] = await Promise.all([
        models.OrderItem.findAll({ where: { order_id: order.id }, order: [['id', 'ASC']] }),
        models.OrderFulfillment.findAll({ where: { order_id: order.id }, order: [['id', 'ASC']] }),
        models.PluginOrder.findAll({ where: { order_id: order.id }, order: [['id', 'ASC']] }),
        models.WebhookOrder.findAll({ where: { order_id: order.id }, order: [['id', 'ASC']] }),
        channelNames(storeId),
      ]);
      const webhookIds = [...new Set(webhookOrders.map((state) => state.webhook_id))];
      const webhooks =
        webhookIds.length === 0
          ? []
          : await models.Webhook.findAll({
              where: { id: { [Op.in]: webhookIds } },
              attributes: ['id', 'name'],
            });
      const webhookNames = new Map(webhooks.map((webhook) => [webhook.id, webhook.name]));
      const detail = toOrderDetailDto(scope, order, {
        channelName: names.get(order.channel_id) ?? null,
        items,
        fulfillments,
        pluginOrders: pluginOrders.map((state) => ({ state, name: names.get(state.plugin_id) ?? null })),
        webhookOrders: webhookOrders.map((state) => ({
          state,
          name: webhookNames.get(state.webhook_id) ?? null,
        })),
      });
      // Click and collect: the pickup work's own reading of the order (null for other orders).
      return { ...detail, pickup: orderPickupOf(order) };
    },

    async items(scope, storeId, orderId) {
      await findReachableStore(models, scope, storeId);
      const order = await findOrder(storeId, orderId);
      const items = await models.OrderItem.findAll({ where: { order_id: order.id }, order: [['id', 'ASC']] });
      return { data: items.map(toOrderItemDto) };
    },

    reach,

    activities(scope, orderId, query) {
      return activities.listSubjectHistory(scope, ORDER_SUBJECT, orderId, query);
    },
  };
}
