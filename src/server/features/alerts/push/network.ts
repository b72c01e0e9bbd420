/**
 * Which networks a push may go to. A device's endpoint is an address the
 * reader gives, so the server posts only to the public internet: never to
 * the network it runs in (its database, its cache, a cloud's metadata
 * service), whatever a host name resolves to when the push connects.
 */
import { BlockList } from 'node:net';
import dns from 'node:dns';
import { plainAddress } from '../../../platform/address-ranges.ts';

/** IPv4's private, loopback, link-local, shared, documentation, multicast and reserved ranges (RFC 6890). */
const NOT_PUBLIC_IPV4 = new BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const)
  NOT_PUBLIC_IPV4.addSubnet(address, prefix, 'ipv4');

/**
 * IPv6 is public only inside global unicast (2000::/3). Everything outside it is refused: loopback,
 * unspecified, IPv4-compatible (`::127.0.0.1`), IPv4-mapped and translated (`::ffff:…`, `::ffff:0:…`),
 * NAT64 (64:ff9b::/96, 64:ff9b:1::/48), discard (100::/64), unique local, link-local, site-local
 * (fec0::/10) and multicast. Inside it, the ranges that carry or reach an IPv4 address (6to4
 * 2002::/16, Teredo 2001::/32) and those reserved for documentation and benchmarks are refused too:
 * an address that embeds another would have the server dial the embedded one.
 */
const GLOBAL_UNICAST = new BlockList();
GLOBAL_UNICAST.addSubnet('2000::', 3, 'ipv6');
const NOT_PUBLIC_IPV6 = new BlockList();
for (const [address, prefix] of [
  ['2001::', 32],
  ['2001:2::', 48],
  ['2001:10::', 28],
  ['2001:20::', 28],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['3fff::', 20],
] as const)
  NOT_PUBLIC_IPV6.addSubnet(address, prefix, 'ipv6');

/** Whether an IP address (v4, v6 or v4 in v6) is on the public internet. */
export function isPublicAddress(address: string): boolean {
  const plain = plainAddress(address);
  if (plain === null) return false;
  if (plain.type === 'ipv4') return !NOT_PUBLIC_IPV4.check(plain.address, 'ipv4');
  return GLOBAL_UNICAST.check(plain.address, 'ipv6') && !NOT_PUBLIC_IPV6.check(plain.address, 'ipv6');
}

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  const plain = plainAddress(host);
  return plain !== null && (plain.type === 'ipv4' ? host.startsWith('127.') : plain.address === '::1');
}

/** The code of a lookup refused because the host resolves inside. */
export const REFUSED_ADDRESS = 'EPUSHADDRESS';

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

type Resolver = (
  hostname: string,
  options: dns.LookupAllOptions,
  callback: (error: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void,
) => void;

/**
 * A `lookup` for the agents pushes connect through: the host's addresses
 * (as `resolve` finds them, the system's resolver unless told otherwise),
 * refused when any is not public (a name that resolves to an inside address
 * at the moment of the push is no push service).
 */
export const publicLookupVia =
  (resolve: Resolver = dns.lookup) =>
  (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void =>
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const inside = addresses.find((entry) => !isPublicAddress(entry.address));
      if (inside) {
        const refused: NodeJS.ErrnoException = new Error(
          `${hostname} resolves to ${inside.address}, which is not on the public internet: no push goes there`,
        );
        refused.code = REFUSED_ADDRESS;
        return callback(refused, []);
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0]!;
      callback(null, first.address, first.family);
    });

export const publicLookup = publicLookupVia();
