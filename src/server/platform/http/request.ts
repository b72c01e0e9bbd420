/** Facts about the request that depend on how the server is deployed (directly, or behind a proxy). */
import type { Context } from 'hono';
import { plainAddress } from '../address-ranges.ts';
import type { ProxyTrust } from '../config.ts';
import type { AppEnv } from './context.ts';

/** The address the request's connection came from. */
function peerAddress(c: Context<AppEnv>): string {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? 'local';
}

/** Whether the hop `hop` steps back from the server (0: the direct peer), at `address`, is one of our proxies. */
function isOurProxy(trust: ProxyTrust, address: string, hop: number): boolean {
  if (trust.kind === 'hops') return hop < trust.hops;
  const plain = plainAddress(address);
  return plain !== null && trust.ranges.check(plain.address, plain.type);
}

/**
 * The caller's address: the socket's, or, through our own proxies
 * (TRUST_PROXY), the right-most X-Forwarded-For entry that is not one of
 * them. Each proxy appends the address it saw; entries left of the last
 * proxy's are whatever the client wrote, so they are never believed.
 */
export function clientIp(c: Context<AppEnv>): string {
  const trust = c.var.config.trustProxy;
  let address = peerAddress(c);
  if (!isOurProxy(trust, address, 0)) return address;
  const forwarded = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (let hop = 1; forwarded.length > 0; hop++) {
    address = forwarded.pop()!;
    if (!isOurProxy(trust, address, hop)) return address;
  }
  // Proxies all the way: the furthest address they name.
  return address;
}

/** Whether the browser reached the site over HTTPS (so cookies get `Secure`). */
export function isHttps(c: Context<AppEnv>): boolean {
  if (new URL(c.req.url).protocol === 'https:') return true;
  // Said by our own proxy only (the one that passed the request on sets it last).
  if (isOurProxy(c.var.config.trustProxy, peerAddress(c), 0)) {
    const proto = c.req.header('x-forwarded-proto')?.split(',').at(-1)?.trim().toLowerCase();
    if (proto === 'https') return true;
  }
  return c.var.config.siteUrl.startsWith('https:');
}

/** Origins the site is served from: the configured one and the one the request came to. */
export function isSiteOrigin(c: Context<AppEnv>, origin: string): boolean {
  if (origin === new URL(c.var.config.siteUrl).origin) return true;
  const host = c.req.header('host');
  if (!host) return false;
  return origin === `${new URL(c.req.url).protocol}//${host}`;
}
