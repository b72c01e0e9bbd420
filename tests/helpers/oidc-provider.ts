/** A minimal OpenID provider on loopback: discovery, authorize, token (PKCE) and JWKS. */
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';

export interface TestIdentity {
  sub: string;
  email: string;
  name: string;
  email_verified?: boolean;
}

export interface OidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who "signs in" at the next authorize request. */
  identity: TestIdentity;
  /** Overrides the audience of issued tokens (to test rejection). */
  audience?: string;
  close(): Promise<void>;
}

export async function startOidcProvider(port = 0): Promise<OidcProvider> {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const codes = new Map<string, { nonce: string; challenge: string; redirectUri: string; identity: TestIdentity }>();
  const provider: OidcProvider = {
    issuer: '',
    clientId: 'test-client',
    clientSecret: 'test-secret',
    identity: { sub: 'google-sub-1', email: 'gina@example.com', name: 'Gina Google' },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', provider.issuer);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    if (url.pathname === '/.well-known/openid-configuration') {
      return json(200, {
        issuer: provider.issuer,
        authorization_endpoint: `${provider.issuer}/authorize`,
        token_endpoint: `${provider.issuer}/token`,
        jwks_uri: `${provider.issuer}/jwks`,
      });
    }
    if (url.pathname === '/jwks') return json(200, { keys: [jwk] });
    if (url.pathname === '/authorize') {
      const q = url.searchParams;
      if (q.get('client_id') !== provider.clientId || q.get('code_challenge_method') !== 'S256') {
        return json(400, { error: 'invalid_request' });
      }
      const code = randomBytes(12).toString('hex');
      codes.set(code, {
        nonce: q.get('nonce') ?? '',
        challenge: q.get('code_challenge') ?? '',
        redirectUri: q.get('redirect_uri') ?? '',
        identity: { ...provider.identity },
      });
      const back = new URL(q.get('redirect_uri')!);
      back.searchParams.set('code', code);
      back.searchParams.set('state', q.get('state') ?? '');
      res.writeHead(302, { location: back.toString() }).end();
      return;
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        void (async () => {
          const form = new URLSearchParams(body);
          const grant = codes.get(form.get('code') ?? '');
          codes.delete(form.get('code') ?? '');
          const challenge = createHash('sha256')
            .update(form.get('code_verifier') ?? '')
            .digest('base64url');
          if (
            !grant ||
            grant.challenge !== challenge ||
            grant.redirectUri !== form.get('redirect_uri') ||
            form.get('client_secret') !== provider.clientSecret
          ) {
            return json(400, { error: 'invalid_grant' });
          }
          const idToken = await new SignJWT({
            email: grant.identity.email,
            email_verified: grant.identity.email_verified ?? true,
            name: grant.identity.name,
            nonce: grant.nonce,
          })
            .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
            .setSubject(grant.identity.sub)
            .setIssuer(provider.issuer)
            .setAudience(provider.audience ?? provider.clientId)
            .setIssuedAt()
            .setExpirationTime('5m')
            .sign(privateKey);
          json(200, { access_token: 'at', token_type: 'Bearer', id_token: idToken });
        })();
      });
      return;
    }
    json(404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  provider.issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return provider;
}
