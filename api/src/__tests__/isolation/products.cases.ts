import { randomUUID } from 'node:crypto';
import { ALPHA_MARKER, type IsolationWorld, type RouteCases } from './route-case';

/**
 * Cases for products, kits, the stock ledger and a product's stock history. Products are made
 * straight in the table for each call, so destructive calls never share one.
 */

const alphaStore = (world: IsolationWorld) => world.alpha.stores[0]!;

let sequence = 0;

async function alphaProduct(world: IsolationWorld, type: 'product' | 'kit' = 'product') {
  const store = alphaStore(world);
  return world.services.models.Product.create({
    uuid: randomUUID(),
    company_id: store.company_id,
    store_id: store.id,
    sku: `${ALPHA_MARKER}-SKU-${++sequence}`,
    title: `${ALPHA_MARKER} product`,
    type,
    quantity: 0,
    price: null,
    nominal_code: null,
    barcode: null,
  });
}

/** A product with one movement in its ledger (and its stock_updated activity). */
async function alphaProductWithStock(world: IsolationWorld) {
  const product = await alphaProduct(world);
  await world.services.stock.apply(null, product.store_id, [
    { productId: product.id, setTo: 5, reason: 'correction', sourceRef: `${ALPHA_MARKER} count` },
  ]);
  return product;
}

const storeParams = (world: IsolationWorld) => ({ storeId: alphaStore(world).id });
const productParams = (world: IsolationWorld, product: { id: number }) => ({
  storeId: alphaStore(world).id,
  id: product.id,
});

const PRODUCTS = '/products/:storeId';
const PRODUCT = `${PRODUCTS}/:id`;

export const productsCases: RouteCases = {
  [`GET ${PRODUCTS}`]: {
    request: async (world) => {
      await alphaProduct(world);
      return { params: storeParams(world) };
    },
    ownerStatus: 200,
    isolation: 'ids',
  },
  [`POST ${PRODUCTS}/create`]: {
    request: async (world) => ({
      params: storeParams(world),
      body: { sku: `${ALPHA_MARKER}-NEW-${++sequence}`, title: `${ALPHA_MARKER} new`, quantity: 3 },
    }),
    ownerStatus: 201,
    isolation: 'ids',
  },
  [`PUT ${PRODUCTS}/updateAutoSyncStock`]: {
    request: async (world) => ({
      params: storeParams(world),
      body: { auto_sync_stock: false, product_uuids: [(await alphaProduct(world)).uuid] },
    }),
    ownerStatus: 200,
    isolation: 'ids',
  },
  [`POST ${PRODUCTS}/checkProductUsedInKit`]: {
    request: async (world) => ({
      params: storeParams(world),
      body: { product_uuids: [(await alphaProduct(world)).uuid] },
    }),
    ownerStatus: 200,
    isolation: 'ids',
  },
  // The matrix sends DELETE without a body: the store is checked (404 for Beta) before the body
  // is (422 "Choose the products, or all of them." for the owner). The api tests delete with bodies.
  [`DELETE ${PRODUCTS}`]: {
    request: async (world) => {
      await alphaProduct(world);
      return { params: storeParams(world) };
    },
    ownerStatus: 422,
    isolation: 'ids',
  },
  [`GET ${PRODUCT}`]: {
    request: async (world) => ({ params: productParams(world, await alphaProduct(world)) }),
    ownerStatus: 200,
    isolation: 'ids',
  },
  [`PUT ${PRODUCT}`]: {
    request: async (world) => ({
      params: productParams(world, await alphaProduct(world)),
      body: { title: 'Renamed', stock_delta: 2 },
    }),
    ownerStatus: 200,
    isolation: 'ids',
  },
  [`DELETE ${PRODUCT}`]: {
    request: async (world) => ({ params: productParams(world, await alphaProduct(world)) }),
    ownerStatus: 204,
    isolation: 'ids',
  },
  [`GET ${PRODUCT}/stockMovements`]: {
    request: async (world) => ({ params: productParams(world, await alphaProductWithStock(world)) }),
    ownerStatus: 200,
    isolation: 'ids',
  },
  'GET /activities/:destination/:destinationId/stock_updated': {
    request: async (world) => ({
      params: { destination: 'product', destinationId: (await alphaProductWithStock(world)).id },
    }),
    ownerStatus: 200,
    isolation: 'ids',
  },
};
