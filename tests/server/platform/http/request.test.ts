import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../../src/server/platform/config.ts';
import type { AppEnv } from '../../../../src/server/platform/http/context.ts';
import { clientIp, isHttps } from '../../../../src/server/platform/http/request.ts';

/**
 * An app that tells who is calling and whether over HTTPS, as the server
 * would with TRUST_PROXY set to `trustProxy`, for a request that reached it
 * from `peer` with the given headers.
 */
async function seenAs(trustProxy: string | undefined, peer: string, headers: Record<string, string> = {}) {
  const config = loadConfig({ TRUST_PROXY: trustProxy, SITE_URL: 'http://localhost:4321' });
  const app = new Hono<AppEnv>();
  app.get('/who', (c) => {
    c.set('config', config);
    return c.json({ address: clientIp(c), https: isHttps(c) });
  });
  const response = await app.request('/who', { headers }, { incoming: { socket: { remoteAddress: peer } } });
  return (await response.json()) as { address: string; https: boolean };
}

/** What a client sends to claim an address of its choosing: its own first entry, which a proxy keeps. */
const spoofed = { 'x-forwarded-for': '127.0.0.1, 203.0.113.9', 'x-forwarded-proto': 'https' };

describe('the client address behind a proxy', () => {
  it('is the socket’s address, whatever the headers say, when no proxy is trusted', async () => {
    for (const setting of [undefined, 'false', '0', 'no']) {
      expect(await seenAs(setting, '198.51.100.4', spoofed), String(setting)).toEqual({
        address: '198.51.100.4',
        https: false,
      });
    }
  });

  it('ignores a spoofed first entry when the direct peer is the one trusted proxy (true)', async () => {
    // nginx set the header from the address it saw: the right-most entry, the only one it vouches for.
    expect((await seenAs('true', '127.0.0.1', spoofed)).address).toBe('203.0.113.9');
    expect((await seenAs('true', '127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).address).toBe('203.0.113.9');
    expect((await seenAs('1', '127.0.0.1', spoofed)).address).toBe('203.0.113.9');
  });

  it('counts back as many hops as there are proxies (a number), never trusting an entry beyond them', async () => {
    // A load balancer, then nginx: the client is the second entry from the right.
    const twoProxies = { 'x-forwarded-for': '127.0.0.1, 203.0.113.9, 10.0.0.5' };
    expect((await seenAs('2', '10.0.0.6', twoProxies)).address).toBe('203.0.113.9');
    expect((await seenAs('1', '10.0.0.6', twoProxies)).address).toBe('10.0.0.5');
    // Fewer entries than hops: the furthest address known, not a claim beyond it.
    expect((await seenAs('3', '10.0.0.6', { 'x-forwarded-for': '203.0.113.9' })).address).toBe('203.0.113.9');
  });

  it('takes the right-most address that is not a listed proxy (addresses and ranges)', async () => {
    const chain = { 'x-forwarded-for': '127.0.0.1, 203.0.113.9, 10.0.0.5' };
    expect((await seenAs('10.0.0.0/8', '10.0.0.6', chain)).address).toBe('203.0.113.9');
    expect((await seenAs('10.0.0.6, 10.0.0.5', '10.0.0.6', chain)).address).toBe('203.0.113.9');
    expect((await seenAs('::1, 10.0.0.0/8', '::ffff:10.0.0.6', chain)).address).toBe('203.0.113.9');
    // A request that did not come through a listed proxy speaks for itself only.
    expect(await seenAs('10.0.0.0/8', '198.51.100.4', spoofed)).toEqual({ address: '198.51.100.4', https: false });
  });

  it('believes X-Forwarded-Proto only from a trusted proxy', async () => {
    expect((await seenAs('true', '127.0.0.1', spoofed)).https).toBe(true);
    expect((await seenAs('10.0.0.0/8', '10.0.0.6', spoofed)).https).toBe(true);
    expect((await seenAs('10.0.0.0/8', '198.51.100.4', spoofed)).https).toBe(false);
    expect((await seenAs('false', '127.0.0.1', spoofed)).https).toBe(false);
  });

  it('refuses to start on a TRUST_PROXY that is none of its forms, naming it', () => {
    for (const bad of ['maybe', '10.0.0.0/33', '-1', '1.5', 'nginx.local']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(`TRUST_PROXY="${bad}": must be`);
    }
  });
});
