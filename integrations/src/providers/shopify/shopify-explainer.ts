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
  else if (Array.isArray(errors)) text = errors.map(String).join(' ');
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

export function explainShopify(input: ExplainInput): Explanation {
  const transport = explainTransportFailure(input);
  if (transport) return transport;
  const { text, error } = shopifyErrorText(input.responseBody);
  const said = text ? ` Shopify said: “${text}”` : '';
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
