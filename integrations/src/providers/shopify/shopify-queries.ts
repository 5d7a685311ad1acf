/**
 * Every GraphQL operation the connector sends (Admin API 2026-10), in one place so a test can check
 * each against the simulator's schema. Only fields Shopify documents for that version.
 */
/** Line items read with each order; an order with more has the rest read on its own. */
export const LINES_PER_ORDER = 5;

const MONEY = 'shopMoney { amount currencyCode }';
const ADDRESS = 'name firstName lastName company address1 address2 city province zip countryCodeV2 phone';
export const LINE_FIELDS = `id sku title variantTitle quantity
  originalUnitPriceSet { ${MONEY} } totalDiscountSet { ${MONEY} }`;
export const ORDER_FIELDS = `id name createdAt processedAt updatedAt cancelledAt displayFinancialStatus
  displayFulfillmentStatus currencyCode email phone tags
  subtotalPriceSet { ${MONEY} } totalShippingPriceSet { ${MONEY} } totalTaxSet { ${MONEY} }
  totalDiscountsSet { ${MONEY} } totalPriceSet { ${MONEY} } totalRefundedSet { ${MONEY} }
  customer { id firstName lastName email phone }
  shippingAddress { ${ADDRESS} } billingAddress { ${ADDRESS} } shippingLines(first: 1) { nodes { title } }
  lineItems(first: ${LINES_PER_ORDER}) { nodes { ${LINE_FIELDS} } pageInfo { hasNextPage endCursor } }`;

export const ORDERS_QUERY = `query SyncdeskOrders($first: Int!, $after: String, $query: String) {
  orders(first: $first, after: $after, sortKey: UPDATED_AT, query: $query) {
    nodes { ${ORDER_FIELDS} }
    pageInfo { hasNextPage endCursor }
  }
}`;
export const ORDER_NODES_QUERY = `query SyncdeskOrderNodes($ids: [ID!]!) {
  nodes(ids: $ids) { ... on Order { ${ORDER_FIELDS} } }
}`;
export const ORDER_LINES_QUERY = `query SyncdeskOrderLines($id: ID!, $after: String) {
  order(id: $id) { lineItems(first: 100, after: $after) { nodes { ${LINE_FIELDS} } pageInfo { hasNextPage endCursor } } }
}`;
export const LOCATIONS_QUERY = `query SyncdeskLocations { locations(first: 50) { nodes { id isActive } } }`;
/** Inventory items carry the SKU themselves: one point each, half a variant-and-item lookup's. */
export const INVENTORY_ITEMS_BY_SKU_QUERY = `query SyncdeskItemsBySku($first: Int!, $query: String!) {
  inventoryItems(first: $first, query: $query) { nodes { id sku } }
}`;
export const SET_QUANTITIES_MUTATION = `mutation SyncdeskSetStock($input: InventorySetQuantitiesInput!) {
  inventorySetQuantities(input: $input) {
    inventoryAdjustmentGroup { id }
    userErrors { field message code }
  }
}`;
export const LEVELS_QUERY = `query SyncdeskLevels($ids: [ID!]!, $locationId: ID!) {
  nodes(ids: $ids) { ... on InventoryItem { id inventoryLevel(locationId: $locationId) { quantities(names: ["available"]) { name quantity } } } }
}`;
export const FULFILLMENT_ORDERS_QUERY = `query SyncdeskFulfillmentOrders($id: ID!) {
  order(id: $id) {
    fulfillmentOrders(first: 5) {
      nodes {
        id status
        assignedLocation { location { id } }
        lineItems(first: 50) { nodes { id remainingQuantity lineItem { id } } }
      }
    }
    fulfillments(first: 10) { id status trackingInfo(first: 5) { number } }
  }
}`;
export const FULFILLMENT_CREATE_MUTATION = `mutation SyncdeskFulfil($fulfillment: FulfillmentInput!) {
  fulfillmentCreate(fulfillment: $fulfillment) { fulfillment { id status } userErrors { field message } }
}`;
export const TRACKING_UPDATE_MUTATION = `mutation SyncdeskTracking($fulfillmentId: ID!, $trackingInfoInput: FulfillmentTrackingInput!, $notifyCustomer: Boolean) {
  fulfillmentTrackingInfoUpdate(fulfillmentId: $fulfillmentId, trackingInfoInput: $trackingInfoInput, notifyCustomer: $notifyCustomer) {
    fulfillment { id } userErrors { field message }
  }
}`;
export const WEBHOOK_CREATE_MUTATION = `mutation SyncdeskWebhook($topic: WebhookSubscriptionTopic!, $webhookSubscription: WebhookSubscriptionInput!) {
  webhookSubscriptionCreate(topic: $topic, webhookSubscription: $webhookSubscription) {
    webhookSubscription { id topic uri } userErrors { field message }
  }
}`;
export const WEBHOOKS_QUERY = `query SyncdeskWebhooks($after: String) {
  webhookSubscriptions(first: 100, after: $after) { nodes { id topic uri } pageInfo { hasNextPage endCursor } }
}`;
export const WEBHOOK_DELETE_MUTATION = `mutation SyncdeskWebhookDelete($id: ID!) {
  webhookSubscriptionDelete(id: $id) { deletedWebhookSubscriptionId userErrors { field message } }
}`;
export const VARIANT_FIELDS = `id sku barcode price title inventoryQuantity
  product { id title } inventoryItem { id }`;
export const VARIANTS_QUERY = `query SyncdeskVariants($first: Int!, $after: String) {
  productVariants(first: $first, after: $after) { nodes { ${VARIANT_FIELDS} } pageInfo { hasNextPage endCursor } }
}`;
export const VARIANTS_COUNT_QUERY = `query SyncdeskVariantsCount { productVariantsCount { count } shop { currencyCode } }`;
export const BULK_RUN_MUTATION = `mutation SyncdeskBulkVariants($query: String!) {
  bulkOperationRunQuery(query: $query) { bulkOperation { id status } userErrors { field message code } }
}`;
export const BULK_VARIANTS = `{ productVariants { edges { node { ${VARIANT_FIELDS} } } } }`;
export const BULK_STATUS_QUERY = `query SyncdeskBulkStatus($id: ID!) {
  node(id: $id) { ... on BulkOperation { id status errorCode objectCount url } }
}`;
