import { PROVIDER_KINDS } from '../../provider';
import { providerFor, providers } from '../../registry';
import { describeProviderConformance } from '../provider-conformance';

describe('the provider registry', () => {
  it('holds each provider once, each of a known kind, found by its catalogue type', () => {
    const types = providers.map((provider) => provider.type);
    expect(new Set(types).size).toBe(types.length);
    for (const provider of providers) {
      expect(PROVIDER_KINDS).toContain(provider.kind);
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
