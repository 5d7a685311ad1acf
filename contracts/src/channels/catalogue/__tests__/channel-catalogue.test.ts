import { CHANNEL_CATEGORY } from '../../channel.status';
import {
  CHANNEL_CATALOGUE,
  DEFAULT_RATE_LIMITS,
  MIRAKL_PREFIX,
  findCatalogueEntry,
  formTypeOf,
} from '../channel-catalogue';

describe('CHANNEL_CATALOGUE', () => {
  it('holds about 110 entries with unique slugs', () => {
    expect(CHANNEL_CATALOGUE.length).toBeGreaterThanOrEqual(100);
    expect(CHANNEL_CATALOGUE.length).toBeLessThanOrEqual(120);
    const slugs = CHANNEL_CATALOGUE.map((entry) => entry.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
  });

  it('uses only the categories of the channel picker', () => {
    const categories = new Set<string>(CHANNEL_CATEGORY.values);
    for (const entry of CHANNEL_CATALOGUE) expect(categories.has(entry.category)).toBe(true);
  });

  it('lists more than 60 Mirakl-based retailers, all marketplaces with an API key', () => {
    const mirakl = CHANNEL_CATALOGUE.filter((entry) => entry.slug.startsWith(MIRAKL_PREFIX));
    expect(mirakl.length).toBeGreaterThan(60);
    for (const entry of mirakl) {
      expect(entry).toMatchObject({ category: 'Marketplace', kind: 'channel', authType: 'api_key' });
    }
  });

  it('holds the spec named channels', () => {
    const named = [
      'amazonsp',
      'ebay',
      'etsy',
      'shopify',
      'woocommerce',
      'magento',
      'bigcommerce',
      'prestashop',
      'tiktok',
      'onbuy',
      'bol',
      'aliexpress',
      'zoho',
      'cubecart',
    ];
    for (const slug of named) expect(findCatalogueEntry(slug)).toBeDefined();
  });

  it('has exactly the four accounting channels of the spec', () => {
    const accounting = CHANNEL_CATALOGUE.filter((entry) => entry.kind === 'accounting');
    expect(accounting.map((entry) => entry.slug).sort()).toEqual([
      'e-logo',
      'quickbooksonline',
      'sage',
      'xero',
    ]);
    for (const entry of accounting) expect(entry.category).toBe('Accounting');
  });

  it('groups plugins under WMS', () => {
    const plugins = CHANNEL_CATALOGUE.filter((entry) => entry.kind === 'plugin');
    expect(plugins.length).toBeGreaterThan(0);
    for (const entry of plugins) expect(entry.category).toBe('WMS');
  });

  it('marks cubecart inactive and everything else active', () => {
    expect(findCatalogueEntry('cubecart')?.active).toBe(false);
    expect(CHANNEL_CATALOGUE.filter((entry) => !entry.active).map((entry) => entry.slug)).toEqual([
      'cubecart',
    ]);
  });

  it('carries the spec API versions', () => {
    expect(findCatalogueEntry('cubecart')?.versions).toMatchObject({ default: 'v6' });
    expect(findCatalogueEntry('tiktok')?.versions?.default).toBe('v2');
    expect(findCatalogueEntry('tiktok')?.versions?.options.map((option) => option.value)).toEqual([
      'v1',
      'v2',
    ]);
  });
});

describe('rate limits', () => {
  it('follows spec §9 for amazonsp', () => {
    expect(findCatalogueEntry('amazonsp')?.rateLimits).toEqual({
      get_orders: { calls: 10, periodSeconds: 60 },
      get_products: { calls: 80, periodSeconds: 3600 },
      update_stock: { calls: 1, periodSeconds: 80 },
      update_fulfillment: { calls: 1, periodSeconds: 80 },
    });
  });

  it('follows spec §9 for shopify', () => {
    expect(findCatalogueEntry('shopify')?.rateLimits).toEqual({
      get_orders: { calls: 10, periodSeconds: 30 },
      get_products: { calls: 25, periodSeconds: 30 },
      update_stock: { calls: 40, periodSeconds: 20 },
      update_fulfillment: { calls: 50, periodSeconds: 60 },
    });
  });

  it('follows spec §9 for ebay and keeps the default for fulfilment', () => {
    expect(findCatalogueEntry('ebay')?.rateLimits).toEqual({
      get_orders: { calls: 6, periodSeconds: 60 },
      get_products: { calls: 300, periodSeconds: 30 },
      update_stock: { calls: 25, periodSeconds: 30 },
      update_fulfillment: DEFAULT_RATE_LIMITS.update_fulfillment,
    });
  });

  it('allows etsy 10 calls per second on every operation', () => {
    const limits = findCatalogueEntry('etsy')?.rateLimits;
    expect(Object.values(limits ?? {})).toEqual(Array(4).fill({ calls: 10, periodSeconds: 1 }));
  });

  it('never calls fulfilment on quickbooks', () => {
    expect(findCatalogueEntry('quickbooksonline')?.rateLimits.update_fulfillment).toEqual({
      calls: 0,
      periodSeconds: 0,
    });
  });

  it('gives other channels the defaults', () => {
    expect(DEFAULT_RATE_LIMITS).toEqual({
      get_orders: { calls: 10, periodSeconds: 30 },
      get_products: { calls: 100, periodSeconds: 60 },
      update_stock: { calls: 10, periodSeconds: 60 },
      update_fulfillment: { calls: 50, periodSeconds: 60 },
    });
    expect(findCatalogueEntry('woocommerce')?.rateLimits).toEqual(DEFAULT_RATE_LIMITS);
    expect(findCatalogueEntry('mirakl-decathlon')?.rateLimits).toEqual(DEFAULT_RATE_LIMITS);
  });
});

describe('type resolution', () => {
  it('finds a Mirakl retailer by its type', () => {
    expect(findCatalogueEntry('mirakl-decathlon')).toMatchObject({
      name: 'Decathlon',
      category: 'Marketplace',
    });
  });

  it('returns undefined for an unknown type', () => {
    expect(findCatalogueEntry('nope')).toBeUndefined();
    expect(findCatalogueEntry('mirakl-nobody')).toBeUndefined();
  });

  it('maps mirakl-* types to the mirakl form and others to themselves', () => {
    expect(formTypeOf('mirakl-decathlon')).toBe('mirakl');
    expect(formTypeOf('mirakl-nobody')).toBe('mirakl');
    expect(formTypeOf('shopify')).toBe('shopify');
  });
});
