import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { insertChannelRow } from '../../testing/channel-fixtures';
import { ALPHA_MARKER, type IsolationWorld, type RouteCases } from './route-case';

/**
 * Imports, exports and the transfers they start. An import's owner call sends no multipart file,
 * so it answers 422 only once the caller's access and the store have been checked (Beta: 404).
 * Transfers to look at are written straight to the table (and their files to the data folder).
 */

const alphaStore = (world: IsolationWorld) => world.alpha.stores[0]!;

async function alphaChannel(world: IsolationWorld) {
  return insertChannelRow(world.services, alphaStore(world), { name: `${ALPHA_MARKER} Shopify` });
}

async function alphaTransfer(world: IsolationWorld, kind: 'import' | 'export') {
  const store = alphaStore(world);
  const uuid = randomUUID();
  const relative = path.join('transfers', uuid, kind === 'export' ? 'export.csv' : 'report.csv');
  const file = path.join(world.services.transferSettings.dataDir, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(
    file,
    kind === 'export'
      ? `sku,title,type\n${ALPHA_MARKER}-1,${ALPHA_MARKER} Mug,product\n`
      : `row,column,message\n1,sku,${ALPHA_MARKER} refused\n`,
  );
  const transfer = await world.services.models.FileTransfer.create({
    uuid,
    company_id: store.company_id,
    store_id: store.id,
    user_id: world.alpha.owner.id,
    kind,
    subject: 'products',
    channel_id: null,
    file_format: 'csv',
    status: 'done',
    original_name: kind === 'import' ? `${ALPHA_MARKER}.csv` : null,
    content_hash: null,
    file_path: kind === 'export' ? relative : null,
    report_path: kind === 'import' ? relative : null,
    options: null,
    rows_total: 1,
    rows_done: kind === 'export' ? 1 : 0,
    rows_failed: kind === 'import' ? 1 : 0,
    finished_at: new Date(),
  });
  return { storeId: store.id, uuid: transfer.uuid };
}

const CHANNEL_PRODUCTS = '/stores/:storeId/channels/:channelId/products';

export const transfersCases: RouteCases = {
  'POST /products/:storeId/import': {
    request: async (world) => ({ params: { storeId: alphaStore(world).id } }),
    ownerStatus: 422,
    isolation: 'ids',
  },
  'POST /products/:storeId/export/:fileFormat': {
    request: async (world) => ({ params: { storeId: alphaStore(world).id, fileFormat: 'csv' } }),
    ownerStatus: 202,
    isolation: 'ids',
  },
  [`POST ${CHANNEL_PRODUCTS}/import`]: {
    request: async (world) => ({
      params: { storeId: alphaStore(world).id, channelId: (await alphaChannel(world)).id },
    }),
    ownerStatus: 422,
    isolation: 'ids',
  },
  [`POST ${CHANNEL_PRODUCTS}/export/:fileFormat`]: {
    request: async (world) => ({
      params: {
        storeId: alphaStore(world).id,
        channelId: (await alphaChannel(world)).id,
        fileFormat: 'xlsx',
      },
    }),
    ownerStatus: 202,
    isolation: 'ids',
  },
  'GET /fileTransfers/:storeId/:uuid': {
    request: async (world) => ({ params: await alphaTransfer(world, 'import') }),
    ownerStatus: 200,
    isolation: 'ids',
  },
  'GET /fileTransfers/:storeId/:uuid/download': {
    request: async (world) => ({ params: await alphaTransfer(world, 'export') }),
    ownerStatus: 200,
    isolation: 'ids',
    answersFile: true,
  },
  'GET /fileTransfers/:storeId/:uuid/report': {
    request: async (world) => ({ params: await alphaTransfer(world, 'import') }),
    ownerStatus: 200,
    isolation: 'ids',
    answersFile: true,
  },
  // The order domain's exports: an empty store exports a header-only file, so 202 is the owner's answer.
  'POST /orders/:storeId/export/:fileFormat': {
    request: async (world) => ({ params: { storeId: alphaStore(world).id, fileFormat: 'csv' } }),
    ownerStatus: 202,
    isolation: 'ids',
  },
  'POST /orders/:storeId/pluginOrderExport/:fileFormat': {
    request: async (world) => ({ params: { storeId: alphaStore(world).id, fileFormat: 'xlsx' } }),
    ownerStatus: 202,
    isolation: 'ids',
  },
  'POST /invoices/:storeId/export/:fileFormat': {
    request: async (world) => ({ params: { storeId: alphaStore(world).id, fileFormat: 'csv' } }),
    ownerStatus: 202,
    isolation: 'ids',
  },
  'POST /confirmationOrders/:storeId/export/:fileFormat': {
    request: async (world) => ({ params: { storeId: alphaStore(world).id, fileFormat: 'csv' } }),
    ownerStatus: 202,
    isolation: 'ids',
  },
};
