import {
  AMAZON_MARKETPLACES,
  COMMON_SETTING_FIELDS,
  defaultSettingsFor,
  settingsFormFor,
  type SettingField,
} from '../settings-fields';

const field = (fields: readonly SettingField[], name: string): SettingField | undefined =>
  fields.find((candidate) => candidate.name === name);

describe('COMMON_SETTING_FIELDS', () => {
  it('covers every common setting of spec §3 once', () => {
    const names = COMMON_SETTING_FIELDS.map((candidate) => candidate.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(
      expect.arrayContaining([
        'name',
        'account_nominal_code',
        'auto_sync_orders',
        'auto_hold_orders',
        'get_orders',
        'auto_match_product',
        'use_default_get_orders_interval',
        'get_orders_interval',
        'use_default_order_sent_via_webhook_delay',
        'order_sent_via_webhook_delay',
        'use_order_prefix',
        'order_prefix',
        'ignore_orders_before',
        'ignore_orders_before_at',
        'orderPollingTime',
        'download_products',
        'download_product_images',
        'download_product_dimensions',
        'download_product_customs_information',
        'add_to_products',
        'set_initial_stock_levels',
        'refetch_products',
        'auto_sync_stock',
        'push_stock_levels',
        'deduct_stock_via_orders',
        'use_low_stock_buffer',
        'low_stock_buffer',
        'use_max_stock_level',
        'max_stock_level',
        'use_delay_fulfilment',
        'delay_fulfilment_interval',
        'disable_fulfillment',
      ]),
    );
  });

  it('marks the spec §5 fields required', () => {
    const required = COMMON_SETTING_FIELDS.filter((candidate) => candidate.required).map((c) => c.name);
    expect(required.sort()).toEqual(
      [
        'name',
        'get_orders_interval',
        'order_sent_via_webhook_delay',
        'order_prefix',
        'ignore_orders_before_at',
        'low_stock_buffer',
        'max_stock_level',
        'delay_fulfilment_interval',
      ].sort(),
    );
  });

  it('shows the get orders interval only when the default interval is off', () => {
    expect(field(COMMON_SETTING_FIELDS, 'get_orders_interval')?.dependsOn).toEqual({
      field: 'use_default_get_orders_interval',
      equals: false,
    });
  });
});

describe('settingsFormFor', () => {
  it('starts every channel form with the common fields and the spec §9 defaults', () => {
    const form = settingsFormFor('amazonsp');
    expect(form.slice(0, COMMON_SETTING_FIELDS.length)).toEqual(COMMON_SETTING_FIELDS);
    expect(defaultSettingsFor('amazonsp')).toMatchObject({
      auto_match_product: true,
      get_orders: true,
      use_default_order_sent_via_webhook_delay: true,
    });
  });

  it('offers the 23 Amazon marketplaces and AFN/MFN', () => {
    expect(AMAZON_MARKETPLACES).toHaveLength(23);
    expect(new Set(AMAZON_MARKETPLACES.map((option) => option.value)).size).toBe(23);
    const form = settingsFormFor('amazonsp');
    expect(field(form, 'marketplace_id')).toMatchObject({ type: 'select', required: true });
    expect(field(form, 'fulfillment_channels')?.options?.map((option) => option.value)).toEqual([
      'AFN',
      'MFN',
    ]);
  });

  it('builds the channel-specific lists of spec §9', () => {
    expect(field(settingsFormFor('onbuy'), 'site_id')?.options).toEqual([
      { value: 2000, label: 'United Kingdom' },
    ]);
    expect(field(settingsFormFor('tiktok'), 'market')?.options?.map((option) => option.value)).toEqual([
      'uk',
      'us',
    ]);
    expect(field(settingsFormFor('zoho'), 'data_centre')?.options?.map((option) => option.value)).toEqual([
      'eu',
      'us',
      'au',
      'in',
    ]);
    expect(
      field(settingsFormFor('bol'), 'fulfillment_channel')?.options?.map((option) => option.value),
    ).toEqual(['FBR', 'FBB']);
    expect(field(settingsFormFor('ebay'), 'site_id')?.options?.length).toBeGreaterThan(0);
  });

  it('gives shopify its fraud, location and products-per-request settings', () => {
    const form = settingsFormFor('shopify');
    for (const name of [
      'auto_hold_fraud_orders',
      'fraud_score_threshold',
      'products_per_request',
      'default_location',
    ]) {
      expect(field(form, name)).toBeDefined();
    }
    expect(field(form, 'fraud_score_threshold')?.dependsOn).toEqual({
      field: 'auto_hold_fraud_orders',
      equals: true,
    });
  });

  it('uses the mirakl form for every mirakl-* type', () => {
    const form = settingsFormFor('mirakl-decathlon');
    expect(form).toEqual(settingsFormFor('mirakl'));
    expect(field(form, 'shop_url')?.required).toBe(true);
    expect(field(form, 'api_key')?.secret).toBe(true);
  });

  it('derives credentials for catalogue entries without a form of their own', () => {
    expect(field(settingsFormFor('walmart'), 'api_secret')?.required).toBe(true);
    expect(field(settingsFormFor('wix'), 'api_key')).toBeUndefined();
  });

  it('gives plugins a name and default flag rather than the channel settings', () => {
    const form = settingsFormFor('mintsoft');
    expect(form.map((candidate) => candidate.name)).toEqual(['name', 'is_default', 'api_key']);
  });

  it('gives accounting channels the common fields', () => {
    expect(field(settingsFormFor('xero'), 'account_nominal_code')).toBeDefined();
  });

  it('returns an empty form for a type with no provider', () => {
    expect(settingsFormFor('nope')).toEqual([]);
    expect(defaultSettingsFor('nope')).toEqual({});
  });
});
