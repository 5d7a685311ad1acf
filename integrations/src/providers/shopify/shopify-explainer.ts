import { explainHttpStatus, explainTransportFailure } from '../../explain/generic-explainer';
import {
  isRecord,
  jsonBodyOf,
  type ExplainInput,
  type Explanation,
  type ProviderExplainer,
} from '../../explain/explanation';

/**
 * Shopify's error text: `errors` may be a string, a list or an object of field → messages
 * (channel-apis §1); a token refresh answers `{ error: "invalid_grant" }`.
 */
export function shopifyErrorText(body: string | null): { text: string | null; error: string | null } {
  const json = jsonBodyOf(body);
  if (!isRecord(json)) return { text: null, error: null };
  const error = typeof json.error === 'string' ? json.error : null;
  const errors = json.errors;
  let text: string | null = null;
  if (typeof errors === 'string') text = errors;
  else if (Array.isArray(errors))
    // GraphQL: [{ message, extensions: { code } }]; REST: a list of strings.
    text = errors
      .map((entry) => (isRecord(entry) && typeof entry.message === 'string' ? entry.message : String(entry)))
      .join(' ');
  else if (isRecord(errors)) {
    text = Object.entries(errors)
      .map(
        ([field, messages]) => `${field} ${Array.isArray(messages) ? messages.join(', ') : String(messages)}`,
      )
      .join('; ');
  }
  return {
    text: text ?? (typeof json.error_description === 'string' ? json.error_description : null),
    error,
  };
}

/** The `extensions.code` of a GraphQL answer's first error (Shopify answers them with HTTP 200). */
function graphqlCodeOf(body: string | null): string | null {
  const json = jsonBodyOf(body);
  if (!isRecord(json) || !Array.isArray(json.errors)) return null;
  const first: unknown = json.errors[0];
  if (!isRecord(first) || !isRecord(first.extensions)) return null;
  return typeof first.extensions.code === 'string' ? first.extensions.code : null;
}

/** The access scope an ACCESS_DENIED names (`read_orders` …). */
const scopeIn = (text: string | null) =>
  text ? (/\b((?:read|write)_[a-z_]+)\b/.exec(text)?.[1] ?? null) : null;

/** What Shopify's GraphQL answers and our connector's own codes mean (HTTP 200 with `errors` or `userErrors`). */
function explainGraphql(input: ExplainInput, text: string | null, said: string): Explanation | null {
  const code = (graphqlCodeOf(input.responseBody) ?? input.errorCode ?? '').toLowerCase();
  switch (code) {
    case 'access_denied': {
      const scope = scopeIn(text) ?? scopeIn(input.message);
      return {
        cause: scope
          ? `The app is missing the Shopify permission “${scope}” (an access scope) needed for this call.${said}`
          : `The app is missing a Shopify permission (access scope) needed for this call.${said}`,
        fix: scope
          ? `Reconnect the channel and accept the “${scope}” permission when Shopify asks for it.`
          : 'Reconnect the channel and accept every permission it asks for.',
        action: 'reconnect',
      };
    }
    case 'throttled':
      return {
        cause: 'Shopify asked us to slow down: the shop’s query points were used up.',
        fix: 'Nothing to do: we wait until the shop’s points come back and try again by ourselves.',
        action: 'wait',
      };
    case 'shop_inactive':
      return {
        cause: `The Shopify shop is closed, frozen or unpaid, so Shopify refuses every call.${said}`,
        fix: 'Reopen the shop (or settle its Shopify bill); synchronisation resumes by itself.',
        action: 'provider',
      };
    case 'max_cost_exceeded':
    case 'graphql_error':
    case 'undefinedfield':
    case 'argumentnotaccepted':
    case 'parseerror':
      return {
        cause: `Shopify did not accept our query: it asked for more, or for something else, than this API version allows.${said}`,
        fix: 'This is a fault on our side: please report it to us.',
        action: 'report',
      };
    case 'internal_server_error':
      return {
        cause: `Shopify had a problem answering.${said}`,
        fix: 'Nothing to do: the next run tries again. If it lasts, check Shopify’s status page.',
        action: 'provider',
      };
    case 'change_from_quantity_stale':
      return {
        cause:
          'The stock at Shopify kept changing while we set it (someone or something else changes it too).',
        fix: 'Nothing to do: the next stock update sends it again from Shopify’s new figure.',
        action: 'wait',
      };
    case 'unknown_sku':
      return {
        cause: 'Shopify has no product variant with this SKU.',
        fix: 'Check the SKU in Shopify and in Syncdesk: they must be exactly the same.',
        action: 'check_mapping',
      };
    case 'no_open_fulfillment_order':
    case 'line_not_fulfillable':
      return {
        cause: `The order at Shopify has nothing left to fulfil: it is already fulfilled, cancelled or on hold.${said}`,
        fix: 'Open the order in Shopify. Nothing needs sending if it is already done.',
        action: 'order_state',
      };
    default:
      return null;
  }
}

