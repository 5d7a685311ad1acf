import { randomUUID } from 'node:crypto';
import { Op } from 'sequelize';
import type { NormalisedOrderInput } from '@syncdesk/contracts';
import type { Store } from '../../../db/models';
import { insertChannelRow } from '../../../testing/channel-fixtures';
import { createCompany, type CompanyFixture } from '../../../testing/identity-fixtures';
import type { TestDatabase } from '../../../testing/test-database';
import { readJson, startTestProcess, type Json, type TestProcess } from '@syncdesk/server/testing';
import { addStatusMove, moveOrderStatusCounts } from '../order-status-counts';
import { orderOf } from '../../../testing/order-import-kit';

/** Two companies over a real process: Alpha (two stores) acts, Beta must never reach Alpha's orders. */
export interface ActionWorld {
  server: TestProcess;
  alpha: CompanyFixture;
  beta: CompanyFixture;
  store: Store;
  otherStore: Store;
  owner: string;
  betaOwner: string;
}

export async function startActionWorld(database: TestDatabase): Promise<ActionWorld> {
  const server = await startTestProcess(database.url);
  const alpha = await createCompany(server.services, { name: 'Alpha', stores: ['Alpha UK', 'Alpha DE'] });
  const beta = await createCompany(server.services, { name: 'Beta', stores: ['Beta Main'] });
  return {
    server,
    alpha,
    beta,
    store: alpha.stores[0]!,
    otherStore: alpha.stores[1]!,
    owner: await alpha.tokenFor(alpha.owner),
    betaOwner: await beta.tokenFor(beta.owner),
  };
}

export interface Answer {
  status: number;
  body: Json;
}

/** A JSON call. */
export async function call(world: ActionWorld, method: string, path: string, token: string, body?: unknown) {
  const response = await world.server.request(method, `/api${path}`, { token, body });
  return {
    status: response.status,
    body: response.status === 204 ? null : await readJson(response),
  } as Answer;
}

