import { z } from 'zod';

import { defaultSettingsFor, settingsFormFor } from '../settings-fields';
import {
  settingFieldAttribute,
  settingsErrorsFor,
  settingsSchemaFor,
  withUrlSchemes,
} from '../settings-validation';

const valid: Record<string, unknown> = {
  ...defaultSettingsFor('mirakl-decathlon'),
  name: 'Decathlon FR',
  shop_url: 'https://decathlon.mirakl.net',
  api_key: 'abc',
};

function fieldErrors(type: string, values: Record<string, unknown>): Record<string, string[] | undefined> {
  const result = settingsSchemaFor(type).safeParse(values);
  return result.success ? {} : z.flattenError(result.error).fieldErrors;
}

describe('settingsSchemaFor', () => {
  it('accepts valid settings', () => {
    expect(settingsSchemaFor('mirakl-decathlon').safeParse(valid).success).toBe(true);
  });

  it('reports required fields with the spec message', () => {
    const errors = fieldErrors('mirakl-decathlon', { ...valid, name: '', api_key: undefined });
    expect(errors.name).toEqual(['The name field is required.']);
    expect(errors.api_key).toEqual(['The API key field is required.']);
  });

  it('requires the get orders interval only when the default interval is off', () => {
    expect(fieldErrors('mirakl-decathlon', valid).get_orders_interval).toBeUndefined();
    expect(
      fieldErrors('mirakl-decathlon', { ...valid, use_default_get_orders_interval: false })
        .get_orders_interval,
    ).toEqual(['The get orders interval field is required.']);
  });

  it('requires the prefix, date and buffers once their switch is on', () => {
    const errors = fieldErrors('mirakl-decathlon', {
      ...valid,
      use_order_prefix: true,
      ignore_orders_before: true,
      use_low_stock_buffer: true,
      use_max_stock_level: true,
      use_delay_fulfilment: true,
    });
    expect(Object.keys(errors).sort()).toEqual(
      [
        'delay_fulfilment_interval',
        'ignore_orders_before_at',
        'low_stock_buffer',
        'max_stock_level',
        'order_prefix',
      ].sort(),
    );
  });

  it('ignores a bad value in a hidden field', () => {
    expect(fieldErrors('mirakl-decathlon', { ...valid, low_stock_buffer: -3 })).toEqual({});
  });

  it('wants positive numbers', () => {
    const errors = fieldErrors('mirakl-decathlon', {
      ...valid,
      use_low_stock_buffer: true,
      low_stock_buffer: 0,
    });
    expect(errors.low_stock_buffer).toEqual(['The low stock buffer field must be greater than 0.']);
    expect(
      fieldErrors('mirakl-decathlon', { ...valid, use_low_stock_buffer: true, low_stock_buffer: '5' }),
    ).toEqual({});
  });

  it('wants dates that parse', () => {
    const withDate = (date: string) => ({
      ...valid,
      ignore_orders_before: true,
      ignore_orders_before_at: date,
    });
    expect(fieldErrors('mirakl-decathlon', withDate('2024-02-30')).ignore_orders_before_at).toEqual([
      'The ignore orders before field must be a valid date (YYYY-MM-DD).',
    ]);
    expect(fieldErrors('mirakl-decathlon', withDate('2024-02-29'))).toEqual({});
  });

  it('checks times, switches and selects', () => {
    const errors = fieldErrors('amazonsp', {
      ...defaultSettingsFor('amazonsp'),
      name: 'Amazon UK',
      marketplace_id: 'XX',
      auto_sync_stock: 'yes',
      orderPollingTime: '25:00',
      fulfillment_channels: ['AFN', 'FBA'],
    });
    expect(errors).toEqual({
      marketplace_id: ['The selected marketplace is invalid.'],
      auto_sync_stock: ['The auto sync stock field must be true or false.'],
      orderPollingTime: ['The order polling time field must be a valid time (HH:mm).'],
      fulfillment_channels: ['The selected fulfilment channels is invalid.'],
    });
  });

  it('accepts a numeric select value posted as a string', () => {
    expect(
      fieldErrors('onbuy', {
        ...defaultSettingsFor('onbuy'),
        name: 'OnBuy',
        site_id: '2000',
        consumer_key: 'a',
        secret_key: 'b',
      }),
    ).toEqual({});
  });

  it('checks URLs', () => {
    expect(fieldErrors('mirakl-decathlon', { ...valid, shop_url: 'decathlon' }).shop_url).toEqual([
      'The shop URL field must be a valid URL.',
    ]);
  });

  it('tells a private store URL what is wrong with it, and takes one typed without its scheme', () => {
    const store = (url: string) =>
      fieldErrors('woocommerce', {
        ...defaultSettingsFor('woocommerce'),
        name: 'Web shop',
        url,
        api_key: 'ck',
        api_secret: 'cs',
      }).url;
    expect(store('http://localhost:8080/shop')).toEqual([
      'The store URL must be a public internet address: localhost is a local name our servers cannot reach.',
    ]);
    expect(store('https://intranet-shop/')).toEqual([
      'The store URL must be a public internet address: intranet-shop is a local name our servers cannot reach.',
    ]);
    // Typed without its scheme, as sellers copy an address: accepted, and saved with https://.
    expect(store('shop.acme.test/wp')).toBeUndefined();
    expect(
      withUrlSchemes(settingsFormFor('shopify'), { name: 'Shop', shop_url: ' my.myshopify.com ' }),
    ).toEqual({ name: 'Shop', shop_url: 'https://my.myshopify.com' });
    expect(withUrlSchemes(settingsFormFor('shopify'), { shop_url: 'http://my.myshopify.com' })).toEqual({
      shop_url: 'http://my.myshopify.com',
    });
    expect(store('https://shop.acme.test')).toBeUndefined();
    expect(store('not a url')).toEqual(['The store URL field must be a valid URL.']);
  });

  it('applies defaults when a switch is missing, so a hidden field stays hidden', () => {
    const withoutSwitch = { ...valid };
    delete withoutSwitch.use_default_get_orders_interval;
    expect(fieldErrors('mirakl-decathlon', withoutSwitch)).toEqual({});
  });

  it('accepts anything for a type with no provider, whose form is empty', () => {
    expect(settingsSchemaFor('nope').safeParse({ anything: 1 }).success).toBe(true);
  });
});

describe('settingFieldAttribute', () => {
  it('names each field by the label on screen, keeping acronyms and brands as written', () => {
    const errors = fieldErrors('woocommerce', {
      ...defaultSettingsFor('woocommerce'),
      name: 'Web shop',
      url: 'shop acme',
    });
    expect(errors).toEqual({
      url: ['The store URL field must be a valid URL.'],
      api_key: ['The consumer key field is required.'],
      api_secret: ['The consumer secret field is required.'],
    });
    expect(settingFieldAttribute({ label: 'API key' })).toBe('API key');
    expect(settingFieldAttribute({ label: 'eBay site' })).toBe('eBay site');
    expect(settingFieldAttribute({ label: 'Hold orders Shopify flags as fraud' })).toBe(
      'hold orders Shopify flags as fraud',
    );
    expect(settingFieldAttribute({ label: 'Tax rate (%)' })).toBe('tax rate (%)');
  });
});

describe('settingsErrorsFor', () => {
  it('returns the 422 field map, or null when valid', () => {
    expect(settingsErrorsFor('mirakl-decathlon', valid)).toBeNull();
    expect(settingsErrorsFor('mirakl-decathlon', { ...valid, name: '' })).toEqual({
      name: ['The name field is required.'],
    });
  });
});
