/** Facts about the request that depend on how the server is deployed (directly, or behind a proxy). */
import type { Context } from 'hono';
import type { AppEnv } from './context.ts';

/** The caller's address: the socket's, or the proxy's first hop when TRUST_PROXY is on. */
export function clientIp(c: Context<AppEnv>): string {
  if (c.var.config.trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? 'local';
}

/** Whether the browser reached the site over HTTPS (so cookies get `Secure`). */
export function isHttps(c: Context<AppEnv>): boolean {
  if (new URL(c.req.url).protocol === 'https:') return true;
  if (c.var.config.trustProxy && c.req.header('x-forwarded-proto') === 'https') return true;
  return c.var.config.siteUrl.startsWith('https:');
}

/** Origins the site is served from: the configured one and the one the request came to. */
export function isSiteOrigin(c: Context<AppEnv>, origin: string): boolean {
  if (origin === new URL(c.var.config.siteUrl).origin) return true;
  const host = c.req.header('host');
  if (!host) return false;
  return origin === `${new URL(c.req.url).protocol}//${host}`;
}
