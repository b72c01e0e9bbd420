import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../helpers/app.ts';
import { GOOD_PASSWORD, signupBody } from '../../../helpers/accounts.ts';
import { startOidcProvider, type OidcProvider } from '../../../helpers/oidc-provider.ts';

let provider: OidcProvider;
let t: TestApp;
beforeAll(async () => {
  provider = await startOidcProvider();
  t = await createTestApp({
    env: {
      GOOGLE_CLIENT_ID: provider.clientId,
      GOOGLE_CLIENT_SECRET: provider.clientSecret,
      GOOGLE_ISSUER: provider.issuer,
    },
  });
});
afterAll(async () => {
  await t.close();
  await provider.close();
});

const cookieValue = (headers: Headers, name: string) =>
  headers
    .getSetCookie()
    .find((c) => c.startsWith(`${name}=`))
    ?.split(';')[0];

/** Runs the whole redirect dance and returns the callback's answer. */
async function signInWithGoogle(tamper?: (callbackPath: string) => string) {
  const start = await t.call('GET', '/api/auth/google');
  expect(start.status).toBe(302);
  const flow = cookieValue(start.headers, 'google_signin')!;
  const atProvider = await fetch(start.headers.get('location')!, { redirect: 'manual' });
  const callback = new URL(atProvider.headers.get('location')!);
  const path = `${callback.pathname}${callback.search}`;
  return t.call('GET', tamper ? tamper(path) : path, { headers: { cookie: flow } });
}

describe('Sign in with Google', () => {
  it('is offered only when configured', async () => {
    expect((await t.call('GET', '/api/auth/providers')).body).toEqual({ data: { google: true } });
    const plain = await createTestApp();
    try {
      expect((await plain.call('GET', '/api/auth/providers')).body).toEqual({ data: { google: false } });
      expect((await plain.call('GET', '/api/auth/google')).status).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('sends the browser to the provider with PKCE, state and nonce', async () => {
    const start = await t.call('GET', '/api/auth/google');
    const location = new URL(start.headers.get('location')!);
    expect(location.origin).toBe(provider.issuer);
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('scope')).toBe('openid email profile');
    expect(location.searchParams.get('state')).toBeTruthy();
    expect(location.searchParams.get('nonce')).toBeTruthy();
    expect(location.searchParams.get('redirect_uri')).toBe('http://localhost:4321/api/auth/google/callback');
  });

  it('creates a verified Google account with no password that cannot change its notification method', async () => {
    const done = await signInWithGoogle();
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe('/login?google=1');
    const session = cookieValue(done.headers, 'Authorization')!;
    const me = await t.call('GET', '/api/auth/me', { headers: { cookie: session } });
    expect(me.body).toMatchObject({
      user: {
        email: 'gina@example.com',
        name: 'Gina Google',
        googleUser: true,
        verified: true,
        message_preference: 'email',
      },
    });
    const change = await t.call('PUT', '/api/profile/profile/message-preference', {
      json: { message_preference: 'phone' },
      headers: { cookie: session, origin: 'http://localhost:4321' },
    });
    expect(change.status).toBe(403);
    const password = await t.call('POST', '/api/auth/login', {
      json: { email: 'gina@example.com', password: GOOD_PASSWORD },
    });
    expect(password.status).toBe(401);
  });

  it('signs the same person into the same account next time', async () => {
    const a = await signInWithGoogle();
    const b = await signInWithGoogle();
    const meA = await t.call('GET', '/api/auth/me', { headers: { cookie: cookieValue(a.headers, 'Authorization')! } });
    const meB = await t.call('GET', '/api/auth/me', { headers: { cookie: cookieValue(b.headers, 'Authorization')! } });
    expect(meA.body).toEqual(meB.body);
  });

  it('links to an existing account with the same email', async () => {
    await t.call('POST', '/api/auth/register', { json: signupBody('linda@example.com') });
    provider.identity = { sub: 'google-sub-2', email: 'Linda@Example.com', name: 'Linda' };
    const done = await signInWithGoogle();
    const me = await t.call('GET', '/api/auth/me', {
      headers: { cookie: cookieValue(done.headers, 'Authorization')! },
    });
    expect(me.body).toMatchObject({
      user: { email: 'linda@example.com', googleUser: true, verified: true, name: 'Ann Investor' },
    });
  });

  it('refuses a forged state, a missing flow cookie and a token for another audience', async () => {
    const forged = await signInWithGoogle((path) => path.replace(/state=[^&]+/, 'state=forged'));
    expect(forged.status).toBe(400);
    expect(forged.body).toEqual({ message: 'This sign-in link has expired. Please try again.' });
    const noCookie = await t.call('GET', '/api/auth/google/callback?code=x&state=y');
    expect(noCookie.status).toBe(400);
    provider.audience = 'someone-else';
    try {
      const wrongAudience = await signInWithGoogle();
      expect(wrongAudience.status).toBe(401);
      expect(
        wrongAudience.headers
          .getSetCookie()
          .some((c) => c.startsWith('Authorization=') && !c.startsWith('Authorization=;')),
      ).toBe(false);
    } finally {
      provider.audience = undefined;
    }
  });

  it('refuses a Google account without a verified email', async () => {
    provider.identity = { sub: 'google-sub-3', email: 'unverified@example.com', name: 'U', email_verified: false };
    const done = await signInWithGoogle();
    expect(done.status).toBe(401);
    expect(done.body).toEqual({ message: 'Your Google account has no verified email address.' });
  });
});
