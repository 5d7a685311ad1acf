import { randomUUID } from 'node:crypto';
import { LOG_STATUS } from '@syncdesk/contracts';
import { ALPHA_MARKER, type IsolationWorld, type RouteCases } from './route-case';

/**
 * Transaction records and the dashboard. Each call gets a fresh Alpha connection with a failed
 * record written straight into the table (its message and bodies carry the marker), so a leak shows
 * in any body and destructive calls (retry, ignore) never share a record.
 */

const alphaStoreId = (world: IsolationWorld) => world.alpha.stores[0]!.id;

async function alphaConnection(world: IsolationWorld, kind: 'channel' | 'plugin') {
  return world.services.models.Channel.create({
    uuid: randomUUID(),
    company_id: world.alpha.company.id,
    store_id: alphaStoreId(world),
    kind,
    type: kind === 'plugin' ? 'shipstation' : 'shopify',
    name: `${ALPHA_MARKER} ${kind === 'plugin' ? 'Warehouse' : 'Shopify'}`,
    account_nominal_code: null,
    api_version: null,
    settings: {},
    credentials: null,
    authorized_at: null,
    token_expires_at: null,
  });
}

async function alphaRecord(
  world: IsolationWorld,
  kind: 'channel' | 'plugin' | 'api',
  channelId: number | null,
) {
  return world.services.models.TransactionRecord.create({
    company_id: world.alpha.company.id,
    store_id: alphaStoreId(world),
    channel_id: channelId,
    kind,
    type: 'get_orders',
    method: 'GET',
    url: `https://${ALPHA_MARKER.toLowerCase()}.example.test/orders.json`,
    status: LOG_STATUS.byKey('failed').value,
    http_status: 422,
    response_time_ms: 12,
    attempts: 1,
    message: `${ALPHA_MARKER} answered 422`,
    request_body: null,
    response_body: JSON.stringify({ errors: [`${ALPHA_MARKER} is not in an open state.`] }),
    waiting_requests: 0,
    error_code: null,
    // A job no worker runs in this suite's process, so the queued retry stays inert.
    operation: { job: 'plugins.get_updates', data: { pluginId: channelId ?? 0 } },
    retry_of_id: null,
    created_at: new Date(),
  });
}

async function connectionParams(world: IsolationWorld, kind: 'channel' | 'plugin') {
  const connection = await alphaConnection(world, kind);
  const record = await alphaRecord(world, kind, connection.id);
  const param = kind === 'plugin' ? 'pluginId' : 'channelId';
  return { storeId: alphaStoreId(world), [param]: connection.id, logId: record.id };
}

function connectionCases(kind: 'channel' | 'plugin'): RouteCases {
  const base = `/logs/stores/:storeId/${kind === 'plugin' ? 'plugins/:pluginId' : 'channels/:channelId'}/logs`;
  const params = (world: IsolationWorld) => connectionParams(world, kind);
  const selection = async (world: IsolationWorld) => {
    const { logId, ...rest } = await params(world);
    return { params: rest, body: { log_ids: [logId] } };
  };
  return {
    [`GET ${base}`]: {
      request: async (world) => ({ params: await params(world) }),
      ownerStatus: 200,
      isolation: 'ids',
    },
    [`PUT ${base}/retry`]: { request: selection, ownerStatus: 200, isolation: 'ids' },
    [`PUT ${base}/ignore`]: { request: selection, ownerStatus: 200, isolation: 'ids' },
    [`GET ${base}/:logId`]: {
      request: async (world) => ({ params: await params(world) }),
      ownerStatus: 200,
      isolation: 'ids',
    },
    [`GET ${base}/:logId/content`]: {
      request: async (world) => ({ params: await params(world) }),
      ownerStatus: 200,
      isolation: 'ids',
    },
    [`GET ${base}/:logId/aiInterpreter`]: {
      request: async (world) => ({ params: await params(world) }),
      ownerStatus: 200,
      isolation: 'ids',
    },
  };
}

export const logsCases: RouteCases = {
  'GET /logs/apiLogs': {
    request: async (world) => {
      await alphaRecord(world, 'api', null);
      return {};
    },
    ownerStatus: 200,
    isolation: 'own',
  },
  'GET /logs/apiLogs/:logId/content': {
    request: async (world) => ({ params: { logId: (await alphaRecord(world, 'api', null)).id } }),
    ownerStatus: 200,
    isolation: 'ids',
  },
  ...connectionCases('channel'),
  ...connectionCases('plugin'),
  'GET /dashboard': {
    request: async (world) => {
      await connectionParams(world, 'channel');
      return {};
    },
    ownerStatus: 200,
    isolation: 'own',
  },
  'GET /dashboard/logs': {
    request: async (world) => {
      await connectionParams(world, 'channel');
      return {};
    },
    ownerStatus: 200,
    isolation: 'own',
  },
};
