import { findCatalogueEntry, isMiraklType } from '@syncdesk/contracts';
import { explainHttpStatus, explainTransportFailure } from './generic-explainer';
import type { ExplainInput, ExplainProvider, Explanation } from './explanation';
import { explainMirakl } from './mirakl-explainer';
import { explainShopify } from './shopify-explainer';
import { explainWms } from './wms-explainer';

export type { ExplainInput, ExplainProvider, Explanation, ExplanationAction } from './explanation';

/**
 * Whose errors a channel type speaks: Shopify, any Mirakl operator, the generic WMS contract (every
 * plugin type), else only the generic ones.
 */
export function explainProviderOf(channelType: string | null): ExplainProvider {
  if (!channelType) return 'generic';
  if (channelType === 'shopify') return 'shopify';
  if (isMiraklType(channelType)) return 'mirakl';
  if (findCatalogueEntry(channelType)?.kind === 'plugin') return 'wms';
  return 'generic';
}

/**
 * The plain-language cause and fix of a failed record (the spec's "AI interpretation"). Pure and
 * deterministic: the same record always gets the same words.
 */
export function explainRecord(input: ExplainInput): Explanation {
  switch (input.provider) {
    case 'shopify':
      return explainShopify(input);
    case 'mirakl':
      return explainMirakl(input);
    case 'wms':
      return explainWms(input);
    case 'generic':
      return explainTransportFailure(input) ?? explainHttpStatus(input);
    default:
      return assertUnreachable(input.provider);
  }
}

function assertUnreachable(value: never): never {
  throw new Error(`Unhandled provider: ${String(value)}`);
}
