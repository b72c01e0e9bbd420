/**
 * Hostile input over the whole API: the test walks the OpenAPI document and,
 * for every operation and every path, query and body field, sends the values
 * that broke servers before (NUL, U+FFFF, lone surrogates, huge strings,
 * integers past the columns, NaN, arrays for scalars, objects for strings,
 * `__proto__` keys), one field at a time with the others valid. No answer may
 * be a 5xx, and an operation that refused everything must leave the data as
 * it was. Runs signed in as staff, so the console's calls reach their checks.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/server/platform/db/client.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { GOOD_PASSWORD, signupBody, staffHeaders } from '../helpers/accounts.ts';

type Json = Record<string, unknown>;

/** Values for JSON bodies. */
const HOSTILE_JSON: unknown[] = [
  '\u0000',
  'a\u0000b',
  '\uFFFF',
  '\uD800',
  'x'.repeat(20_000),
  2 ** 31,
  -1,
  1e308,
  null,
  [],
  ['a', 'b'],
  {},
  { __proto__: { polluted: true } },
];

/** Values for path and query strings, already encoded (a lone surrogate's bytes are not UTF-8). */
const HOSTILE_QUERY = [
  '%00',
  'a%00b',
  '%EF%BF%BF',
  '%ED%A0%80',
  '%FF',
  'x'.repeat(5000),
  '2147483648',
  '-1',
  '1e308',
  'NaN',
  '%7B%7D',
];

/** Calls that would end the staff session the walk runs with. */
const SKIP = new Set(['POST /api/auth/logout', 'DELETE /api/auth/delete', 'POST /api/auth/change-password']);
/** Tables whose rows count as the site's data (rate-limit counters move with every call, as they should). */
const IGNORED_TABLES = new Set(['rate_limits', 'sessions', '__drizzle_migrations']);

let t: TestApp;
let staff: Record<string, string>;
let doc: Json;
const samples: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ seedCompanies: 60 });
  staff = await staffHeaders(t);
  doc = (await t.call('GET', '/openapi.json')).body as Json;
  const db = t.database.db;
  const first = async (query: ReturnType<typeof sql>) =>
    String(Object.values(rowsOf<Json>(await db.execute(query))[0]!)[0]);
  samples.symbol = await first(sql`select symbol from companies where is_client order by symbol limit 1`);
  samples.id = await first(sql`select id from news order by id limit 1`);
  samples.accession = await first(sql`select accession_key from sec_filings limit 1`);
  samples.zoomId = await first(sql`select zoom_id from events where zoom_id is not null limit 1`);
}, 120_000);
afterAll(() => t.close());

/** A valid body for each operation that takes one; the walk changes one field at a time. */
function baselineBody(key: string): Json | null {
  const email = `walker-${Math.random().toString(36).slice(2)}@example.com`;
  const bodies: Record<string, Json> = {
    'POST /api/auth/register': signupBody(email),
    'POST /api/auth/login': { email, password: GOOD_PASSWORD },
    'POST /api/auth/verify': { email, code: 'ABCDEF' },
    'POST /api/auth/resend-verification': { email },
    'POST /api/auth/forgot-password': { email },
    'POST /api/auth/reset-password': { email, code: 'ABCDEF', newPassword: GOOD_PASSWORD },
    'POST /api/auth/change-password/request': {},
    'PUT /api/profile/profile/update': { name: 'Walker', phone_number: '2125550123' },
    'PUT /api/profile/profile/message-preference': { message_preference: 'email' },
    'POST /api/email-subscriptions/subscribe': { email },
    'POST /api/email-subscriptions/newsletter': {
      firstName: 'Wal',
      lastName: 'Ker',
      email,
      phone: '2125550123',
      consent: true,
    },
    'POST /api/news-alerts': { email, symbol: samples.symbol },
    'PATCH /api/stock/favorites': { symbol: samples.symbol },
    'PATCH /api/news/favorites': { newsId: Number(samples.id) },
    'PATCH /api/videos/favorites': { videoId: 1 },
    'PATCH /api/events/favorites': { eventId: 1 },
    'POST /api/tools/news': { title: 'Walked', company_symbol: samples.symbol },
    'PUT /api/tools/news/{id}': { title: 'Walked', version: 1 },
    'POST /api/tools/videos': { name: 'Walked', company_symbol: samples.symbol, youtubeId: 'dQw4w9WgXcQ' },
    'PUT /api/tools/videos/{id}': { name: 'Walked', version: 1 },
    'POST /api/tools/events': { title: 'Walked' },
    'PUT /api/tools/events/{id}': { title: 'Walked', version: 1 },
    'POST /api/tools/clients': { company_symbol: samples.symbol },
    'PUT /api/tools/clients/{symbol}': { contract: 'Walked', version: 1 },
    'POST /api/tools/company-landing': { company_symbol: samples.symbol },
    'PUT /api/tools/company-landing/{symbol}': { title: 'Walked', version: 1 },
    'POST /api/tools/management': { company_symbol: samples.symbol, name: 'Wal Ker', title: 'Director' },
    'PUT /api/tools/management/{id}': { name: 'Walked', version: 1 },
    'POST /api/notifications/notifications': { message: 'Walked', objectId: samples.symbol, objectType: 'company' },
    'PUT /api/notifications/settings': { announcements: false },
  };
  return bodies[key] ?? null;
}

