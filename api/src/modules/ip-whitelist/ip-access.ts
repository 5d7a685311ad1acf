import ipaddr from 'ipaddr.js';

export interface IpRule {
  ip_address: string;
  /** 0 disabled, 1 allowed, 2 blocked. */
  status: number;
}

/** Parses an address, turning IPv4-mapped IPv6 (`::ffff:10.0.0.1`) into plain IPv4. */
export function parseAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  try {
    return ipaddr.process(address.trim());
  } catch {
    return null;
  }
}

function matches(rule: string, address: ipaddr.IPv4 | ipaddr.IPv6): boolean {
  try {
    if (rule.includes('/')) {
      const [range, bits] = ipaddr.parseCIDR(rule);
      const candidate = range.kind() === address.kind() ? address : null;
      return candidate !== null && candidate.match([range, bits] as never);
    }
    const single = ipaddr.process(rule);
    return single.kind() === address.kind() && single.toNormalizedString() === address.toNormalizedString();
  } catch {
    return false;
  }
}

/**
 * The spec's IP whitelist (statuses disabled / allowed / blocked): a matching blocked rule refuses;
 * when any allowed rule exists, the address must match one; disabled rules are ignored.
 */
export function isAddressAllowed(rules: readonly IpRule[], clientAddress: string): boolean {
  const active = rules.filter((rule) => rule.status === 1 || rule.status === 2);
  if (active.length === 0) return true;
  const address = parseAddress(clientAddress);
  if (!address) return false;
  if (active.some((rule) => rule.status === 2 && matches(rule.ip_address, address))) return false;
  const allowed = active.filter((rule) => rule.status === 1);
  return allowed.length === 0 || allowed.some((rule) => matches(rule.ip_address, address));
}
