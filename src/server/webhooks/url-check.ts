import dns from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import type { AddressRules, Refusal } from './address-rules';

/** Every address a name resolves to; empty when it does not resolve (yet). */
async function addressesOf(hostname: string): Promise<string[]> {
  try {
    return (await dns.promises.lookup(hostname, { all: true })).map((entry) => entry.address);
  } catch {
    return [];
  }
}

/**
 * The check when an endpoint is saved: its host, then every address its name resolves to now (a name that
 * does not resolve yet is kept: the PMS may not be installed yet, and sending checks again).
 */
export async function refusalOfUrl(rules: AddressRules, url: string): Promise<Refusal | null> {
  const { hostname } = new URL(url);
  const refused = rules.refuseHost(hostname);
  if (refused || isIP(hostname.replace(/^\[|\]$/g, ''))) return refused;
  const byName = rules.namedHost(hostname);
  for (const address of await addressesOf(hostname)) {
    const refusal = rules.refuseAddress(address, byName);
    if (refusal) return `${hostname} resolves to ${refusal}`;
  }
  return null;
}

export class RefusedAddressError extends Error {
  readonly code = 'EWEBHOOKREFUSED';
}

/**
 * The lookup of the sender's connections: the name is resolved once, every address checked, and the
 * connection made to what was checked (a check before the request and a second lookup by the connection
 * would let a name change in between: DNS rebinding).
 */
export function checkedLookup(rules: AddressRules): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      const byName = rules.namedHost(hostname);
      for (const { address } of addresses) {
        const refusal = rules.refuseAddress(address, byName);
        if (refusal) return callback(new RefusedAddressError(`${hostname} resolves to ${refusal}`), '', 4);
      }
      if (options.all)
        return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
      const first = addresses[0];
      if (!first) return callback(new Error(`${hostname} has no address`), '', 4);
      callback(null, first.address, first.family);
    });
  };
}
