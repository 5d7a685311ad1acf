import { ERROR_MESSAGES, SUCCESS_MESSAGES } from '@syncdesk/contracts';
import { errorNotificationText, isApiError } from '@syncdesk/web-kit';

/** The words of the flow that differ between channels (and accounting channels) and plugins. */
export function authorizationTexts(plugin: boolean) {
  return {
    noun: plugin ? 'plugin' : 'channel',
    connected: plugin ? SUCCESS_MESSAGES.pluginConnected : SUCCESS_MESSAGES.channelConnected,
    /** integration-domain §8, for failures the server did not explain. */
    unexpected: plugin ? ERROR_MESSAGES.pluginConnectError : ERROR_MESSAGES.channelConnectError,
  };
}

/**
 * What to tell the person when a call of the flow failed: the server's own words for a refusal
 * (4xx: 'Channel connection failed, with …'), the spec's contact-support text for anything
 * unexpected (no answer, a 5xx, a bug).
 */
export function authorizationFailureText(error: unknown, plugin: boolean): string {
  const { unexpected } = authorizationTexts(plugin);
  // A network failure counts as status 500 (web-kit ApiError).
  if (!isApiError(error) || error.status >= 500) return unexpected;
  return errorNotificationText(error) ?? unexpected;
}
