import { defineVocabulary } from '../vocabulary';

/** Whether an order has been sent to a webhook. */
export const WEBHOOK_STATUS = defineVocabulary('webhookStatus', [
  { value: 0, key: 'pending', label: 'Pending', tone: 'default' },
  { value: 1, key: 'sent', label: 'Sent', tone: 'success' },
]);

/** Events a webhook can subscribe to; the value is the event name sent to the receiver. */
export const WEBHOOK_EVENT = defineVocabulary('webhookEvent', [
  { value: 'orders.received', key: 'orders_received', label: 'Orders received', tone: 'default' },
  { value: 'orders.updated', key: 'orders_updated', label: 'Orders updated', tone: 'default' },
  { value: 'orders.on_hold', key: 'orders_on_hold', label: 'Orders on hold', tone: 'default' },
  {
    value: 'confirmation.orders.received',
    key: 'confirmation_orders_received',
    label: 'Confirmation orders received',
    tone: 'default',
  },
  { value: 'products.updated', key: 'products_updated', label: 'Products updated', tone: 'default' },
  {
    value: 'channels.products.updated',
    key: 'channels_products_updated',
    label: 'Channel products updated',
    tone: 'default',
  },
  {
    value: 'plugins.products.updated',
    key: 'plugins_products_updated',
    label: 'Plugin products updated',
    tone: 'default',
  },
  {
    value: 'fulfillments.updated',
    key: 'fulfillments_updated',
    label: 'Fulfilments updated',
    tone: 'default',
  },
  {
    value: 'fulfillments.created',
    key: 'fulfillments_created',
    label: 'Fulfilments created',
    tone: 'default',
  },
  { value: 'invoices.received', key: 'invoices_received', label: 'Invoices received', tone: 'default' },
  { value: 'invoices.updated', key: 'invoices_updated', label: 'Invoices updated', tone: 'default' },
  { value: 'orders.excluded', key: 'orders_excluded', label: 'Orders excluded', tone: 'default' },
]);

/** HTTP method a webhook is called with. */
export const WEBHOOK_METHOD = defineVocabulary('webhookMethod', [
  { value: 'GET', key: 'get', label: 'GET', tone: 'default' },
  { value: 'POST', key: 'post', label: 'POST', tone: 'default' },
  { value: 'PUT', key: 'put', label: 'PUT', tone: 'default' },
  { value: 'DELETE', key: 'delete', label: 'DELETE', tone: 'default' },
  { value: 'PATCH', key: 'patch', label: 'PATCH', tone: 'default' },
]);
