/**
 * Who is calling. A session token arrives as `Authorization: Bearer <token>`
 * (API clients) or in the HttpOnly `Authorization` cookie (the site). Writes
 * authenticated by the cookie must come from the site's own origin, so another
 * site cannot make a visitor's browser act for them.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { forbidden, unauthorized } from '../../platform/errors.ts';
import type { AppEnv } from '../../platform/http/context.ts';
import { setAnswerHeaders } from '../../platform/http/answer-headers.ts';
import { isHttps, isSiteOrigin } from '../../platform/http/request.ts';
import { userForToken, type UserRow } from './sessions.ts';

declare module 'hono' {
  interface ContextVariableMap {
    /** The signed-in user, when the request carries a valid session. */
    user?: UserRow;
    sessionId?: number;
    authVia?: 'bearer' | 'cookie';
  }
}

export const SESSION_COOKIE = 'Authorization';
export const VERIFIED_COOKIE = 'isVerified';
const SESSION_MAX_AGE = 90 * 86_400;
const VERIFIED_MAX_AGE = 7 * 86_400;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The token of an `Authorization: Bearer …` header, if the request has one. */
export function bearerToken(c: Context<AppEnv>): string | null {
  const header = c.req.header('authorization');
  return header?.toLowerCase().startsWith('bearer ') ? header.slice(7).trim() : null;
}

function readToken(c: Context<AppEnv>): { token: string; via: 'bearer' | 'cookie' } | null {
  const bearer = bearerToken(c);
  if (bearer !== null) return { token: bearer, via: 'bearer' };
  const cookie = getCookie(c, SESSION_COOKIE);
  return cookie ? { token: cookie, via: 'cookie' } : null;
}

/** Loads the signed-in user, if any, into the context. */
export const loadSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  const found = readToken(c);
  if (found) {
    if (found.via === 'cookie' && !SAFE_METHODS.has(c.req.method)) {
      const origin = c.req.header('origin');
      if (!origin || !isSiteOrigin(c, origin)) throw forbidden('Cross-site request refused');
    }
    const session = await userForToken(c.var.db, found.token);
    if (session) {
      c.set('user', session.user);
      c.set('sessionId', session.sessionId);
      c.set('authVia', found.via);
    } else if (found.via === 'cookie') {
      // A stale cookie (revoked or expired session) is dropped.
      clearSessionCookies(c);
    }
  }
  await next();
  // What a signed-in user sees, or a sign-in itself, is theirs alone: never kept by a shared cache.
  if (c.var.user || c.res.headers.has('set-cookie')) setAnswerHeaders(c, [['Cache-Control', 'no-store']]);
};

export function requireUser(c: Context<AppEnv>): UserRow {
  const user = c.var.user;
  if (!user) throw unauthorized();
  return user;
}

export function requireStaff(c: Context<AppEnv>): UserRow {
  const user = requireUser(c);
  if (user.role !== 'staff') throw forbidden('Staff only');
  return user;
}

/** Staff is checked before the body is read: others get 401/403 whatever they send. */
export const staffOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireStaff(c);
  await next();
};

export function setSessionCookies(c: Context<AppEnv>, token: string, verified: boolean): void {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: isHttps(c),
    path: '/',
    maxAge: SESSION_MAX_AGE,
  });
  setVerifiedCookie(c, verified);
}

export function setVerifiedCookie(c: Context<AppEnv>, verified: boolean): void {
  setCookie(c, VERIFIED_COOKIE, String(verified), {
    sameSite: 'Lax',
    secure: isHttps(c),
    path: '/',
    maxAge: VERIFIED_MAX_AGE,
  });
}

export function clearSessionCookies(c: Context<AppEnv>): void {
  deleteCookie(c, SESSION_COOKIE, { path: '/' });
  deleteCookie(c, VERIFIED_COOKIE, { path: '/' });
}

/**
 * Browsers always send Origin on POST; a call without it comes from an API
 * client, which gets the token in the body to use as a bearer token. The
 * site's scripts never see the token: it stays in the HttpOnly cookie.
 */
export const wantsBearerToken = (c: Context<AppEnv>): boolean => !c.req.header('origin');
