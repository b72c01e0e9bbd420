/**
 * Sign in with Google (OpenID Connect, authorization code flow with PKCE).
 * The provider is found by discovery from its issuer, so tests can point it
 * at a local provider. ID tokens are verified against the provider's keys,
 * audience, issuer, expiry and our nonce.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { Db } from '../../platform/db/client.ts';
import { unauthorized } from '../../platform/errors.ts';
import type { UserRow } from './sessions.ts';
import { users } from './tables.ts';

export interface GoogleConfig {
  clientId: string;
  clientSecret: string;
  issuer: string;
}

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
}

/** What we remember between the redirect to the provider and its callback. */
export interface PendingSignIn {
  state: string;
  nonce: string;
  verifier: string;
  createdAt: number;
}

const discoveryCache = new Map<string, Promise<Discovery>>();
const keysCache = new Map<string, JWTVerifyGetKey>();

async function discover(issuer: string): Promise<Discovery> {
  let found = discoveryCache.get(issuer);
  if (!found) {
    found = fetch(`${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`, {
      signal: AbortSignal.timeout(10_000),
    }).then(async (res) => {
      if (!res.ok) throw new Error(`discovery answered ${res.status}`);
      return (await res.json()) as Discovery;
    });
    discoveryCache.set(issuer, found);
    found.catch(() => discoveryCache.delete(issuer));
  }
  return found;
}

const base64url = (buffer: Buffer) => buffer.toString('base64url');

export function newPendingSignIn(): PendingSignIn {
  return {
    state: base64url(randomBytes(24)),
    nonce: base64url(randomBytes(24)),
    verifier: base64url(randomBytes(48)),
    createdAt: Date.now(),
  };
}

export async function authorizationUrl(
  config: GoogleConfig,
  redirectUri: string,
  pending: PendingSignIn,
): Promise<string> {
  const { authorization_endpoint } = await discover(config.issuer);
  const url = new URL(authorization_endpoint);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: config.clientId,
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    state: pending.state,
    nonce: pending.nonce,
    code_challenge: base64url(createHash('sha256').update(pending.verifier).digest()),
    code_challenge_method: 'S256',
    prompt: 'select_account',
  }).toString();
  return url.toString();
}

export interface GoogleIdentity {
  subject: string;
  email: string;
  name: string;
}

/** Exchanges the code for tokens and returns the verified identity in the ID token. */
export async function completeSignIn(
  config: GoogleConfig,
  redirectUri: string,
  pending: PendingSignIn,
  code: string,
): Promise<GoogleIdentity> {
  const discovery = await discover(config.issuer);
  const response = await fetch(discovery.token_endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: config.clientId,
      client_secret: config.clientSecret,
      code_verifier: pending.verifier,
    }),
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw unauthorized('Google sign-in failed. Please try again.');
  const { id_token: idToken } = (await response.json()) as { id_token?: string };
  if (!idToken) throw unauthorized('Google sign-in failed. Please try again.');
  let keys = keysCache.get(discovery.jwks_uri);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(discovery.jwks_uri));
    keysCache.set(discovery.jwks_uri, keys);
  }
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(idToken, keys, { issuer: discovery.issuer, audience: config.clientId }));
  } catch {
    throw unauthorized('Google sign-in failed. Please try again.');
  }
  if (payload.nonce !== pending.nonce) throw unauthorized('Google sign-in failed. Please try again.');
  if (typeof payload.email !== 'string' || payload.email_verified !== true || typeof payload.sub !== 'string') {
    throw unauthorized('Your Google account has no verified email address.');
  }
  const name = typeof payload.name === 'string' && payload.name.trim() ? payload.name : payload.email.split('@')[0]!;
  return { subject: payload.sub, email: payload.email.toLowerCase(), name: name.replace(/[<>]/g, '').slice(0, 120) };
}

/** The account of a Google identity: found by subject, linked by verified email, or created. */
export async function userForGoogle(db: Db, identity: GoogleIdentity): Promise<UserRow> {
  const [bySubject] = await db.select().from(users).where(eq(users.googleSubject, identity.subject));
  if (bySubject) return bySubject;
  const [linked] = await db
    .update(users)
    .set({ googleSubject: identity.subject, verified: true, messagePreference: 'email', updatedAt: new Date() })
    .where(and(sql`lower(${users.email}) = ${identity.email}`, isNull(users.googleSubject)))
    .returning();
  if (linked) return linked;
  const [created] = await db
    .insert(users)
    .values({
      email: identity.email,
      name: identity.name,
      username: identity.name,
      googleSubject: identity.subject,
      verified: true,
      messagePreference: 'email',
      termsAcceptedAt: new Date(),
    })
    .returning();
  return created!;
}
