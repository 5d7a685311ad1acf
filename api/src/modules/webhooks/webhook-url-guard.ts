import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { WEBHOOK_URL_MESSAGES, webhookUrlProblem } from '@syncdesk/contracts';

/**
 * Webhook urls are called by our servers, so a url aimed at our own network (a database, a cloud
 * metadata endpoint at 169.254.169.254, an admin port on localhost) would let a seller reach what
 * only we should (server-side request forgery). Only http(s) urls whose host is, and resolves to,
 * public unicast addresses are accepted, unless the operator allows private targets (on-premise
 * installs whose receivers sit on the same network, and our own tests).
 *
 * Checking at save time is not the whole defence: DNS can answer differently later (rebinding),
 * so whatever delivers webhooks must check the address it connects to again with
 * `isPublicAddress`.
 */

/** Every address a host name resolves to (IPv4 and IPv6). */
export type HostResolver = (hostname: string) => Promise<string[]>;

export interface WebhookUrlGuardOptions {
  /** WEBHOOKS_ALLOW_PRIVATE_TARGETS: accept any http(s) url without looking the host up. */
  allowPrivateTargets: boolean;
  resolve?: HostResolver;
  /** A lookup that takes longer counts as unresolved. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 5000;

export const resolveWithDns: HostResolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/**
 * Whether an IP address is a public unicast one. Everything ipaddr.js classifies otherwise is
 * refused: private (RFC 1918), loopback, link-local, unspecified, broadcast, multicast, CGNAT,
 * IPv6 unique-local, reserved/documentation ranges, and IPv6 ranges that carry an IPv4 address
 * (NAT64, 6to4, Teredo) whose target we can't vouch for. IPv4-mapped IPv6 is judged as its IPv4.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

/** `localhost` and anything under it resolve to the machine itself (RFC 6761), whatever DNS says. */
function isLocalhostName(hostname: string): boolean {
  return hostname === 'localhost' || hostname.endsWith('.localhost');
}

async function resolveWithin(resolve: HostResolver, hostname: string, timeoutMs: number) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('DNS lookup timed out')), timeoutMs);
  });
  try {
    return await Promise.race([resolve(hostname), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * What is wrong with a webhook url as a target (one of WEBHOOK_URL_MESSAGES), or null when it may
 * be saved. The host is taken from the WHATWG URL parser, which already turns decimal, octal and
 * hex IPv4 spellings (`0x7f000001`, `2130706433`, `0177.1`) into dotted quads.
 */
export async function webhookUrlTargetProblem(
  url: string,
  options: WebhookUrlGuardOptions,
): Promise<string | null> {
  const shapeProblem = webhookUrlProblem(url.trim());
  if (shapeProblem) return shapeProblem;
  if (options.allowPrivateTargets) return null;

  const hostname = new URL(url.trim()).hostname
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.+$/, '')
    .toLowerCase();
  if (!hostname) return WEBHOOK_URL_MESSAGES.invalid;
  if (isLocalhostName(hostname)) return WEBHOOK_URL_MESSAGES.privateTarget;
  if (isIP(hostname)) return isPublicAddress(hostname) ? null : WEBHOOK_URL_MESSAGES.privateTarget;

  let addresses: string[];
  try {
    addresses = await resolveWithin(
      options.resolve ?? resolveWithDns,
      hostname,
      options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    );
  } catch {
    return WEBHOOK_URL_MESSAGES.unresolved;
  }
  if (addresses.length === 0) return WEBHOOK_URL_MESSAGES.unresolved;
  // One private answer is enough to refuse: a client may pick any of them.
  return addresses.every(isPublicAddress) ? null : WEBHOOK_URL_MESSAGES.privateTarget;
}
