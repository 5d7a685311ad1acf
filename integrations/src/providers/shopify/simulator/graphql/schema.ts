import { buildSchema, type GraphQLSchema } from 'graphql';

/**
 * The part of Shopify's GraphQL Admin API (2026-10) the simulator serves, in Shopify's own type,
 * field, argument and enum names (shopify.dev/docs/api/admin-graphql/2026-10). Only a subset: a
 * field that is not here fails validation the way an unknown field fails at Shopify ("Field 'x'
 * doesn't exist on type 'Order'" there, graphql-js's wording here); a connector that reads only
 * what is below reads the real API too. Non-null markers follow Shopify's.
 */
export const ADMIN_SCHEMA_SDL = /* GraphQL */ `
  scalar DateTime
  scalar Decimal
  scalar Money
  scalar URL
  scalar UnsignedInt64
  scalar JSON

  interface Node {
    id: ID!
  }

  type PageInfo {
    hasNextPage: Boolean!
    hasPreviousPage: Boolean!
    startCursor: String
    endCursor: String
  }

  enum CurrencyCode {
    GBP
    EUR
    USD
    CAD
    AUD
    CHF
    SEK
    DKK
    NOK
    PLN
    JPY
  }

  type MoneyV2 {
    amount: Decimal!
    currencyCode: CurrencyCode!
  }

  type MoneyBag {
    shopMoney: MoneyV2!
    presentmentMoney: MoneyV2!
  }

  type Shop implements Node {
    id: ID!
    name: String!
    email: String!
    myshopifyDomain: String!
    currencyCode: CurrencyCode!
    ianaTimezone: String!
    plan: ShopPlan!
  }

  type ShopPlan {
    publicDisplayName: String!
    partnerDevelopment: Boolean!
    shopifyPlus: Boolean!
  }

  type ApiVersion {
    handle: String!
    displayName: String!
    supported: Boolean!
  }

  type AppInstallation implements Node {
    id: ID!
    accessScopes: [AccessScope!]!
  }

  type AccessScope {
    handle: String!
    description: String!
  }

  # Orders

  enum OrderSortKeys {
    CREATED_AT
    ID
    ORDER_NUMBER
    PROCESSED_AT
    TOTAL_PRICE
    UPDATED_AT
  }

  enum OrderCancelReason {
    CUSTOMER
    DECLINED
    FRAUD
    INVENTORY
    OTHER
    STAFF
  }

  enum OrderDisplayFinancialStatus {
    AUTHORIZED
    EXPIRED
    PAID
    PARTIALLY_PAID
    PARTIALLY_REFUNDED
    PENDING
    REFUNDED
    VOIDED
  }

  enum OrderDisplayFulfillmentStatus {
    FULFILLED
    IN_PROGRESS
    ON_HOLD
    OPEN
    PARTIALLY_FULFILLED
    PENDING_FULFILLMENT
    REQUEST_DECLINED
    RESTOCKED
    SCHEDULED
    UNFULFILLED
  }

  type Order implements Node {
    id: ID!
    legacyResourceId: UnsignedInt64!
    name: String!
    email: String
    phone: String
    note: String
    tags: [String!]!
    test: Boolean!
    createdAt: DateTime!
    updatedAt: DateTime!
    processedAt: DateTime!
    closed: Boolean!
    closedAt: DateTime
    cancelledAt: DateTime
    cancelReason: OrderCancelReason
    currencyCode: CurrencyCode!
    presentmentCurrencyCode: CurrencyCode!
    displayFinancialStatus: OrderDisplayFinancialStatus
    displayFulfillmentStatus: OrderDisplayFulfillmentStatus!
    fullyPaid: Boolean!
    customer: Customer
    shippingAddress: MailingAddress
    billingAddress: MailingAddress
    subtotalPriceSet: MoneyBag
    totalPriceSet: MoneyBag!
    currentTotalPriceSet: MoneyBag!
    totalTaxSet: MoneyBag
    totalDiscountsSet: MoneyBag
    totalShippingPriceSet: MoneyBag!
    totalRefundedSet: MoneyBag!
    lineItems(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
    ): LineItemConnection!
    shippingLines(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
    ): ShippingLineConnection!
    fulfillmentOrders(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
      displayable: Boolean = false
      query: String
    ): FulfillmentOrderConnection!
    fulfillments(first: Int, query: String): [Fulfillment!]!
    refunds(first: Int): [Refund!]!
  }

  type OrderConnection {
    edges: [OrderEdge!]!
    nodes: [Order!]!
    pageInfo: PageInfo!
  }

  type OrderEdge {
    cursor: String!
    node: Order!
  }

  type Customer implements Node {
    id: ID!
    legacyResourceId: UnsignedInt64!
    firstName: String
    lastName: String
    displayName: String!
    email: String
    phone: String
  }

  type MailingAddress {
    firstName: String
    lastName: String
    name: String
    company: String
    address1: String
    address2: String
    city: String
    province: String
    provinceCode: String
    zip: String
    country: String
    countryCodeV2: String
    phone: String
  }

  type TaxLine {
    title: String
    rate: Float
    ratePercentage: Float
    priceSet: MoneyBag!
  }

  type LineItem implements Node {
    id: ID!
    name: String!
    title: String!
    sku: String
    variantTitle: String
    quantity: Int!
    currentQuantity: Int!
    unfulfilledQuantity: Int!
    requiresShipping: Boolean!
    variant: ProductVariant
    product: Product
    originalUnitPriceSet: MoneyBag!
    discountedUnitPriceSet: MoneyBag!
    originalTotalSet: MoneyBag!
    totalDiscountSet: MoneyBag!
    taxLines(first: Int): [TaxLine!]!
  }

  type LineItemConnection {
    edges: [LineItemEdge!]!
    nodes: [LineItem!]!
    pageInfo: PageInfo!
  }

  type LineItemEdge {
    cursor: String!
    node: LineItem!
  }

  type ShippingLine {
    id: ID
    title: String!
    code: String
    originalPriceSet: MoneyBag!
    discountedPriceSet: MoneyBag!
  }

  type ShippingLineConnection {
    edges: [ShippingLineEdge!]!
    nodes: [ShippingLine!]!
    pageInfo: PageInfo!
  }

  type ShippingLineEdge {
    cursor: String!
    node: ShippingLine!
  }

  enum RefundLineItemRestockType {
    CANCEL
    LEGACY_RESTOCK
    NO_RESTOCK
    RETURN
  }

  type Refund implements Node {
    id: ID!
    legacyResourceId: UnsignedInt64!
    createdAt: DateTime
    note: String
    totalRefundedSet: MoneyBag!
    refundLineItems(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
    ): RefundLineItemConnection!
  }

  type RefundLineItem {
    id: ID
    lineItem: LineItem!
    quantity: Int!
    restockType: RefundLineItemRestockType!
    restocked: Boolean!
    subtotalSet: MoneyBag!
  }

  type RefundLineItemConnection {
    edges: [RefundLineItemEdge!]!
    nodes: [RefundLineItem!]!
    pageInfo: PageInfo!
  }

  type RefundLineItemEdge {
    cursor: String!
    node: RefundLineItem!
  }

  # Fulfilment

  enum FulfillmentOrderStatus {
    CANCELLED
    CLOSED
    INCOMPLETE
    IN_PROGRESS
    ON_HOLD
    OPEN
    SCHEDULED
  }

  enum FulfillmentOrderRequestStatus {
    ACCEPTED
    CANCELLATION_ACCEPTED
    CANCELLATION_REJECTED
    CANCELLATION_REQUESTED
    CLOSED
    REJECTED
    SUBMITTED
    UNSUBMITTED
  }

  enum FulfillmentOrderAction {
    CANCEL_FULFILLMENT_ORDER
    CREATE_FULFILLMENT
    EXTERNAL
    HOLD
    MARK_AS_OPEN
    MERGE
    MOVE
    RELEASE_HOLD
    REQUEST_CANCELLATION
    REQUEST_FULFILLMENT
    SPLIT
  }

  type FulfillmentOrderSupportedAction {
    action: FulfillmentOrderAction!
  }

  type FulfillmentOrderAssignedLocation {
    name: String!
    countryCode: String!
    location: Location
  }

  type FulfillmentOrder implements Node {
    id: ID!
    status: FulfillmentOrderStatus!
    requestStatus: FulfillmentOrderRequestStatus!
    createdAt: DateTime!
    updatedAt: DateTime!
    orderId: ID!
    orderName: String!
    order: Order!
    assignedLocation: FulfillmentOrderAssignedLocation!
    supportedActions: [FulfillmentOrderSupportedAction!]!
    lineItems(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
    ): FulfillmentOrderLineItemConnection!
  }

  type FulfillmentOrderConnection {
    edges: [FulfillmentOrderEdge!]!
    nodes: [FulfillmentOrder!]!
    pageInfo: PageInfo!
  }

  type FulfillmentOrderEdge {
    cursor: String!
    node: FulfillmentOrder!
  }

  type FulfillmentOrderLineItem implements Node {
    id: ID!
    totalQuantity: Int!
    remainingQuantity: Int!
    sku: String
    lineItem: LineItem!
    inventoryItemId: ID
    variant: ProductVariant
  }

  type FulfillmentOrderLineItemConnection {
    edges: [FulfillmentOrderLineItemEdge!]!
    nodes: [FulfillmentOrderLineItem!]!
    pageInfo: PageInfo!
  }

  type FulfillmentOrderLineItemEdge {
    cursor: String!
    node: FulfillmentOrderLineItem!
  }

  enum FulfillmentStatus {
    CANCELLED
    ERROR
    FAILURE
    SUCCESS
    OPEN
    PENDING
  }

  type FulfillmentTrackingInfo {
    company: String
    number: String
    url: URL
  }

  type Fulfillment implements Node {
    id: ID!
    legacyResourceId: UnsignedInt64!
    name: String!
    status: FulfillmentStatus!
    createdAt: DateTime!
    updatedAt: DateTime!
    order: Order!
    location: Location
    trackingInfo(first: Int): [FulfillmentTrackingInfo!]!
    totalQuantity: Int!
    fulfillmentLineItems(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
    ): FulfillmentLineItemConnection!
  }

  type FulfillmentLineItem implements Node {
    id: ID!
    quantity: Int
    lineItem: LineItem!
  }

  type FulfillmentLineItemConnection {
    edges: [FulfillmentLineItemEdge!]!
    nodes: [FulfillmentLineItem!]!
    pageInfo: PageInfo!
  }

  type FulfillmentLineItemEdge {
    cursor: String!
    node: FulfillmentLineItem!
  }

  # Catalogue and stock

  enum ProductStatus {
    ACTIVE
    ARCHIVED
    DRAFT
  }

  enum ProductSortKeys {
    CREATED_AT
    ID
    TITLE
    UPDATED_AT
  }

  enum ProductVariantSortKeys {
    ID
    SKU
    TITLE
  }

  type Product implements Node {
    id: ID!
    legacyResourceId: UnsignedInt64!
    title: String!
    handle: String!
    status: ProductStatus!
    vendor: String!
    productType: String!
    createdAt: DateTime!
    updatedAt: DateTime!
    totalInventory: Int!
    tracksInventory: Boolean!
    variantsCount: Count
    variants(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
    ): ProductVariantConnection!
  }

  type Count {
    count: Int!
    precision: CountPrecision!
  }

  enum CountPrecision {
    AT_LEAST
    EXACT
  }

  type ProductConnection {
    edges: [ProductEdge!]!
    nodes: [Product!]!
    pageInfo: PageInfo!
  }

  type ProductEdge {
    cursor: String!
    node: Product!
  }

  type ProductVariant implements Node {
    id: ID!
    legacyResourceId: UnsignedInt64!
    title: String!
    displayName: String!
    sku: String
    barcode: String
    price: Money!
    inventoryQuantity: Int
    createdAt: DateTime!
    updatedAt: DateTime!
    product: Product!
    inventoryItem: InventoryItem!
  }

  type ProductVariantConnection {
    edges: [ProductVariantEdge!]!
    nodes: [ProductVariant!]!
    pageInfo: PageInfo!
  }

  type ProductVariantEdge {
    cursor: String!
    node: ProductVariant!
  }

  type InventoryItem implements Node {
    id: ID!
    legacyResourceId: UnsignedInt64!
    sku: String
    tracked: Boolean!
    requiresShipping: Boolean!
    createdAt: DateTime!
    updatedAt: DateTime!
    variant: ProductVariant!
    inventoryLevel(locationId: ID!): InventoryLevel
    inventoryLevels(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
      query: String
    ): InventoryLevelConnection!
  }

  type InventoryItemConnection {
    edges: [InventoryItemEdge!]!
    nodes: [InventoryItem!]!
    pageInfo: PageInfo!
  }

  type InventoryItemEdge {
    cursor: String!
    node: InventoryItem!
  }

  type InventoryQuantity implements Node {
    id: ID!
    name: String!
    quantity: Int!
    updatedAt: DateTime
  }

  type InventoryLevel implements Node {
    id: ID!
    createdAt: DateTime!
    updatedAt: DateTime!
    isActive: Boolean
    item: InventoryItem!
    location: Location!
    quantities(names: [String!]!): [InventoryQuantity!]!
  }

  type InventoryLevelConnection {
    edges: [InventoryLevelEdge!]!
    nodes: [InventoryLevel!]!
    pageInfo: PageInfo!
  }

  type InventoryLevelEdge {
    cursor: String!
    node: InventoryLevel!
  }

  type Location implements Node {
    id: ID!
    legacyResourceId: UnsignedInt64!
    name: String!
    isActive: Boolean!
    fulfillsOnlineOrders: Boolean!
    address: LocationAddress!
    inventoryLevel(inventoryItemId: ID!): InventoryLevel
    inventoryLevels(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
      query: String
    ): InventoryLevelConnection!
  }

  type LocationAddress {
    countryCode: String
    city: String
  }

  type LocationConnection {
    edges: [LocationEdge!]!
    nodes: [Location!]!
    pageInfo: PageInfo!
  }

  type LocationEdge {
    cursor: String!
    node: Location!
  }

  # Webhooks

  enum WebhookSubscriptionTopic {
    APP_UNINSTALLED
    BULK_OPERATIONS_FINISH
    INVENTORY_LEVELS_UPDATE
    ORDERS_CANCELLED
    ORDERS_CREATE
    ORDERS_FULFILLED
    ORDERS_UPDATED
    PRODUCTS_CREATE
    PRODUCTS_DELETE
    PRODUCTS_UPDATE
  }

  enum WebhookSubscriptionFormat {
    JSON
    XML
  }

  type WebhookSubscription implements Node {
    id: ID!
    legacyResourceId: UnsignedInt64!
    topic: WebhookSubscriptionTopic!
    uri: String!
    format: WebhookSubscriptionFormat!
    includeFields: [String!]!
    metafieldNamespaces: [String!]!
    filter: String
    apiVersion: ApiVersion!
    createdAt: DateTime!
    updatedAt: DateTime!
  }

  type WebhookSubscriptionConnection {
    edges: [WebhookSubscriptionEdge!]!
    nodes: [WebhookSubscription!]!
    pageInfo: PageInfo!
  }

  type WebhookSubscriptionEdge {
    cursor: String!
    node: WebhookSubscription!
  }

  input WebhookSubscriptionInput {
    uri: String
    callbackUrl: URL
    format: WebhookSubscriptionFormat
    includeFields: [String!]
    metafieldNamespaces: [String!]
    filter: String
  }

  type UserError {
    field: [String!]
    message: String!
  }

  type WebhookSubscriptionCreatePayload {
    webhookSubscription: WebhookSubscription
    userErrors: [UserError!]!
  }

  type WebhookSubscriptionDeletePayload {
    deletedWebhookSubscriptionId: ID
    userErrors: [UserError!]!
  }

  # Bulk operations

  enum BulkOperationStatus {
    CANCELED
    CANCELING
    COMPLETED
    CREATED
    EXPIRED
    FAILED
    RUNNING
  }

  enum BulkOperationType {
    MUTATION
    QUERY
  }

  enum BulkOperationErrorCode {
    ACCESS_DENIED
    INTERNAL_SERVER_ERROR
    TIMEOUT
  }

  type BulkOperation implements Node {
    id: ID!
    status: BulkOperationStatus!
    type: BulkOperationType!
    errorCode: BulkOperationErrorCode
    createdAt: DateTime!
    completedAt: DateTime
    objectCount: UnsignedInt64!
    rootObjectCount: UnsignedInt64!
    fileSize: UnsignedInt64
    url: URL
    partialDataUrl: URL
    query: String!
  }

  enum BulkOperationUserErrorCode {
    INVALID
    OPERATION_IN_PROGRESS
    LIMIT_REACHED
  }

  type BulkOperationUserError {
    code: BulkOperationUserErrorCode
    field: [String!]
    message: String!
  }

  type BulkOperationRunQueryPayload {
    bulkOperation: BulkOperation
    userErrors: [BulkOperationUserError!]!
  }

  type BulkOperationCancelPayload {
    bulkOperation: BulkOperation
    userErrors: [UserError!]!
  }

  # Mutations' inputs and payloads

  input InventoryQuantityInput {
    inventoryItemId: ID!
    locationId: ID!
    quantity: Int!
    # Required since 2026-04: a number (compare and swap) or an explicit null. compareQuantity and
    # ignoreCompareQuantity, its predecessors, are gone from 2026-07.
    changeFromQuantity: Int
  }

  input InventorySetQuantitiesInput {
    name: String!
    reason: String!
    referenceDocumentUri: String
    quantities: [InventoryQuantityInput!]!
  }

  enum InventorySetQuantitiesUserErrorCode {
    CHANGE_FROM_QUANTITY_STALE
    COMPARE_QUANTITY_REQUIRED
    COMPARE_QUANTITY_STALE
    IDEMPOTENCY_CONCURRENT_REQUEST
    IDEMPOTENCY_KEY_PARAMETER_MISMATCH
    INVALID_INVENTORY_ITEM
    INVALID_LOCATION
    INVALID_NAME
    INVALID_QUANTITY_NEGATIVE
    INVALID_QUANTITY_TOO_HIGH
    INVALID_QUANTITY_TOO_LOW
    INVALID_REASON
    INVALID_REFERENCE_DOCUMENT
    ITEM_NOT_STOCKED_AT_LOCATION
    NO_DUPLICATE_INVENTORY_ITEM_ID_GROUP_ID_PAIR
    NON_MUTABLE_INVENTORY_ITEM
  }

  type InventorySetQuantitiesUserError {
    code: InventorySetQuantitiesUserErrorCode
    field: [String!]
    message: String!
  }

  type InventoryChange {
    name: String!
    delta: Int!
    quantityAfterChange: Int
    item: InventoryItem
    location: Location
    ledgerDocumentUri: String
  }

  type InventoryAdjustmentGroup {
    id: ID
    createdAt: DateTime!
    reason: String!
    referenceDocumentUri: String
    changes(inventoryItemIds: [ID!], locationIds: [ID!], quantityNames: [String!]): [InventoryChange!]!
  }

  type InventorySetQuantitiesPayload {
    inventoryAdjustmentGroup: InventoryAdjustmentGroup
    userErrors: [InventorySetQuantitiesUserError!]!
  }

  input FulfillmentOrderLineItemInput {
    id: ID!
    quantity: Int!
  }

  input FulfillmentOrderLineItemsInput {
    fulfillmentOrderId: ID!
    fulfillmentOrderLineItems: [FulfillmentOrderLineItemInput!]
  }

  input FulfillmentTrackingInput {
    company: String
    number: String
    numbers: [String!]
    url: URL
    urls: [URL!]
  }

  input FulfillmentOriginAddressInput {
    address1: String
    address2: String
    city: String
    zip: String
    provinceCode: String
    countryCode: String!
  }

  input FulfillmentInput {
    lineItemsByFulfillmentOrder: [FulfillmentOrderLineItemsInput!]!
    trackingInfo: FulfillmentTrackingInput
    notifyCustomer: Boolean = false
    originAddress: FulfillmentOriginAddressInput
  }

  type FulfillmentCreatePayload {
    fulfillment: Fulfillment
    userErrors: [UserError!]!
  }

  type FulfillmentTrackingInfoUpdatePayload {
    fulfillment: Fulfillment
    userErrors: [UserError!]!
  }

  type QueryRoot {
    shop: Shop!
    app: App
    currentAppInstallation: AppInstallation!
    node(id: ID!): Node
    nodes(ids: [ID!]!): [Node]!
    order(id: ID!): Order
    orders(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
      sortKey: OrderSortKeys = PROCESSED_AT
      query: String
    ): OrderConnection!
    ordersCount(query: String, limit: Int = 10000): Count
    product(id: ID!): Product
    products(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
      sortKey: ProductSortKeys = ID
      query: String
    ): ProductConnection!
    productVariant(id: ID!): ProductVariant
    productVariants(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
      sortKey: ProductVariantSortKeys = ID
      query: String
    ): ProductVariantConnection!
    productVariantsCount(query: String, limit: Int = 10000): Count
    inventoryItem(id: ID!): InventoryItem
    inventoryItems(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
      query: String
    ): InventoryItemConnection!
    inventoryLevel(id: ID!): InventoryLevel
    location(id: ID): Location
    locations(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
      query: String
      includeLegacy: Boolean = false
      includeInactive: Boolean = false
    ): LocationConnection!
    fulfillmentOrder(id: ID!): FulfillmentOrder
    fulfillment(id: ID!): Fulfillment
    webhookSubscription(id: ID!): WebhookSubscription
    webhookSubscriptions(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
      topics: [WebhookSubscriptionTopic!]
      uri: String
      callbackUrl: URL
      format: WebhookSubscriptionFormat
    ): WebhookSubscriptionConnection!
    currentBulkOperation(type: BulkOperationType = QUERY): BulkOperation
    bulkOperation(id: ID!): BulkOperation
  }

  type App implements Node {
    id: ID!
    title: String!
    apiKey: String!
  }

  type Mutation {
    inventorySetQuantities(
      input: InventorySetQuantitiesInput!
      idempotencyKey: String
    ): InventorySetQuantitiesPayload
    fulfillmentCreate(fulfillment: FulfillmentInput!, message: String): FulfillmentCreatePayload
    fulfillmentTrackingInfoUpdate(
      fulfillmentId: ID!
      trackingInfoInput: FulfillmentTrackingInput!
      notifyCustomer: Boolean
    ): FulfillmentTrackingInfoUpdatePayload
    webhookSubscriptionCreate(
      topic: WebhookSubscriptionTopic!
      webhookSubscription: WebhookSubscriptionInput!
    ): WebhookSubscriptionCreatePayload
    webhookSubscriptionDelete(id: ID!): WebhookSubscriptionDeletePayload
    bulkOperationRunQuery(query: String!, groupObjects: Boolean = false): BulkOperationRunQueryPayload
    bulkOperationCancel(id: ID!): BulkOperationCancelPayload
  }

  schema {
    query: QueryRoot
    mutation: Mutation
  }
`;

let built: GraphQLSchema | null = null;

/** Built once per process: every simulator serves the same schema. */
export function adminSchema(): GraphQLSchema {
  built ??= buildSchema(ADMIN_SCHEMA_SDL);
  return built;
}
