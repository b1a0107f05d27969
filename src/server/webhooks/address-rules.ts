import { BlockList, isIP } from 'node:net';

/**
 * Where a webhook may go (DESIGN.md, "The resort's other systems hear it"): public addresses; addresses of the
 * resort's own network (loopback included) only when WEBHOOK_ALLOWED_HOSTS names them, by host name, address
 * or CIDR range; link-local and cloud metadata addresses never, whatever the list says. A webhook is a
 * request the server makes for whoever can sign in as a manager: without these rules it would reach the
 * database's port or the cloud's credentials endpoint from inside (OWASP's server-side request forgery).
 *
 * The rule is applied to the URL when it is saved and to every address the name resolves to when sending
 * (the sender's connection looks names up through `checkedLookup`), so a name pointed at a refused address
 * after it was saved is refused too.
 */

/** Names of cloud metadata services (AWS, GCP, Azure, Alibaba, Oracle): refused before any lookup. */
const metadataNames = new Set([
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'metadata.azure.com',
  'instance-data',
  'instance-data.ec2.internal',
]);

const never = new BlockList();
// Link-local: the metadata services of most clouds live here (169.254.169.254), as does the AWS one on IPv6.
never.addSubnet('169.254.0.0', 16, 'ipv4');
never.addSubnet('fe80::', 10, 'ipv6');
never.addAddress('fd00:ec2::254', 'ipv6');
never.addAddress('100.100.100.200', 'ipv4');
never.addAddress('192.0.0.192', 'ipv4');

/** Not the public internet (RFC 6890 and friends): allowed only when WEBHOOK_ALLOWED_HOSTS names them. */
const nonPublic = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  nonPublic.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 127],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['ff00::', 8],
] as const)
  nonPublic.addSubnet(network, prefix, 'ipv6');

export type Refusal = string;

export interface AddressRules {
  /** Why this address may not be reached, or null when it may. `byName`: the URL's host is named in the list. */
  refuseAddress(address: string, byName?: boolean): Refusal | null;
  /** Why this URL's host may not be reached before any lookup (a refused address or metadata name), or null. */
  refuseHost(hostname: string): Refusal | null;
  /** Whether WEBHOOK_ALLOWED_HOSTS names this host: then whatever it resolves to may be reached (never-list aside). */
  namedHost(hostname: string): boolean;
}

/** `[::1]` → `::1`, `Example.COM.` → `example.com`. */
export function bareHost(hostname: string): string {
  return hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
}

/** `::ffff:10.0.0.1` is 10.0.0.1: checked as IPv4. */
function plainAddress(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return { address: mapped[1], family: 'ipv4' };
  return { address, family: isIP(address) === 6 ? 'ipv6' : 'ipv4' };
}

export function createAddressRules(allowedHosts: readonly string[]): AddressRules {
  const allowed = new BlockList();
  const names = new Set<string>();
  for (const entry of allowedHosts) {
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address);
    if (family === 0) names.add(bareHost(entry));
    else if (prefix === undefined) allowed.addAddress(address, family === 4 ? 'ipv4' : 'ipv6');
    else allowed.addSubnet(address, Number(prefix), family === 4 ? 'ipv4' : 'ipv6');
  }

  const refuseAddress = (raw: string, byName = false): Refusal | null => {
    const { address, family } = plainAddress(bareHost(raw));
    if (never.check(address, family)) return `${address} is a link-local or cloud metadata address`;
    if (byName || allowed.check(address, family)) return null;
    if (nonPublic.check(address, family))
      return `${address} is a private address that WEBHOOK_ALLOWED_HOSTS does not name`;
    return null;
  };

  return {
    refuseAddress,
    namedHost: (hostname) => names.has(bareHost(hostname)),
    refuseHost(hostname) {
      const host = bareHost(hostname);
      if (metadataNames.has(host)) return `${host} is a cloud metadata address`;
      if (isIP(host)) return refuseAddress(host, names.has(host));
      return null;
    },
  };
}
