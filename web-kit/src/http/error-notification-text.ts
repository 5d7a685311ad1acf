import { EMAIL_VERIFICATION_HEADER, SOMETHING_WENT_WRONG, TRIAL_PERIOD_EXPIRED } from '@syncdesk/contracts';

import type { ApiError } from './api-error';

// Laravel-style attribute names of nested channel settings leak into messages ("The
// channel_settings.name field is required."); the spec strips both spellings.
const STRIPPED_PHRASES = ['channel settings.', 'channel_settings.'];

/**
 * Spec §5: only when exactly one field has an error is its (first) message shown, with the
 * channel-settings prefixes removed and a full stop added unless it ends in '.' or '!'.
 * Returns null when the rule does not apply.
 */
export function singleFieldErrorText(errors: Readonly<Record<string, readonly string[]>>): string | null {
  const fields = Object.values(errors);
  if (fields.length !== 1) return null;
  let text = fields[0]?.[0];
  if (typeof text !== 'string') return null;
  // Strip first, then punctuate: a message ending in a stripped phrase still ends in a full stop.
  for (const phrase of STRIPPED_PHRASES) text = text.split(phrase).join('');
  text = text.trim();
  if (text === '') return null;
  return text.endsWith('.') || text.endsWith('!') ? text : `${text}.`;
}

/**
 * The text of the red notification for a failed call (spec §8), or null when none is shown:
 *  - skipped when the `X-Email-Verification` header is '0' (the verify-your-e-mail prompt shows
 *    instead) or the error is `trial_period_expired` (the account banner handles it);
 *  - otherwise the server's message, else the single-field validation text, else
 *    'Something went wrong, please try again.'
 * One deviation in order, on purpose: for a 422 with exactly one field error, the field text wins
 * over the server's message. Our api answers every validation failure with the same generic
 * message ("The given data was invalid."-style) next to the field map, so following the spec
 * order literally would make the single-field rule unreachable for the one status it exists for.
 * For any other status the server's message is specific and comes first, as the spec says.
 */
export function errorNotificationText(error: ApiError): string | null {
  if (error.headers.get(EMAIL_VERIFICATION_HEADER) === '0') return null;
  if (error.error === TRIAL_PERIOD_EXPIRED || error.message === TRIAL_PERIOD_EXPIRED) return null;

  const fieldText = singleFieldErrorText(error.errors);
  if (error.status === 422 && fieldText) return fieldText;
  if (error.message.trim() !== '') return error.message;
  return fieldText ?? SOMETHING_WENT_WRONG;
}
