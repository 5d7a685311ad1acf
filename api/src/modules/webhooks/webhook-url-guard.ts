import { WEBHOOK_URL_MESSAGES } from '@syncdesk/contracts';
import { outboundUrlProblem, type OutboundUrlGuardOptions } from '@syncdesk/integrations';

/**
 * What is wrong with a webhook url as a target, in the words the webhook form already shows (one
 * of WEBHOOK_URL_MESSAGES), or null when it may be saved. The guard itself is the generic one of
 * outbound-url-guard.ts, shared with the channels' shop and API addresses.
 */
export async function webhookUrlTargetProblem(
  url: string,
  options: OutboundUrlGuardOptions,
): Promise<string | null> {
  const problem = await outboundUrlProblem(url, options);
  return problem ? WEBHOOK_URL_MESSAGES[problem] : null;
}
