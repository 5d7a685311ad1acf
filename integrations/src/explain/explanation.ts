/**
 * What the explainer reads of a failed transaction record, and what it answers. Pure data: the
 * same record always gets the same explanation.
 */
/** Whose errors a record speaks: a provider's `type` in the registry, or 'generic'. */
export type ExplainProvider = string;

/** How explanations name a provider: alone ("Shopify …") and mid-sentence ("we could not reach Shopify"). */
export interface ProviderVoice {
  name: string;
  inSentence: string;
}

/** A provider's own reading of its errors; it falls back to the generic explainer for the rest. */
export interface ProviderExplainer {
  voice: ProviderVoice;
  explain(input: ExplainInput): Explanation;
}

/**
 * What the seller should do: reconnect the channel, check the SKU mapping, wait (it retries by
 * itself), change the order's state, wait for the provider, fix a setting, report it to us (our
 * side is wrong), or nothing.
 */
export type ExplanationAction =
  'reconnect' | 'check_mapping' | 'wait' | 'order_state' | 'provider' | 'settings' | 'report' | 'none';

export interface ExplainInput {
  provider: ExplainProvider;
  httpStatus: number | null;
  errorCode: string | null;
  message: string;
  responseBody: string | null;
  /** Spec job type (get_orders, submit_inventory …): what we were doing. */
  type: string;
  /** Set by `explainRecord` from the provider's explainer; the generic words when absent. */
  voice?: ProviderVoice;
}

export interface Explanation {
  cause: string;
  fix: string;
  action: ExplanationAction;
}

export const GENERIC_VOICE: ProviderVoice = { name: 'The provider', inSentence: 'the provider' };

/** The provider's name at the start of a sentence. */
export const providerNameOf = (input: ExplainInput): string => (input.voice ?? GENERIC_VOICE).name;

/** The provider in the middle of a sentence ("we could not reach Shopify"). */
export const providerInSentence = (input: ExplainInput): string => (input.voice ?? GENERIC_VOICE).inSentence;

/** What the job type was doing, for "while …" phrases. */
export function doingOf(type: string): string {
  switch (type) {
    case 'get_orders':
      return 'downloading orders';
    case 'submit_inventory':
      return 'sending stock levels';
    case 'submit_fulfillment':
      return 'sending a shipment and its tracking';
    case 'refresh_tokens':
      return 'renewing the access token';
    case 'sync_orders':
      return 'sending orders to the warehouse';
    case 'get_updates':
      return 'reading shipments and stock from the warehouse';
    case 'pickup_order':
      return 'updating a click-and-collect order';
    case 'webhook_subscriptions':
      return 'subscribing to order notifications';
    default:
      return 'calling it';
  }
}

/** The body as JSON, or null when it is empty or not JSON. */
export function jsonBodyOf(body: string | null): unknown {
  if (!body) return null;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return null;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
