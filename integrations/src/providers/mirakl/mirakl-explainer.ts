import { explainHttpStatus, explainTransportFailure } from '../../explain/generic-explainer';
import {
  isRecord,
  jsonBodyOf,
  type ExplainInput,
  type Explanation,
  type ProviderExplainer,
} from '../../explain/explanation';

/**
 * The code and message of a Mirakl error body. The shape is UNCONFIRMED (channel-apis §8): read
 * `{message, code}`, a list `errors` of those, or `{error}` — the same reading as the connector.
 */
export function miraklErrorOf(body: string | null): { code: string | null; message: string | null } {
  const json = jsonBodyOf(body);
  if (!isRecord(json)) return { code: null, message: null };
  const first = Array.isArray(json.errors) && isRecord(json.errors[0]) ? json.errors[0] : json;
  const code =
    typeof first.code === 'string' ? first.code : typeof first.error === 'string' ? first.error : null;
  return { code, message: typeof first.message === 'string' ? first.message : null };
}

/** STO02's answer: an import that failed, or finished with lines in error. */
function stockImportProblem(body: string | null): { failed: boolean; linesInError: number } | null {
  const json = jsonBodyOf(body);
  if (!isRecord(json) || typeof json.import_id === 'undefined' || typeof json.status !== 'string')
    return null;
  const linesInError = typeof json.lines_in_error === 'number' ? json.lines_in_error : 0;
  return json.status === 'FAILED' || linesInError > 0
    ? { failed: json.status === 'FAILED', linesInError }
    : null;
}

const MIRAKL_CODES: Readonly<Record<string, (said: string) => Explanation>> = {
  ORDER_INVALID_STATE: (said) => ({
    cause: `The order at Mirakl is not in the state this step needs (accepting needs “waiting acceptance”, shipping needs “shipping”).${said}`,
    fix: 'Open the order in the Mirakl back office: it may already be accepted, shipped, refused or cancelled. Nothing needs sending if the step is already done.',
    action: 'order_state',
  }),
  ORDER_NOT_FOUND: (said) => ({
    cause: `Mirakl does not know this order for this shop.${said}`,
    fix: 'Check that the order exists in the Mirakl back office and that the channel uses the right shop id.',
    action: 'check_mapping',
  }),
  ORDER_LINE_NOT_FOUND: (said) => ({
    cause: `A line we sent is not part of the order at Mirakl.${said}`,
    fix: 'Import the order again to get its current lines, then retry.',
    action: 'check_mapping',
  }),
  ORDER_LINE_ACCEPTANCE_DECISION_MISSING: (said) => ({
    cause: `Mirakl needs a decision (accept or refuse) for every line of the order, and one was missing.${said}`,
    fix: 'This is a fault on our side: please report it to us.',
    action: 'report',
  }),
  ORDER_PARTIAL_ACCEPTANCE_DISABLED: (said) => ({
    cause: `This marketplace does not allow accepting only part of an order.${said}`,
    fix: 'Accept or refuse the whole order.',
    action: 'order_state',
  }),
  ORDER_LINE_DUPLICATE_ID: (said) => ({
    cause: `The same order line was sent twice.${said}`,
    fix: 'This is a fault on our side: please report it to us.',
    action: 'report',
  }),
  offer_export_failed: (said) => ({
    cause: `Mirakl could not prepare the export of this shop's offers.${said}`,
    fix: 'Download the products again later. If it keeps failing, ask the marketplace operator to check the shop’s offer export.',
    action: 'provider',
  }),
  stock_report_untraced: (said) => ({
    cause: `Mirakl refused lines of the stock file that its error report does not name, so we cannot tell which SKUs it took.${said}`,
    fix: 'Nothing was counted as sent: the stock of these listings is sent again with the next push. If it repeats, check the import in the Mirakl back office.',
    action: 'wait',
  }),
  invalid_cursor: (said) => ({
    cause: `The product download could not continue where it stopped.${said}`,
    fix: 'Nothing to do: the next download starts from the beginning.',
    action: 'wait',
  }),
  VALIDATION_ERROR: (said) => ({
    cause: `Mirakl refused the data we sent.${said}`,
    fix: 'Check the order or offer details (carrier, tracking number, SKU) and retry. If they look right, report it to us.',
    action: 'report',
  }),
};

export function explainMirakl(input: ExplainInput): Explanation {
  const transport = explainTransportFailure(input);
  if (transport) return transport;
  const { code, message } = miraklErrorOf(input.responseBody);
  const said = message ? ` Mirakl said: “${message}”` : '';
  const known = MIRAKL_CODES[code ?? ''] ?? MIRAKL_CODES[input.errorCode ?? ''];
  if (known) return known(said);

  const stock = stockImportProblem(input.responseBody);
  if (stock) {
    return {
      cause: stock.failed
        ? 'Mirakl could not import the stock file.'
        : `Mirakl could not apply ${stock.linesInError} line${stock.linesInError === 1 ? '' : 's'} of the stock file: the offer SKU is unknown to this shop.`,
      fix: 'Check the SKU mapping: each listing’s SKU must be an offer SKU (shop SKU) of this shop in Mirakl.',
      action: 'check_mapping',
    };
  }
  switch (input.httpStatus) {
    case 401:
      return {
        cause: 'Mirakl refused the API key.',
        fix: 'Check the API key (and the shop id, when you have several shops) in the channel settings.',
        action: 'settings',
      };
    case 403:
      return {
        cause: `This API key may not do this at Mirakl.${said}`,
        fix: 'Check that the key belongs to this shop and has the seller rights, then update it in the channel settings.',
        action: 'settings',
      };
    case 429:
      return {
        cause:
          'Mirakl asked us to slow down: this call is limited (orders once a minute, stock files once a minute, their status every 15 seconds, a full offer export once a day, its status every 10 seconds).',
        fix: 'Nothing to do: we wait as long as Mirakl asks and try again by ourselves.',
        action: 'wait',
      };
    default:
      return explainHttpStatus(input);
  }
}

export const miraklExplainer: ProviderExplainer = {
  voice: { name: 'Mirakl', inSentence: 'Mirakl' },
  explain: explainMirakl,
};
