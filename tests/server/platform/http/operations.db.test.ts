import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('operational endpoints', () => {
  it('answer liveness and readiness with the database kind', async () => {
    expect((await t.call('GET', '/healthz')).body).toEqual({ status: 'ok' });
    const ready = await t.call('GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ status: 'ready' });
  });

  it('report not ready with 503 once the database is gone', async () => {
    const broken = await createTestApp();
    await broken.database.close();
    const ready = await broken.call('GET', '/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({ status: 'unavailable', message: 'Database is not reachable' });
  });

  it('publish a valid OpenAPI 3.1 document describing the API routes', async () => {
    const doc = await t.call('GET', '/openapi.json');
    expect(doc.status).toBe(200);
    const result = await new Validator().validate(doc.body as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    const paths = Object.keys((doc.body as { paths: object }).paths);
    expect(paths).toContain('/api/email-subscriptions/subscribe');
    expect(paths).toContain('/api/market/indices/{symbol}/history');
  });

  it('render a readable API reference page from the same document', async () => {
    const page = await t.call('GET', '/api-docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.text).toContain('/api/email-subscriptions/subscribe');
    expect(page.text).toContain('Subscribe an email address to the newsletter');
  });

  it('answer unknown API paths with a JSON 404', async () => {
    const res = await t.call('GET', '/api/no/such/thing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'No API route for GET /api/no/such/thing' });
  });

  it('tag every response with a request id', async () => {
    const res = await t.call('GET', '/healthz', { headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers.get('x-request-id')).toBe('abc-123');
  });

  it('serve a "being built" page with 503 before the first site build', async () => {
    const res = await t.call('GET', '/');
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
  });
});
