/**
 * /api/auth/google: sends the browser to Google; /api/auth/google/callback
 * brings it back signed in. The state, nonce and PKCE verifier travel in a
 * short-lived HttpOnly cookie, so nothing is kept on the server between them.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { createRouter, type AppEnv } from '../../platform/http/context.ts';
import { invalid, notFound } from '../../platform/errors.ts';
import { setSessionCookies } from './middleware.ts';
import {
  authorizationUrl,
  completeSignIn,
  newPendingSignIn,
  userForGoogle,
  type GoogleConfig,
  type PendingSignIn,
} from './google.ts';
import { createSession } from './sessions.ts';

const FLOW_COOKIE = 'google_signin';
const FLOW_MAX_AGE_S = 600;

function configured(c: Context<AppEnv>): GoogleConfig {
  const google = c.var.config.google;
  if (!google) throw notFound('Google sign-in is not configured');
  return google;
}

const redirectUri = (c: Context<AppEnv>) => `${c.var.config.siteUrl}/api/auth/google/callback`;

// The flow cookie is signed with the client secret so it cannot be forged.
function seal(pending: PendingSignIn, secret: string): string {
  const body = Buffer.from(JSON.stringify(pending)).toString('base64url');
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

function unseal(value: string | undefined, secret: string): PendingSignIn | null {
  if (!value) return null;
  const [body, mac] = value.split('.');
  if (!body || !mac) return null;
  const expected = Buffer.from(createHmac('sha256', secret).update(body).digest('base64url'));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const pending = JSON.parse(Buffer.from(body, 'base64url').toString()) as PendingSignIn;
    return Date.now() - pending.createdAt < FLOW_MAX_AGE_S * 1000 ? pending : null;
  } catch {
    return null;
  }
}

export const googleRoutes = createRouter()
  .get('/providers', (c) => c.json({ data: { google: c.var.config.google !== null } }))
  .get('/google', async (c) => {
    const google = configured(c);
    const pending = newPendingSignIn();
    setCookie(c, FLOW_COOKIE, seal(pending, google.clientSecret), {
      httpOnly: true,
      sameSite: 'Lax',
      path: '/api/auth/google',
      maxAge: FLOW_MAX_AGE_S,
      secure: c.var.config.siteUrl.startsWith('https:'),
    });
    return c.redirect(await authorizationUrl(google, redirectUri(c), pending), 302);
  })
  .get('/google/callback', async (c) => {
    const google = configured(c);
    const pending = unseal(getCookie(c, FLOW_COOKIE), google.clientSecret);
    deleteCookie(c, FLOW_COOKIE, { path: '/api/auth/google' });
    const { code, state, error } = c.req.query();
    if (error) return c.redirect('/login?google=cancelled', 302);
    if (!pending || !state || state !== pending.state || !code) {
      throw invalid('This sign-in link has expired. Please try again.');
    }
    const identity = await completeSignIn(google, redirectUri(c), pending, code);
    const user = await userForGoogle(c.var.db, identity);
    const token = await createSession(c.var.db, user.id, c.req.header('user-agent') ?? null);
    setSessionCookies(c, token, true);
    return c.redirect('/login?google=1', 302);
  });