function resolve(schema: unknown): Json {
  const ref = (schema as { $ref?: string } | undefined)?.$ref;
  if (!ref) return (schema ?? {}) as Json;
  const name = ref.split('/').pop()!;
  return ((doc.components as Json).schemas as Json)[name] as Json;
}

interface Operation {
  key: string;
  method: string;
  path: string;
  params: { name: string; in: 'path' | 'query' }[];
  fields: string[];
}

function operations(): Operation[] {
  const out: Operation[] = [];
  for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, Json>>)) {
    for (const [method, op] of Object.entries(ops)) {
      const key = `${method.toUpperCase()} ${path}`;
      if (SKIP.has(key)) continue;
      const body = resolve(
        (((op.requestBody as Json | undefined)?.content as Json | undefined)?.['application/json'] as Json | undefined)
          ?.schema,
      );
      out.push({
        key,
        method: method.toUpperCase(),
        path,
        params: ((op.parameters as Json[] | undefined) ?? []).map((p) => ({
          name: p.name as string,
          in: p.in as 'path' | 'query',
        })),
        fields: Object.keys((body.properties as Json | undefined) ?? {}),
      });
    }
  }
  return out;
}

/** The operation's URL with each path parameter set (hostile ones are passed encoded already). */
function urlOf(op: Operation, path: Record<string, string>, query: string): string {
  const filled = op.path.replace(
    /\{(\w+)\}/g,
    (_, name: string) => path[name] ?? encodeURIComponent(samples[name] ?? '1'),
  );
  return query ? `${filled}?${query}` : filled;
}

/** Row counts of every table of the site's data, as one comparable text. */
async function dataDigest(): Promise<string> {
  const tables = rowsOf<{ name: string }>(
    await t.database.db.execute(sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`),
  ).filter((r) => !IGNORED_TABLES.has(r.name));
  const counts: string[] = [];
  for (const { name } of tables) {
    const [row] = rowsOf<{ n: number }>(
      await t.database.db.execute(sql.raw(`select count(*)::int as n from "${name}"`)),
    );
    counts.push(`${name}=${row!.n}`);
  }
  return counts.join(' ');
}

describe('hostile input over the whole API', () => {
  it('never gets a 5xx, and an operation that refuses it changes no data', async () => {
    const failures: string[] = [];
    let requests = 0;
    for (const op of operations()) {
      const before = await dataDigest();
      let accepted = false;
      const send = async (label: string, url: string, body?: string) => {
        const headers: Record<string, string> = { ...staff };
        if (body !== undefined) headers['content-type'] = 'application/json';
        const response = await t.call(op.method, url, { headers, ...(body !== undefined && { body }) });
        requests++;
        if (response.status >= 500)
          failures.push(`${op.key} ${label}: ${response.status} ${response.text.slice(0, 120)}`);
        if (response.status < 300 && op.method !== 'GET') accepted = true;
      };
      const baseline = baselineBody(op.key);
      const baseBody = baseline ? JSON.stringify(baseline) : undefined;
      for (const param of op.params) {
        for (const value of HOSTILE_QUERY) {
          const path = param.in === 'path' ? { [param.name]: value } : {};
          const query = param.in === 'query' ? `${param.name}=${value}` : '';
          await send(`${param.in} ${param.name}=${value.slice(0, 12)}`, urlOf(op, path, query), baseBody);
        }
        if (param.in === 'query') {
          await send(`${param.name} twice`, urlOf(op, {}, `${param.name}=1&${param.name}=2`), baseBody);
          await send(`${param.name} as object`, urlOf(op, {}, `${param.name}[x]=1`), baseBody);
        }
      }
      if (baseline || op.fields.length > 0) {
        for (const field of new Set([...Object.keys(baseline ?? {}), ...op.fields])) {
          for (const value of HOSTILE_JSON) {
            const body =
              value !== null && typeof value === 'object' && !Array.isArray(value) && '__proto__' in value
                ? `{${JSON.stringify(baseline ?? {}).slice(1, -1)}${baseline && Object.keys(baseline).length ? ',' : ''}"${field}":{"__proto__":{"polluted":true}}}`
                : JSON.stringify({ ...baseline, [field]: value });
            await send(`body ${field}=${JSON.stringify(value)?.slice(0, 12)}`, urlOf(op, {}, ''), body);
          }
        }
        for (const [label, body] of [
          ['body as array', '[1,2]'],
          ['body as string', '"text"'],
          ['body with __proto__', `{"__proto__":{"isStaff":true},${(baseBody ?? '{}').slice(1)}`],
          ['truncated body', '{"a":'],
        ] as const) {
          await send(label, urlOf(op, {}, ''), body);
        }
      }
      if (!accepted && (await dataDigest()) !== before) failures.push(`${op.key}: refused everything yet changed data`);
    }
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    expect(requests).toBeGreaterThan(1500);
    expect(failures).toEqual([]);
  }, 600_000);
});
