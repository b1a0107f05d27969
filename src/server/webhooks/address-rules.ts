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

/** `::ffff:10.0.0.1` is 10.0.0.1: checked as IPv4, however it is spelled (`::ffff:a00:1` too). */
function plainAddress(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return { address: mapped[1], family: 'ipv4' };
  if (isIP(address) !== 6) return { address, family: 'ipv4' };
  const groups = ipv6Groups(address);
  if (groups?.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return { address: [high >> 8, high & 255, low >> 8, low & 255].join('.'), family: 'ipv4' };
  }
  return { address, family: 'ipv6' };
}

/** The eight 16-bit groups of an IPv6 address (an embedded dotted IPv4 tail included), or null. */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const part = (side: string) =>
    side === '' ? [] : side.split(':').map((group) => Number.parseInt(group, 16));
  const front = part(head);
  const back = tail === undefined ? [] : part(tail);
  const groups =
    tail === undefined ? front : [...front, ...Array(8 - front.length - back.length).fill(0), ...back];
  return groups.length === 8 && groups.every((group) => Number.isInteger(group)) ? groups : null;
}

/**
 * The IPv4-compatible (`::/96`, deprecated: `::127.0.0.1`) and IPv4-translated (`::ffff:0:0:0/96`) spellings of
 * an IPv4 address, and the IPv4 inside NAT64 (`64:ff9b::/96`, RFC 6052; `64:ff9b:1::/48`, RFC 8215: a NAT64
 * gateway on the way reaches the IPv4 address) and 6to4 (`2002::/16`, RFC 3056: the relay reaches the IPv4 in
 * its next 32 bits): refused whatever WEBHOOK_ALLOWED_HOSTS says (abuse resistance), since no resort's system is
 * reached that way and each was a way round the IPv4 rules. `::` and `::1` are themselves (nonPublic).
 */
function embedsIPv4(address: string): boolean {
  const groups = ipv6Groups(address);
  if (!groups) return false;
  const zeros = (from: number, to: number) => groups.slice(from, to).every((group) => group === 0);
  const compatible = zeros(0, 6) && !(groups[6] === 0 && (groups[7] ?? 0) <= 1);
  const translated = zeros(0, 4) && groups[4] === 0xffff && groups[5] === 0;
  const nat64 = groups[0] === 0x64 && groups[1] === 0xff9b && (groups[2] === 1 || zeros(2, 6));
  const sixToFour = groups[0] === 0x2002;
  return compatible || translated || nat64 || sixToFour;
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
    const bare = bareHost(raw);
    if (isIP(bare) === 6 && embedsIPv4(bare)) {
      return `${bare} spells an IPv4 address as IPv6 (IPv4-compatible, IPv4-translated, NAT64 or 6to4): use the IPv4 address`;
    }
    const { address, family } = plainAddress(bare);
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
