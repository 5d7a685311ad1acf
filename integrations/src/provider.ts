import type { RateLimit, SyncCapability } from '@syncdesk/contracts';
import type { ChannelConnector, ConnectorContext, PluginConnector } from './connector';
import type { ProviderExplainer } from './explain/explanation';
import type { OAuthDefinition } from './oauth/oauth-definition';
import type { ProviderSimulator } from './simulators/provider-simulator';
import type { ProviderWebhooks } from './webhooks/provider-webhooks';

/** What a provider is to the seller: where orders come from, where they go, where books are kept. */
export const PROVIDER_KINDS = ['sales_channel', 'plugin', 'accounting', 'purchase_order_source'] as const;
export type ProviderKind = (typeof PROVIDER_KINDS)[number];

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
 * out: declared, never faked (the conformance suite skips what is absent, saying why).
 */
export type Provider =
  | (ProviderParts & {
      readonly kind: 'sales_channel';
      readonly connector?: (context: ConnectorContext) => ChannelConnector;
    })
  | (ProviderParts & {
      readonly kind: 'plugin';
      readonly connector?: (context: ConnectorContext) => PluginConnector;
    })
  | (ProviderParts & { readonly kind: 'accounting' | 'purchase_order_source'; readonly connector?: never });

export type SalesChannelProvider = Extract<Provider, { kind: 'sales_channel' }>;
export type PluginProvider = Extract<Provider, { kind: 'plugin' }>;

/** True when the provider serves this catalogue type. */
export function servesType(provider: Provider, type: string): boolean {
  return provider.matches ? provider.matches(type) : provider.type === type;
}
