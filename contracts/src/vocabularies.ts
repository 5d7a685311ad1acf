import { CHANNEL_CATEGORY } from './channels/channel.status';
import { COMPANY_ACCOUNT_STATUS } from './companies/company.status';
import {
  ACKNOWLEDGE_SYNC_STATUS,
  PURCHASE_ORDER_STATUS,
  REQUEST_STATE,
} from './confirmation-orders/confirmation-order.status';
import { INVOICE_SYNC_STATUS } from './invoices/invoice.status';
import { INVOICE_STATUS } from './invoices/invoice.dto';
import { IP_WHITELIST_STATUS } from './ip-whitelist/ip-whitelist.status';
import { LOG_STATUS } from './logs/log.status';
import { NOTIFICATION_LEVEL, NOTIFICATION_STATUS } from './notifications/notification.status';
import {
  FULFILMENT_STATUS,
  ORDER_STATUS,
  ORDER_SYNC_DISPLAY_STATUS,
  ORDER_SYNC_STATUS,
  PAYMENT,
  PAYMENT_STATUS_NUMBER,
  SHOPIFY_RECOMMENDED_ACTION,
} from './orders/order.status';
import { RETURN_HANDLING, RETURN_REASON_DECISION } from './orders/return.status';
import {
  PICKUP_PRODUCT_STATUS,
  PICKUP_STORE_SYNC_STATUS,
  SHOPIFY_PICKUP_SYNC_STATUS,
} from './pickups/pickup.status';
import {
  CHANNEL_PRODUCT_SYNC_STATUS,
  PRODUCT_LISTING_FILTER,
  PRODUCT_SYNC_STATUS,
  TIKTOK_PRODUCT_FILTER,
} from './products/product.status';
import { RULE_TIMING } from './rules/rule.status';
import { SETTING_VALUE } from './settings/setting.status';
import { USER_GROUP } from './users/user.status';
import { WEBHOOK_EVENT, WEBHOOK_METHOD, WEBHOOK_STATUS } from './webhooks/webhook.status';

/**
 * Every vocabulary by its name (the key equals the vocabulary's `name`), so tests (and tooling such as a status legend) can walk them all.
 * Adding a vocabulary without listing it here fails the "every vocabulary is registered" test.
 */
export const VOCABULARIES = {
  logStatus: LOG_STATUS,
  notificationStatus: NOTIFICATION_STATUS,
  notificationLevel: NOTIFICATION_LEVEL,
  ipWhitelistStatus: IP_WHITELIST_STATUS,
  userGroup: USER_GROUP,
  companyAccountStatus: COMPANY_ACCOUNT_STATUS,
  orderSyncStatus: ORDER_SYNC_STATUS,
  orderSyncDisplayStatus: ORDER_SYNC_DISPLAY_STATUS,
  orderStatus: ORDER_STATUS,
  payment: PAYMENT,
  paymentStatusNumber: PAYMENT_STATUS_NUMBER,
  fulfilmentStatus: FULFILMENT_STATUS,
  shopifyRecommendedAction: SHOPIFY_RECOMMENDED_ACTION,
  returnHandling: RETURN_HANDLING,
  returnReasonDecision: RETURN_REASON_DECISION,
  productSyncStatus: PRODUCT_SYNC_STATUS,
  channelProductSyncStatus: CHANNEL_PRODUCT_SYNC_STATUS,
  productListingFilter: PRODUCT_LISTING_FILTER,
  tiktokProductFilter: TIKTOK_PRODUCT_FILTER,
  shopifyPickupSyncStatus: SHOPIFY_PICKUP_SYNC_STATUS,
  pickupStoreSyncStatus: PICKUP_STORE_SYNC_STATUS,
  pickupProductStatus: PICKUP_PRODUCT_STATUS,
  invoiceSyncStatus: INVOICE_SYNC_STATUS,
  invoiceStatus: INVOICE_STATUS,
  acknowledgeSyncStatus: ACKNOWLEDGE_SYNC_STATUS,
  purchaseOrderStatus: PURCHASE_ORDER_STATUS,
  requestState: REQUEST_STATE,
  webhookStatus: WEBHOOK_STATUS,
  webhookEvent: WEBHOOK_EVENT,
  webhookMethod: WEBHOOK_METHOD,
  settingValue: SETTING_VALUE,
  ruleTiming: RULE_TIMING,
  channelCategory: CHANNEL_CATEGORY,
} as const;
