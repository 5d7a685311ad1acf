import { findCatalogueEntry } from '@syncdesk/contracts';
import { providerFor, providers } from '../registry';
import { explainHttpStatus, explainTransportFailure } from './generic-explainer';
import type { ExplainInput, ExplainProvider, Explanation } from './explanation';

export type { ExplainInput, ExplainProvider, Explanation, ExplanationAction } from './explanation';

/** Plugins without a provider of their own speak our generic WMS contract. */
const PLUGIN_CONTRACT = 'wms';

/**
 * Whose errors a channel type speaks: its provider's when that provider reads its own errors
 * (Shopify, any Mirakl operator), the WMS contract's for every plugin, else only the generic ones.
 */
export function explainProviderOf(channelType: string | null): ExplainProvider {
  if (!channelType) return 'generic';
  const provider = providerFor(channelType);
  if (provider?.explainer) return provider.type;
  if (findCatalogueEntry(channelType)?.kind === 'plugin') return PLUGIN_CONTRACT;
  return 'generic';
}

/**
 * The plain-language cause and fix of a failed record (the spec's "AI interpretation"). Pure and
 * deterministic: the same record always gets the same words.
 */
export function explainRecord(input: ExplainInput): Explanation {
  const explainer = providers.find((provider) => provider.type === input.provider)?.explainer;
  if (!explainer) return explainTransportFailure(input) ?? explainHttpStatus(input);
  return explainer.explain({ ...input, voice: explainer.voice });
}
