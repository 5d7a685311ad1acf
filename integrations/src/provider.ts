import type { ChannelKind, RateLimit, SyncCapability } from '@syncdesk/contracts';
import type { ChannelConnector, ConnectorContext, PluginConnector } from './connector';
import type { ProviderExplainer } from './explain/explanation';
import type { OAuthDefinition } from './oauth/oauth-definition';
import type { ProviderSimulator } from './simulators/provider-simulator';
import type { ProviderWebhooks } from './webhooks/provider-webhooks';

/**
 * What a provider synchronises, in the seller's direction words: contracts' `SyncCapability`, one
 * vocabulary for the provider's declaration, the api's answers and the picker's labels. The channel
 * picker and the "not synchronised yet" notes derive from these, never from a hand-kept list.
 */
export type ProviderCapability = SyncCapability;

interface ProviderParts {
  /** The catalogue type key (contracts' `CHANNEL_CATALOGUE` slug) this provider serves. */
  readonly type: string;
  /** For a family of catalogue types served by one provider (every `mirakl-*` operator). */
  readonly matches?: (type: string) => boolean;
  readonly capabilities: readonly ProviderCapability[];
  /** Its simulator, speaking the real API's shapes: the demo, tests and the conformance suite use it. */
  readonly simulator?: ProviderSimulator;
  /** Its access tokens expire and its connector renews them (`refreshToken`); absent: credentials that last. */
  readonly tokenRefresh?: true;
  /** Its inbound webhooks; absent when the provider sends none (we poll). */
  readonly webhooks?: ProviderWebhooks;
  /** Its reading of its own errors; absent: the generic explainer speaks for it. */
  readonly explainer?: ProviderExplainer;
  /** Its OAuth endpoints, scope and token exchange shape, when it connects through OAuth. */
  readonly oauth?: OAuthDefinition;
  /** The provider's own limits beside the catalogue's (Mirakl STO01/STO02); the stricter one wins. */
  readonly rateLimits?: Readonly<Record<string, RateLimit>>;
}

/**
 * One outside system Syncdesk talks to, with every part it has. A part the provider lacks is left
 * out: declared, never faked (the conformance suite skips what is absent, saying why). Its `kind`
 * is contracts' `ChannelKind`, the one the `channels` rows and the catalogue carry: a sales channel
 * (`channel`), a `plugin` (fulfilment, WMS) or an `accounting` link.
 */
export type Provider =
  | (ProviderParts & {
      readonly kind: Extract<ChannelKind, 'channel'>;
      readonly connector?: (context: ConnectorContext) => ChannelConnector;
    })
  | (ProviderParts & {
      readonly kind: Extract<ChannelKind, 'plugin'>;
      readonly connector?: (context: ConnectorContext) => PluginConnector;
    })
  | (ProviderParts & { readonly kind: Extract<ChannelKind, 'accounting'>; readonly connector?: never });

export type SalesChannelProvider = Extract<Provider, { kind: 'channel' }>;
export type PluginProvider = Extract<Provider, { kind: 'plugin' }>;

/** True when the provider serves this catalogue type. */
export function servesType(provider: Provider, type: string): boolean {
  return provider.matches ? provider.matches(type) : provider.type === type;
}