export function explainShopify(input: ExplainInput): Explanation {
  const transport = explainTransportFailure(input);
  if (transport) return transport;
  const { text, error } = shopifyErrorText(input.responseBody);
  const said = text ? ` Shopify said: “${text}”` : '';
  const graphql = explainGraphql(input, text, said);
  if (graphql) return graphql;
  if (error === 'invalid_grant' || input.errorCode === 'invalid_grant') {
    return explainTransportFailure({ ...input, errorCode: 'invalid_grant' })!;
  }
  if (error === 'invalid_client' || error === 'unsupported_grant_type') {
    return {
      cause: `Shopify did not accept our app’s own credentials while renewing the access token.${said}`,
      fix: 'This is a setting of this Syncdesk installation (the Shopify app’s client id and secret): please report it to us.',
      action: 'report',
    };
  }
  switch (input.httpStatus) {
    case 401:
      return {
        cause: `Shopify refused the access token: it is invalid or has expired, or the app was uninstalled from the shop.${said}`,
        fix: 'Reconnect the channel (authorise the app again in Shopify).',
        action: 'reconnect',
      };
    case 403:
      return {
        cause: `The app is missing a Shopify permission (access scope) needed for this call.${said}`,
        fix: 'Reconnect the channel and accept every permission it asks for.',
        action: 'reconnect',
      };
    case 404:
      return input.type === 'submit_inventory'
        ? {
            cause:
              'Shopify does not know the product variant (or its inventory item or location) we sent stock for.',
            fix: 'Check the SKU mapping of the listing: the variant may have been deleted or its SKU changed in Shopify.',
            action: 'check_mapping',
          }
        : {
            cause:
              'Shopify does not know the order we asked about: it may have been deleted, or it is older than 60 days.',
            fix: 'Check that the order still exists in Shopify.',
            action: 'check_mapping',
          };
    case 422:
      if (text && /not in an open state|already fulfilled|cancel|on hold|closed/i.test(text)) {
        return {
          cause: `The order at Shopify is not in a state that allows this.${said}`,
          fix: 'Open the order in Shopify: it may already be fulfilled, cancelled or on hold. Nothing needs sending if it is already done.',
          action: 'order_state',
        };
      }
      return {
        cause: `Shopify refused the data we sent.${said}`,
        fix: 'Check the order or product in Syncdesk against Shopify (SKU, quantities, tracking details), then retry.',
        action: 'check_mapping',
      };
    case 429:
      return {
        cause: 'Shopify asked us to slow down: the shop’s call limit was reached.',
        fix: 'Nothing to do: we wait as long as Shopify asks and try again by ourselves.',
        action: 'wait',
      };
    case 400:
      if (text && /page_info/i.test(text)) {
        return {
          cause: `Our request to Shopify was wrong: it mixed a page cursor with filters, which Shopify does not accept.${said}`,
          fix: 'This is a fault on our side: please report it to us. The next run may still work.',
          action: 'report',
        };
      }
      return {
        cause: `Shopify could not understand our request.${said}`,
        fix: 'This is most likely a fault on our side: please report it to us.',
        action: 'report',
      };
    default:
      return explainHttpStatus(input);
  }
}

export const shopifyExplainer: ProviderExplainer = {
  voice: { name: 'Shopify', inSentence: 'Shopify' },
  explain: explainShopify,
};
