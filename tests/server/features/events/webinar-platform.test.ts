import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  PlatformUnavailable,
  RegistrationRefused,
  zoomPlatform,
  type Registrant,
} from '../../../../src/server/features/events/webinar-platform.ts';

/** A local server that answers like Zoom's OAuth and webinar registrants API, scripted per test. */
interface Seen {
  method: string;
  path: string;
  auth: string;
  body: unknown;
}
let seen: Seen[] = [];
let answer: (
  req: Seen,
  n: number,
) => { status: number; body?: unknown; headers?: Record<string, string>; delayMs?: number };
let server: http.Server;
let base: string;
let tokensIssued = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const request: Seen = {
        method: req.method ?? '',
        path: req.url ?? '',
        auth: req.headers.authorization ?? '',
        body: raw ? (JSON.parse(raw) as unknown) : null,
      };
      seen.push(request);
      if (request.path.startsWith('/oauth/token')) {
        tokensIssued++;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ access_token: `token-${tokensIssued}`, token_type: 'bearer', expires_in: 3599 }));
        return;
      }
      const reply = answer(request, seen.filter((s) => s.path.includes('/registrants')).length);
      setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
        res.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
      }, reply.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => {
  seen = [];
  tokensIssued = 0;
});

const platform = (timeoutMs = 2000) =>
  zoomPlatform({
    apiUrl: `${base}/v2`,
    oauthUrl: `${base}/oauth/token`,
    accountId: 'acct-1',
    clientId: 'client',
    clientSecret: 'secret',
    timeoutMs,
  });

const ada: Registrant = {
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: '+12125550100',
  companyName: 'Analytical Engines',
  jobTitle: 'Analyst',
};
const webinar = { zoomId: '81234567890', zoomUrl: 'https://zoom.us/webinar/register/WN_81234567890' };
const created = {
  status: 201,
  body: { id: 81234567890, registrant_id: 'reg-42', join_url: 'https://zoom.us/w/81234567890?tk=abc', topic: 'Update' },
};

describe('the Zoom webinar platform', () => {
  it('adds the registrant with an account-credentials token and answers their own join link', async () => {
    answer = () => created;
    const zoom = platform();
    expect(await zoom.register(webinar, ada)).toEqual({
      registrantId: 'reg-42',
      joinUrl: 'https://zoom.us/w/81234567890?tk=abc',
    });
    const [tokenCall, registrantCall] = seen;
    expect(tokenCall!.path).toBe('/oauth/token?grant_type=account_credentials&account_id=acct-1');
    expect(tokenCall!.auth).toBe(`Basic ${Buffer.from('client:secret').toString('base64')}`);
    expect(registrantCall).toMatchObject({
      method: 'POST',
      path: '/v2/webinars/81234567890/registrants',
      auth: 'Bearer token-1',
      body: {
        email: 'ada@example.com',
        first_name: 'Ada',
        last_name: 'Lovelace',
        phone: '+12125550100',
        org: 'Analytical Engines',
        job_title: 'Analyst',
      },
    });
  });

  it('reuses its token across registrations and renews it once when Zoom answers 401', async () => {
    const zoom = platform();
    answer = () => created;
    await zoom.register(webinar, ada);
    await zoom.register(webinar, { ...ada, email: 'grace@example.com' });
    expect(tokensIssued).toBe(1);
    answer = (req) =>
      req.auth === 'Bearer token-1' ? { status: 401, body: { code: 124, message: 'Invalid access token.' } } : created;
    await zoom.register(webinar, { ...ada, email: 'alan@example.com' });
    expect(tokensIssued).toBe(2);
  });

  it('waits as Zoom asks when rate-limited, then tries once more', async () => {
    answer = (_req, n) =>
      n === 1 ? { status: 429, headers: { 'retry-after': '0' }, body: { message: 'Too many requests' } } : created;
    expect((await platform().register(webinar, ada)).registrantId).toBe('reg-42');
    expect(seen.filter((s) => s.path.includes('/registrants'))).toHaveLength(2);
  });

  it('passes on Zoom’s own reason when it refuses the registrant', async () => {
    answer = () => ({ status: 404, body: { code: 3001, message: 'Webinar does not exist: 81234567890.' } });
    const failure = platform().register(webinar, ada);
    await expect(failure).rejects.toBeInstanceOf(RegistrationRefused);
    await expect(failure).rejects.toThrow('Webinar does not exist: 81234567890.');
  });

  it('reports the platform unavailable on server errors, repeated rate limits and slow answers', async () => {
    answer = () => ({ status: 503, body: { message: 'Service Unavailable' } });
    await expect(platform().register(webinar, ada)).rejects.toBeInstanceOf(PlatformUnavailable);
    answer = () => ({ status: 429, headers: { 'retry-after': '0' } });
    await expect(platform().register(webinar, ada)).rejects.toBeInstanceOf(PlatformUnavailable);
    answer = () => ({ ...created, delayMs: 1500 });
    await expect(platform(300).register(webinar, ada)).rejects.toThrow(/did not answer in time/);
  });
});
