/**
 * Which networks a push may go to. A device's endpoint is an address the
 * reader gives, so the server posts only to the public internet: never to
 * the network it runs in (its database, its cache, a cloud's metadata
 * service), whatever a host name resolves to when the push connects.
 */
import { BlockList } from 'node:net';
import dns from 'node:dns';
import { plainAddress } from '../../../platform/address-ranges.ts';

/** Private, loopback, link-local, shared, multicast and reserved ranges (RFC 6890 and its IPv6 peers). */
const NOT_PUBLIC = new BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  NOT_PUBLIC.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC.addSubnet(address, prefix, 'ipv6');

/** Whether an IP address (v4, v6 or v4 in v6) is on the public internet. */
export function isPublicAddress(address: string): boolean {
  const plain = plainAddress(address);
  return plain !== null && !NOT_PUBLIC.check(plain.address, plain.type);
}

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  const plain = plainAddress(host);
  return plain !== null && (plain.type === 'ipv4' ? host.startsWith('127.') : plain.address === '::1');
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for the agents pushes connect through: the host's addresses,
 * refused when any is not public (a name that resolves to an inside address
 * at the moment of the push is no push service).
 */
export function publicLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback): void {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const inside = addresses.find((entry) => !isPublicAddress(entry.address));
    if (inside) {
      const refused: NodeJS.ErrnoException = new Error(
        `${hostname} resolves to ${inside.address}, which is not on the public internet: no push goes there`,
      );
      refused.code = 'EPUSHADDRESS';
      return callback(refused, []);
    }
    if (options.all) return callback(null, addresses);
    const first = addresses[0]!;
    callback(null, first.address, first.family);
  });
}
