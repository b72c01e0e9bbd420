/** Client addresses and the ranges they may be allowed from (METRICS_ALLOW). */
import { BlockList, isIP } from 'node:net';

/** An address written as IPv4 inside IPv6 ('::ffff:10.0.0.1') is the IPv4 address. */
export function plainAddress(address: string): { address: string; type: 'ipv4' | 'ipv6' } | null {
  const unmapped = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  const type = isIP(unmapped);
  return type === 4 ? { address: unmapped, type: 'ipv4' } : type === 6 ? { address: unmapped, type: 'ipv6' } : null;
}

/** The address ranges of METRICS_ALLOW ('10.0.0.0/8,::1/128'); an address alone is a range of one. */
export function addressRanges(list: string): BlockList {
  const ranges = new BlockList();
  for (const entry of list
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const [address = '', bits] = entry.split('/');
    const plain = plainAddress(address);
    if (!plain) throw new Error(`"${entry}" is not an IP address or range`);
    const prefix = bits === undefined ? (plain.type === 'ipv4' ? 32 : 128) : Number(bits);
    if (!Number.isInteger(prefix) || prefix < 0 || prefix > (plain.type === 'ipv4' ? 32 : 128))
      throw new Error(`"${entry}" has an impossible prefix length`);
    ranges.addSubnet(plain.address, prefix, plain.type);
  }
  return ranges;
}
