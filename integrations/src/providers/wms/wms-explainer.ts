import { explainHttpStatus, explainTransportFailure } from '../../explain/generic-explainer';
import {
  isRecord,
  jsonBodyOf,
  type ExplainInput,
  type Explanation,
  type ProviderExplainer,
} from '../../explain/explanation';

/**
 * The WMS plugin contract's error: `{ error: { code, message } }` for a refused call, or a
 * rejected entry in `results` of an orders batch that was otherwise answered 200.
 */
export function wmsErrorOf(body: string | null): { code: string | null; message: string | null } {
  const json = jsonBodyOf(body);
  if (!isRecord(json)) return { code: null, message: null };
  const error = isRecord(json.error)
    ? json.error
    : Array.isArray(json.results)
      ? (
          json.results.find((result) => isRecord(result) && isRecord(result.error)) as
            { error: Record<string, unknown> } | undefined
        )?.error
      : undefined;
  if (!error) return { code: null, message: null };
  return {
    code: typeof error.code === 'string' ? error.code : null,
    message: typeof error.message === 'string' ? error.message : null,
  };
}

const WMS_CODES: Readonly<Record<string, (said: string) => Explanation>> = {
  UNAUTHORIZED: (said) => ({
    cause: `The warehouse refused our credentials.${said}`,
    fix: 'Check the API key in the plugin settings.',
    action: 'settings',
  }),
  VALIDATION_FAILED: (said) => ({
    cause: `The warehouse refused the data we sent.${said}`,
    fix: 'Check the order (address, shipping method, quantities). If it looks right, report it to us.',
    action: 'report',
  }),
  ORDER_REJECTED: (said) => ({
    cause: `The warehouse rejected the order.${said}`,
    fix: 'Fix what the warehouse names (address, shipping method…) in the order, then send it again.',
    action: 'order_state',
  }),
  UNKNOWN_SKU: (said) => ({
    cause: `The warehouse does not know a SKU of this order.${said}`,
    fix: 'Create the product in the warehouse, or correct its SKU in Syncdesk, then send the order again.',
    action: 'check_mapping',
  }),
  RATE_LIMITED: () => ({
    cause: 'The warehouse asked us to slow down.',
    fix: 'Nothing to do: we wait and try again by ourselves.',
    action: 'wait',
  }),
  NOT_FOUND: (said) => ({
    cause: `The warehouse could not find what we asked for.${said}`,
    fix: 'Check that the order or product exists in the warehouse with the same reference or SKU.',
    action: 'check_mapping',
  }),
  INTERNAL: (said) => ({
    cause: `The warehouse had a problem on its side.${said}`,
    fix: 'Retry this record later; if it keeps failing, contact the warehouse.',
    action: 'provider',
  }),
};

export function explainWms(input: ExplainInput): Explanation {
  const transport = explainTransportFailure(input);
  if (transport) return transport;
  const { code, message } = wmsErrorOf(input.responseBody);
  const said = message ? ` The warehouse said: “${message}”` : '';
  const known = WMS_CODES[code ?? ''] ?? WMS_CODES[input.errorCode ?? ''];
  return known ? known(said) : explainHttpStatus(input);
}

export const wmsExplainer: ProviderExplainer = {
  voice: { name: 'The warehouse', inSentence: 'the warehouse' },
  explain: explainWms,
};
