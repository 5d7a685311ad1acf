import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Urls our servers call for a seller (a webhook receiver, a channel's shop or API address) could be
 * aimed at our own network: a database, the cloud metadata endpoint at 169.254.169.254, an admin
 * port on localhost (server-side request forgery). Only http(s) urls whose host is, and resolves
 * to, plain public unicast addresses are accepted, unless the operator allows private targets
 * (OUTBOUND_ALLOW_PRIVATE_TARGETS: on-premise installs whose receivers and shops sit on the same
 * network, local simulators, our own tests).
 *
 * An address is judged by what it is, allow-list first: IPv4 outside every special-purpose block,
 * or IPv6 inside global unicast (2000::/3) and outside the special-purpose blocks within it.
 * IPv6 forms that carry an IPv4 address for a translator or relay to reach (IPv4-compatible
 * `::a.b.c.d`, NAT64 64:ff9b::/96 and 64:ff9b:1::/48, 6to4 2002::/16, Teredo 2001::/32) are refused
 * whatever IPv4 address they carry, public or not: what such an address reaches depends on a
 * gateway we can't vouch for, and a receiver or a shop is reachable at its plain address anyway.
 * The one exception is IPv4-mapped `::ffff:a.b.c.d`, which is how the socket API writes an IPv4
 * address (connecting to it is connecting to that IPv4 address, no gateway involved), so it is
 * judged as its IPv4 address.
 *
 * Checking at save time is not the whole defence: DNS can answer differently later (rebinding),
 * so whatever calls the url must check the address it connects to again with `isPublicAddress`.
 */

/** What is wrong with a url as a target; each caller words it for its own field. */
export type OutboundUrlProblem = 'scheme' | 'invalid' | 'privateTarget' | 'unresolved';

/** Every address a host name resolves to (IPv4 and IPv6). */
export type HostResolver = (hostname: string) => Promise<string[]>;

export interface OutboundUrlGuardOptions {
  /** OUTBOUND_ALLOW_PRIVATE_TARGETS: accept any http(s) url without looking the host up. */
  allowPrivateTargets: boolean;
  /**
   * Origins accepted though private: the live demo's own simulators (`DEMO_SIMULATORS`), and only
   * those, where the switch above would open every private address.
   */
  trustedOrigins?: ReadonlySet<string>;
  /** Host name lookups (DNS unless a test gives its own). */
  resolve?: HostResolver;
  /** A lookup that takes longer counts as unresolved. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 5000;

export const resolveWithDns: HostResolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/** IPv4 special-purpose blocks (IANA registry, RFC 6890 and successors). */
const REFUSED_IPV4_RANGES = [
  '0.0.0.0/8', // "this network"
  '10.0.0.0/8', // private (RFC 1918)
  '100.64.0.0/10', // carrier-grade NAT shared space
  '127.0.0.0/8', // loopback
  '169.254.0.0/16', // link-local, home of cloud metadata endpoints
  '172.16.0.0/12', // private
  '192.0.0.0/24', // IETF protocol assignments
  '192.0.2.0/24', // documentation (TEST-NET-1)
  '192.88.99.0/24', // 6to4 relay anycast
  '192.168.0.0/16', // private
  '198.18.0.0/15', // benchmarking
  '198.51.100.0/24', // documentation (TEST-NET-2)
  '203.0.113.0/24', // documentation (TEST-NET-3)
  '224.0.0.0/4', // multicast
  '240.0.0.0/4', // reserved, with the broadcast address 255.255.255.255
].map((range) => ipaddr.IPv4.parseCIDR(range));

/**
 * The only IPv6 block accepted at all. Outside it lie unspecified, loopback, IPv4-compatible and
 * IPv4-translated forms, NAT64, discard 100::/64, unique-local fc00::/7, link-local fe80::/10,
 * site-local fec0::/10 and multicast ff00::/8.
 */
const IPV6_GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');

/** Special-purpose blocks inside global unicast. */
const REFUSED_IPV6_RANGES = [
  // IETF protocol assignments: Teredo 2001::/32, benchmarking 2001:2::/48, AMT, AS112, ORCHID
  // 2001:10::/28 and 2001:20::/28… The few globally reachable ones are no place for a receiver.
  '2001::/23',
  '2001:db8::/32', // documentation
  '2002::/16', // 6to4
  '3fff::/20', // documentation (RFC 9637)
].map((range) => ipaddr.IPv6.parseCIDR(range));

const IPV4_MAPPED = ipaddr.IPv6.parseCIDR('::ffff:0:0/96');

function isPublicIPv4(address: ipaddr.IPv4): boolean {
  return !REFUSED_IPV4_RANGES.some((range) => address.match(range));
}

function isPublicIPv6(address: ipaddr.IPv6): boolean {
  if (address.match(IPV4_MAPPED)) return isPublicIPv4(address.toIPv4Address());
  return address.match(IPV6_GLOBAL_UNICAST) && !REFUSED_IPV6_RANGES.some((range) => address.match(range));
}

/**
 * Whether an IP address (as DNS answers or a socket reports it) is plain public unicast. Only the
 * standard spellings count: dotted-quad IPv4 and IPv6 text; anything else is refused.
 */
export function isPublicAddress(address: string): boolean {
  // Only scoped, that is local, addresses carry a zone id (`fe80::1%eth0`).
  if (address.includes('%')) return false;
  try {
    switch (isIP(address)) {
      case 4:
        return isPublicIPv4(ipaddr.IPv4.parse(address));
      case 6:
        return isPublicIPv6(ipaddr.IPv6.parse(address));
      default:
        return false;
    }
  } catch {
    return false;
  }
}

/**
 * `localhost` and anything under it are the machine itself (RFC 6761), whatever DNS says; a name
 * without a dot is looked up through search domains, /etc/hosts or mDNS: a local name either way.
 */
function isLocalName(hostname: string): boolean {
  return hostname === 'localhost' || hostname.endsWith('.localhost') || !hostname.includes('.');
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

/** The url as the WHATWG parser reads it, or why it is not an http(s) url with a host. */
function parseHttpUrl(value: string): URL | OutboundUrlProblem {
  if (!/^https?:\/\//i.test(value)) return 'scheme';
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    // Also IPv6 zone ids (`[fe80::1%25eth0]`): the WHATWG parser has no place for them.
    return 'invalid';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'scheme';
  return parsed.hostname ? parsed : 'invalid';
}

/**
 * What is wrong with a url as a target for our servers to call, or null when it may be saved. The
 * host is taken from the WHATWG URL parser (what our HTTP clients use too), which already turns
 * decimal, octal, hex and short IPv4 spellings (`2130706433`, `0177.0.0.1`, `0x7f.1`, `127.1`) into
 * dotted quads and IPv6 into its compressed lower-case form, so the check sees the address that
 * would be called.
 */
export async function outboundUrlProblem(
  url: string,
  options: OutboundUrlGuardOptions,
): Promise<OutboundUrlProblem | null> {
  const parsed = parseHttpUrl(url.trim());
  if (typeof parsed === 'string') return parsed;
  if (options.allowPrivateTargets || options.trustedOrigins?.has(parsed.origin)) return null;

  const hostname = parsed.hostname
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.+$/, '')
    .toLowerCase();
  if (!hostname) return 'invalid';
  if (isIP(hostname)) return isPublicAddress(hostname) ? null : 'privateTarget';
  if (isLocalName(hostname)) return 'privateTarget';

  let addresses: string[];
  try {
    addresses = await resolveWithin(
      options.resolve ?? resolveWithDns,
      hostname,
      options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    );
  } catch {
    return 'unresolved';
  }
  if (addresses.length === 0) return 'unresolved';
  // One private answer is enough to refuse: a client may pick any of them.
  return addresses.every(isPublicAddress) ? null : 'privateTarget';
}

/** A problem worded for a form field, named by its label as the screen shows it ('Shop URL'). */
export function outboundUrlMessage(problem: OutboundUrlProblem, label: string): string {
  switch (problem) {
    case 'scheme':
      return `The ${label} must start with http:// or https://.`;
    case 'invalid':
      return `The ${label} must be a valid URL.`;
    case 'privateTarget':
      return `The ${label} must be a public internet address.`;
    case 'unresolved':
      return `The ${label} host could not be resolved.`;
  }
}
