import type { SettingsSection } from '@syncdesk/web-kit';

/**
 * How a settings form is grouped on screen: the spec's groups of common settings
 * (integration-domain §3), with the provider's own fields (URLs, credentials, marketplace…)
 * right after the name, since a connection cannot work without them.
 */
export function settingsSections(providerName: string): SettingsSection[] {
  return [
    {
      key: 'general',
      title: 'General',
      fields: [
        'name',
        'account_nominal_code',
        'is_default',
        'auto_sync_orders',
        'auto_hold_orders',
        'get_orders',
        'auto_match_product',
      ],
    },
    { key: 'provider', title: `${providerName} settings`, fields: 'rest' },
    {
      key: 'orders',
      title: 'Order fetching',
      fields: [
        'use_default_get_orders_interval',
        'get_orders_interval',
        'use_default_order_sent_via_webhook_delay',
        'order_sent_via_webhook_delay',
        'use_order_prefix',
        'order_prefix',
        'ignore_orders_before',
        'ignore_orders_before_at',
        'orderPollingTime',
      ],
    },
    {
      key: 'products',
      title: 'Product download',
      fields: [
        'download_products',
        'download_product_images',
        'download_product_dimensions',
        'download_product_customs_information',
        'add_to_products',
        'set_initial_stock_levels',
        'refetch_products',
      ],
    },
    {
      key: 'stock',
      title: 'Stock',
      fields: [
        'auto_sync_stock',
        'push_stock_levels',
        'deduct_stock_via_orders',
        'use_low_stock_buffer',
        'low_stock_buffer',
        'use_max_stock_level',
        'max_stock_level',
      ],
    },
    {
      key: 'fulfilment',
      title: 'Fulfilment',
      fields: ['use_delay_fulfilment', 'delay_fulfilment_interval', 'disable_fulfillment'],
    },
  ];
}