/** A multipart/form-data call (the browser's form), with an optional file. */
export async function callForm(
  world: ActionWorld,
  path: string,
  token: string,
  fields: Record<string, string | string[]>,
  file?: { name: string; content: string | Buffer; type?: string },
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) form.append(key, item);
  }
  if (file) {
    form.append('file', new Blob([file.content], { type: file.type ?? 'text/csv' }), file.name);
  }
  const response = await fetch(`${world.server.url}/api${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    body: form,
  });
  return { status: response.status, body: await readJson(response) } as Answer;
}

let sequence = 0;
const unique = () => `${process.pid}-${++sequence}`;

export function salesChannel(
  world: ActionWorld,
  store: Store = world.store,
  settings: Record<string, unknown> = {},
) {
  return insertChannelRow(world.server.services, store, { name: `Shop ${unique()}`, settings });
}

export function plugin(world: ActionWorld, store: Store = world.store, isDefault = false) {
  return world.server.services.models.Channel.create({
    uuid: randomUUID(),
    company_id: store.company_id,
    store_id: store.id,
    kind: 'plugin',
    type: 'shipbob',
    name: `WMS ${unique()}`,
    is_default: isDefault,
    account_nominal_code: null,
    api_version: null,
    settings: {},
    credentials: null,
    authorized_at: null,
    token_expires_at: null,
  });
}

/** Orders of one channel through THE import service; their ids in the batch's order. */
export async function importOrders(
  world: ActionWorld,
  channelId: number,
  count: number,
  extra: (index: number) => Partial<NormalisedOrderInput> = () => ({}),
): Promise<number[]> {
  const prefix = `R${unique()}`;
  const batch = Array.from({ length: count }, (_, index) =>
    orderOf(
      `${prefix}-${index + 1}`,
      [
        { sku: null, quantity: 2 },
        { sku: null, quantity: 1 },
      ],
      {
        order_number: `${prefix}-${index + 1}`,
        ...extra(index),
      },
    ),
  );
  const ids: number[] = [];
  for (let start = 0; start < batch.length; start += 500) {
    const result = await world.server.services.orderImport.importBatch(
      channelId,
      batch.slice(start, start + 500),
    );
    if (result.failed) throw new Error(JSON.stringify(result.failures));
    ids.push(...result.orderIds);
  }
  const rows = await world.server.services.models.Order.findAll({
    where: { id: { [Op.in]: ids } },
    attributes: ['id', 'remote_id'],
  });
  const byRemote = new Map(rows.map((row) => [row.remote_id, row.id]));
  return batch.map((order) => byRemote.get(String(order.remote_id))!);
}

/**
 * Puts orders into a sync status as the sync engine will (in one transaction with the counters),
 * so a test can start from any state.
 */
export async function setSyncStatus(
  world: ActionWorld,
  orderIds: number[],
  syncStatus: number,
): Promise<void> {
  const { sequelize, models } = world.server.services;
  await sequelize.transaction(async (transaction) => {
    const rows = await models.Order.findAll({ where: { id: { [Op.in]: orderIds } }, transaction });
    const deltas = new Map<string, number>();
    for (const row of rows) addStatusMove(deltas, row, { sync_status: syncStatus, status: row.status });
    await models.Order.update(
      { sync_status: syncStatus },
      { where: { id: { [Op.in]: orderIds } }, transaction },
    );
    await moveOrderStatusCounts(sequelize, rows[0]!.store_id, deltas, transaction);
  });
}

export async function syncStatuses(world: ActionWorld, orderIds: number[]): Promise<number[]> {
  const rows = await world.server.services.models.Order.findAll({
    where: { id: { [Op.in]: orderIds } },
    attributes: ['id', 'sync_status'],
  });
  const byId = new Map(rows.map((row) => [row.id, row.sync_status]));
  return orderIds.map((id) => byId.get(id)!);
}

/** The counters of a store and a GROUP BY over its orders, both as `sync|status → count` (zeros dropped). */
export async function countersAndReality(world: ActionWorld, storeId: number) {
  const { sequelize } = world.server.services;
  const [counters] = await sequelize.query(
    'SELECT sync_status, status, count FROM order_status_counts WHERE store_id = ? AND count <> 0',
    { replacements: [storeId] },
  );
  const [reality] = await sequelize.query(
    "SELECT sync_status, COALESCE(status, '') AS status, COUNT(*) AS count FROM orders WHERE store_id = ? GROUP BY sync_status, COALESCE(status, '')",
    { replacements: [storeId] },
  );
  const asMap = (rows: unknown[]) =>
    Object.fromEntries(
      (rows as { sync_status: number; status: string; count: number | string }[])
        .map((row) => [`${Number(row.sync_status)}|${row.status}`, Number(row.count)] as const)
        .sort(([a], [b]) => a.localeCompare(b)),
    );
  return { counters: asMap(counters), reality: asMap(reality) };
}

/** The jobs queued under a name (the test process's Agenda store is the same database). */
export async function queuedJobs<T>(world: ActionWorld, name: string): Promise<T[]> {
  const [rows] = await world.server.services.sequelize.query(
    'SELECT data FROM agenda_jobs WHERE name = ? ORDER BY id',
    {
      replacements: [name],
    },
  );
  return (rows as { data: string | T }[]).map((row) =>
    typeof row.data === 'string' ? (JSON.parse(row.data) as T) : row.data,
  );
}

export async function activitiesOf(world: ActionWorld, orderId: number, event: string) {
  return world.server.services.models.Activity.findAll({
    where: { subject_type: 'order', subject_id: orderId, event },
    order: [['id', 'ASC']],
  });
}

/** MySQL's per-day counters (kept by triggers, migration 0020) and a GROUP BY, as `day|sync|status → count`. */
export async function dayCountersAndReality(world: ActionWorld, storeId: number) {
  const { sequelize } = world.server.services;
  const [counters] = await sequelize.query(
    'SELECT DATE_FORMAT(day, "%Y-%m-%d") AS day, sync_status, status, count FROM order_day_counts WHERE store_id = ? AND count <> 0',
    { replacements: [storeId] },
  );
  const [reality] = await sequelize.query(
    "SELECT DATE_FORMAT(DATE(order_date), '%Y-%m-%d') AS day, sync_status, COALESCE(status, '') AS status, COUNT(*) AS count FROM orders WHERE store_id = ? AND order_date IS NOT NULL GROUP BY DATE(order_date), sync_status, COALESCE(status, '')",
    { replacements: [storeId] },
  );
  const asMap = (rows: unknown[]) =>
    Object.fromEntries(
      (rows as { day: string; sync_status: number; status: string; count: number | string }[])
        .map((row) => [`${row.day}|${Number(row.sync_status)}|${row.status}`, Number(row.count)] as const)
        .sort(([a], [b]) => a.localeCompare(b)),
    );
  return { counters: asMap(counters), reality: asMap(reality) };
}
