import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/platform/config.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';

const TOKEN = 'scraper-token-0123456789';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seedCompanies: 20, env: { METRICS_ALLOW: '10.0.0.0/8, 192.0.2.7', METRICS_TOKEN: TOKEN } });
});
afterAll(() => t.close());

/** One sample's value from the text format, by series name and labels as written. */
function sample(text: string, series: string): number | null {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : null;
}

describe('the metrics endpoint', () => {
  it('reports requests by route and status, database time, the event loop, the outbox, builds and leadership', async () => {
    for (let i = 0; i < 3; i++) expect((await t.call('GET', '/api/news/all?limit=2')).status).toBe(200);
    expect((await t.call('GET', '/api/news/999999999')).status).toBe(404);
    const { status, headers, text } = await t.call('GET', '/metrics');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toContain('text/plain');
    expect(sample(text, 'http_requests_total{method="GET",route="/api/news/all",status="200"}')).toBe(3);
    expect(sample(text, 'http_requests_total{method="GET",route="/api/news/:id",status="404"}')).toBe(1);
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="0\.05",method="GET",route="\/api\/news\/all",status="200"\} \d/,
    );
    expect(sample(text, 'db_query_duration_seconds_count')).toBeGreaterThan(3);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(sample(text, 'outbox_messages{status="pending"}')).not.toBeNull();
    expect(sample(text, 'outbox_delivery_failures')).toBe(0);
    expect(sample(text, 'site_build_state{state="idle"}')).toBe(1);
    expect(sample(text, 'cluster_leader')).toBe(1);
    expect(sample(text, 'db_pool_max_connections')).toBeGreaterThanOrEqual(1);
    expect(text).toContain('# TYPE market_quotes_age_seconds gauge');
  });

  it('labels paths by their route, so unknown paths do not make new series', async () => {
    for (const id of [111111, 222222, 333333]) await t.call('GET', `/api/news/${id}`);
    const { text } = await t.call('GET', '/metrics');
    expect(text).not.toContain('111111');
    expect(sample(text, 'http_requests_total{method="GET",route="/api/news/:id",status="404"}')).toBeGreaterThanOrEqual(
      3,
    );
  });

  it('answers only allowed addresses, or the configured token', async () => {
    expect((await t.call('GET', '/metrics', { headers: { 'x-forwarded-for': '192.0.2.7' } })).status).toBe(200);
    expect((await t.call('GET', '/metrics', { headers: { 'x-forwarded-for': '::ffff:10.1.2.3' } })).status).toBe(200);
    const outsider = { 'x-forwarded-for': '203.0.113.9' };
    const refused = await t.call('GET', '/metrics', { headers: outsider });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'Metrics are not available to this address' });
    const wrong = await t.call('GET', '/metrics', {
      headers: { ...outsider, authorization: 'Bearer not-the-token-at-all' },
    });
    expect(wrong.status).toBe(403);
    const right = await t.call('GET', '/metrics', { headers: { ...outsider, authorization: `Bearer ${TOKEN}` } });
    expect(right.status).toBe(200);
    expect(right.text).toContain('http_requests_total');
  });

  it('stays closed to a client that writes an allowed address first in X-Forwarded-For', async () => {
    // Behind the proxy the client's own entries come first; the proxy's (its peer's address) last.
    const spoofed = { 'x-forwarded-for': '192.0.2.7, 203.0.113.9' };
    expect((await t.call('GET', '/metrics', { headers: spoofed })).status).toBe(403);
  });

  it('refuses address ranges it cannot read, at start', () => {
    for (const bad of ['10.0.0.0/33', 'localhost', '10.0.0.0/8,,::1/200']) {
      expect(() => loadConfig({ METRICS_ALLOW: bad }), bad).toThrow(/METRICS_ALLOW/);
    }
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });
});
