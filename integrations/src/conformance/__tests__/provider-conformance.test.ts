import { CHANNEL_CATALOGUE } from '@syncdesk/contracts';
import { servesType } from '../../provider';
import { providerFor, providers } from '../../registry';
import { describeProviderConformance } from '../provider-conformance';

describe('the provider registry', () => {
  it('holds each provider once, of the kind its catalogue entries are, found by its catalogue type', () => {
    const types = providers.map((provider) => provider.type);
    expect(new Set(types).size).toBe(types.length);
    for (const provider of providers) {
      // One vocabulary: the provider is the kind of connection the catalogue offers and the rows store.
      const entries = CHANNEL_CATALOGUE.filter((entry) => servesType(provider, entry.slug));
      expect(entries.length).toBeGreaterThan(0);
      for (const entry of entries) expect([entry.slug, provider.kind]).toEqual([entry.slug, entry.kind]);
      expect(providerFor(provider.type)).toBe(provider);
    }
    expect(providerFor('mirakl-decathlon')?.type).toBe('mirakl');
    expect(providerFor('no-such-type')).toBeNull();
  });

  it('has Shopify, Mirakl and the WMS plugin synchronising', () => {
    for (const type of ['shopify', 'mirakl', 'wms']) {
      expect(providerFor(type)).toMatchObject({
        connector: expect.any(Function),
        simulator: expect.anything(),
      });
    }
  });
});

// One suite, every registered provider: a provider without a connector shows as skipped, with why.
for (const provider of providers) describeProviderConformance(provider);
