import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, companyProfiles } from '../../../../src/server/schema.ts';
import { seedDemoData } from '../../../../src/server/demo/seed.ts';
import { FILING_GROUP_NAMES, bioPhaseGroupOf, filingGroupOf } from '../../../../src/lib/company.ts';
import { TEST_AS_OF, createTestApp, type TestApp } from '../../../helpers/app.ts';
import { GOOD_PASSWORD, bearer, verifiedUser } from '../../../helpers/accounts.ts';
import { upsertStaff } from '../../../../src/server/features/accounts/index.ts';

let t: TestApp;
let client: string;
let plain: string;
let bio: string;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ seedCompanies: 60 });
  const rows = await t.database.db.select().from(companies).orderBy(companies.symbol);
  client = rows.find((r) => r.isClient)!.symbol;
  plain = rows.find((r) => !r.isClient)!.symbol;
  bio = rows.find((r) => r.bioPhasePipelines !== null)!.symbol;
  token = await verifiedUser(t, 'analyst-reader@example.com');
});
afterAll(() => t.close());

const get = async <T>(path: string, headers: Record<string, string> = {}) => {
  const res = await t.call('GET', path, { headers });
  return { status: res.status, body: res.body as T, headers: res.headers, text: res.text };
};

describe('company market record', () => {
  it('answers the 001 record with the description and insider records, newest first', async () => {
    const { status, body } = await get<{ data: Record<string, unknown> }>(`/api/stock/company/${plain.toLowerCase()}`);
    expect(status).toBe(200);
    const d = body.data;
    for (const key of [
      'name',
      'symbol',
      'open',
      'pre_close',
      'volume',
      'market_cap',
      'daylow',
      'dayhigh',
      'week52low',
      'week52high',
      'shares_outstanding',
      'net_change',
      'change_pre',
      'market',
      'sector_name',
      'industry',
      'ipo_year',
      'country',
      'description',
      'insiderOwnershipRecords',
    ])
      expect(d).toHaveProperty(key);
    expect(d.symbol).toBe(plain);
    expect(String(d.description)).toContain(String(d.name));
    const insider = d.insiderOwnershipRecords as { date_of_purchase: string; is_buy: boolean }[];
    const dates = insider.map((r) => r.date_of_purchase);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('is the same record through the GraphQL market-data query', async () => {
    const res = await t.call('POST', '/api/graphql', {
      json: {
        query: `query($s: String!) { company(symbol: $s) { symbol name description insiderOwnershipRecords { purchaser is_buy } } }`,
        variables: { s: plain },
      },
    });
    const rest = (
      await get<{ data: { description: string; insiderOwnershipRecords: unknown[] } }>(`/api/stock/company/${plain}`)
    ).body.data;
    const gql = (res.body as { data: { company: { description: string; insiderOwnershipRecords: unknown[] } } }).data
      .company;
    expect(gql.description).toBe(rest.description);
    expect(gql.insiderOwnershipRecords).toHaveLength(rest.insiderOwnershipRecords.length);
  });

  it('answers 404 for a symbol that is not listed, and 400 for one that cannot be a ticker', async () => {
    expect((await get(`/api/stock/company/ZZZZZZ`)).status).toBe(404);
    expect((await get(`/api/stock/company/${encodeURIComponent('<b>')}`)).status).toBe(400);
    for (const path of ['history', 'bio-phases', 'institutional', 'filings', 'team', 'videos', 'podcast'])
      expect((await get(`/api/stock/${path}/QQQQQQ`)).status, path).toBe(404);
    expect((await get(`/api/news/symbol/QQQQQQ`)).status).toBe(404);
    expect((await get(`/api/events/company/QQQQQQ`)).status).toBe(404);
  });
});

describe('company market records for many readers', () => {
  it('are computed once for anonymous readers and answered afresh after the market data changes', async () => {
    const cached = await createTestApp({ env: { PUBLIC_CACHE_TTL_MS: '60000' } });
    try {
      await seedDemoData(cached.database, { seed: 'test-seed', asOf: TEST_AS_OF, companies: 5 });
      const [row] = await cached.database.db.select().from(companies).limit(1);
      const lastSale = async () =>
        ((await cached.call('GET', `/api/stock/company/${row!.symbol}`)).body as { data: { last_sale: number } }).data
          .last_sale;
      const before = await lastSale();
      await cached.database.db
        .update(companies)
        .set({ lastSale: before + 1 })
        .where(eq(companies.symbol, row!.symbol));
      // Same answer until the market data job (or a company edit) says the data changed.
      expect(await lastSale()).toBe(before);
      cached.snapshots.invalidate();
      expect(await lastSale()).toBe(before + 1);
    } finally {
      await cached.close();
    }
  });
});

describe('price history', () => {
  it('answers daily bars oldest first, longer ranges holding more of them', async () => {
    const sizes: number[] = [];
    for (const range of ['1M', '3M', '6M', '1Y']) {
      const { body } = await get<{ data: { date: string; close: number; volume: number }[] }>(
        `/api/stock/history/${plain}?range=${range}`,
      );
      const dates = body.data.map((b) => b.date);
      expect(dates).toEqual([...dates].sort());
      sizes.push(body.data.length);
    }
    expect(sizes[0]).toBeGreaterThan(15);
    expect(sizes[0]).toBeLessThan(sizes[1]!);
    expect(sizes[2]).toBeLessThan(sizes[3]!);
    expect((await get(`/api/stock/history/${plain}?range=5Y`)).status).toBe(400);
  });
});

describe('SEC filings', () => {
  it('pages filings newest first with the total, in page sizes 5, 10 and 20 only', async () => {
    const first = await get<{ data: { date_as_of_change: string; accession_key: string }[]; totalItems: number }>(
      `/api/stock/filings/${plain}?page=1&pageSize=5`,
    );
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(5);
    const second = await get<{ data: { accession_key: string }[] }>(`/api/stock/filings/${plain}?page=2&pageSize=5`);
    expect(second.body.data.map((f) => f.accession_key)).not.toContain(first.body.data[0]!.accession_key);
    const dates = first.body.data.map((f) => f.date_as_of_change);
    expect(dates).toEqual([...dates].sort().reverse());
    expect((await get(`/api/stock/filings/${plain}`)).body).toMatchObject({ data: expect.any(Array) });
    expect(((await get(`/api/stock/filings/${plain}`)).body as { data: unknown[] }).data.length).toBeLessThanOrEqual(
      10,
    );
    expect((await get(`/api/stock/filings/${plain}?pageSize=7`)).status).toBe(400);
    expect((await get(`/api/stock/filings/${plain}?pageSize=1000`)).status).toBe(400);
  });

  it('filters by type groups and by filing date, and refuses unknown groups and bad dates', async () => {
    const all = (await get<{ totalItems: number }>(`/api/stock/filings/${plain}?pageSize=20`)).body.totalItems;
    let sum = 0;
    for (const group of FILING_GROUP_NAMES) {
      const { body } = await get<{ data: { filing_type: string }[]; totalItems: number }>(
        `/api/stock/filings/${plain}?pageSize=20&types=${encodeURIComponent(group)}`,
      );
      for (const f of body.data) expect(filingGroupOf(f.filing_type)).toBe(group);
      sum += body.totalItems;
    }
    expect(sum).toBe(all);
    const two = await get<{ totalItems: number }>(
      `/api/stock/filings/${plain}?pageSize=20&types=${encodeURIComponent('8K-related,Quarterly Reports')}`,
    );
    expect(two.body.totalItems).toBeLessThanOrEqual(all);
    const cutoff = '2026-01-01';
    const dated = await get<{ data: { date_as_of_change: string }[] }>(
      `/api/stock/filings/${plain}?pageSize=20&date=${cutoff}`,
    );
    for (const f of dated.body.data) expect(f.date_as_of_change <= cutoff).toBe(true);
    expect((await get(`/api/stock/filings/${plain}?types=Memes`)).status).toBe(400);
    expect((await get(`/api/stock/filings/${plain}?date=yesterday`)).status).toBe(400);
  });

  it('serves the text of a filing at its raw link', async () => {
    const { body } = await get<{ data: { raw_text_link: string; accession_key: string }[] }>(
      `/api/stock/filings/${plain}?pageSize=5`,
    );
    const text = await get(body.data[0]!.raw_text_link);
    expect(text.status).toBe(200);
    expect(text.headers.get('content-type')).toContain('text/plain');
    expect(text.text).toContain(`ACCESSION NUMBER:\t\t${body.data[0]!.accession_key}`);
    expect((await get('/api/stock/filing/0000000000-00-000000')).status).toBe(404);
  });
});

describe('institutional ownership', () => {
  it('pages holders largest first as {data, totalItems}, 25 by default', async () => {
    const { body } = await get<{ data: { sharesHeld: number }[]; totalItems: number }>(
      `/api/stock/institutional/${plain}`,
    );
    expect(body.data.length).toBe(Math.min(25, body.totalItems));
    const held = body.data.map((h) => h.sharesHeld);
    expect(held).toEqual([...held].sort((a, b) => b - a));
    expect((await get(`/api/stock/institutional/${plain}?pageSize=20`)).status).toBe(400);
  });
});

describe('bio phases', () => {
  it('lists a life-science company’s milestones, every stage in one of the five groups', async () => {
    const { body } = await get<{ stage: string; drug_name: string }[]>(`/api/stock/bio-phases/${bio}`);
    expect(body.length).toBeGreaterThan(0);
    for (const p of body) expect(bioPhaseGroupOf(p.stage)).not.toBeNull();
  });
});

describe('analyst data', () => {
  it('is for signed-in users only', async () => {
    expect((await get(`/api/stock/analysts/${plain}`)).status).toBe(401);
    expect((await get(`/api/tipranks?symbol=${plain}`)).status).toBe(401);
    expect((await get(`/api/stock/analyst-report-url/${plain}`)).status).toBe(401);
    expect((await get(`/api/stock/analyst-report/${plain}`)).status).toBe(401);
  });

  it('pages ratings as {data, total} in sizes 10, 25 and 50 and links a report when analysts cover the company', async () => {
    const covered = (await t.database.db.select().from(companies)).find((c) => c.totalAnalysts > 0)!;
    const uncovered = (await t.database.db.select().from(companies)).find((c) => c.totalAnalysts === 0)!;
    const { body } = await get<{ data: { recommendation: string }[]; total: number }>(
      `/api/stock/analysts/${covered.symbol}`,
      bearer(token),
    );
    expect(body.total).toBe(covered.totalAnalysts);
    expect(body.data.length).toBe(Math.min(10, covered.totalAnalysts));
    expect((await get(`/api/stock/analysts/${covered.symbol}?pageSize=5`, bearer(token))).status).toBe(400);
    const urls = (await get<{ urls: string[] }>(`/api/tipranks?symbol=${covered.symbol}`, bearer(token))).body.urls;
    expect(urls).toHaveLength(1);
    const report = await get(urls[0]!, bearer(token));
    expect(report.headers.get('content-type')).toContain('text/html');
    expect(report.text).toContain(covered.name.replace(/&/g, '&#38;'));
    expect(
      (await get<{ urls: string[] }>(`/api/tipranks?symbol=${uncovered.symbol}`, bearer(token))).body.urls,
    ).toEqual([]);
  });
});

describe('client company data', () => {
  it('answers the landing page with its disclosure, team, videos, podcast and webinars', async () => {
    const landing = await get<{ data: Record<string, unknown> }>(`/api/stock/landing/${client}`);
    expect(landing.status).toBe(200);
    for (const key of [
      'jumbo_video',
      'letter',
      'website_url',
      'overview',
      'extra_title',
      'extra_info',
      'extra_title_two',
      'extra_info_two',
      'presentation',
      'value_prop',
      'highlights',
      'disclosure',
    ])
      expect(landing.body.data).toHaveProperty(key);
    expect(String(landing.body.data.disclosure)).toContain('compensated');
    const team = await get<{ data: { name: string; headshot_url: string; description: string }[] }>(
      `/api/stock/team/${client}`,
    );
    expect(team.body.data.length).toBeGreaterThanOrEqual(3);
    expect(team.body.data[0]!.description).toMatch(/^<p>/);
    const videos = await get<{ data: { interview: { type: string } | null; overview: { type: string } | null } }>(
      `/api/stock/videos/${client}`,
    );
    expect(videos.body.data.interview?.type).toBe('Interview');
    expect(videos.body.data.overview?.type).toBe('Overview');
    const podcast = await get<{ data: { podcast_link: string | null } }>(`/api/stock/podcast/${client}`);
    expect(podcast.status).toBe(200);
    const webinars = await get<{ data: { replayLink: string | null; archived: boolean }[] }>(
      `/api/events/company/${client}`,
    );
    expect(webinars.body.data.some((w) => w.archived && w.replayLink)).toBe(true);
    expect((await get(`/api/stock/landing/${plain}`)).status).toBe(404);
  });
});

describe('staff edits of a landing page', () => {
  it('are for staff, validated, sanitized, and recorded as a change of that company', async () => {
    await upsertStaff(t.database.db, { email: 'landing-editor@example.com', password: GOOD_PASSWORD });
    const login = await t.call('POST', '/api/auth/login', {
      json: { email: 'landing-editor@example.com', password: GOOD_PASSWORD },
    });
    const staff = bearer((login.body as { token: string }).token);
    const path = `/api/tools/company-landing/${client}`;
    expect((await t.call('PUT', path, { json: { subtitle: 'x' } })).status).toBe(401);
    expect((await t.call('PUT', path, { json: { subtitle: 'x' }, headers: bearer(token) })).status).toBe(403);
    const { version } = ((await t.call('GET', path, { headers: staff })).body as { data: { version: number } }).data;
    expect(
      (await t.call('PUT', path, { json: { jumbotron_title_color: 'red', version }, headers: staff })).status,
    ).toBe(400);
    expect((await t.call('PUT', path, { json: { version }, headers: staff })).status).toBe(400);
    expect(
      (await t.call('PUT', '/api/tools/company-landing/QQQQQQ', { json: { subtitle: 'x', version }, headers: staff }))
        .status,
    ).toBe(404);
    const { cursor } = (await get<{ cursor: number }>('/api/content/cursor')).body;
    const saved = await t.call('PUT', path, {
      json: { value_prop: '<p>Clear value<script>alert(1)</script></p><img src=x onerror="alert(2)">', version },
      headers: staff,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ success: true, message: 'Landing Page saved successfully!' });
    const stored = (await get<{ data: { value_prop: string } }>(`/api/stock/landing/${client}`)).body.data.value_prop;
    expect(stored).toContain('Clear value');
    expect(stored).not.toMatch(/script|onerror/);
    const changes = (
      await get<{ changes: { kind: string; entityId: number }[] }>(`/api/content/changes?since=${cursor}`)
    ).body.changes;
    const [record] = (
      await get<{ data: { id: number; symbol: string }[] }>(
        `/api/content/companies?ids=${changes.find((ch) => ch.kind === 'company')!.entityId}`,
      )
    ).body.data;
    expect(record!.symbol).toBe(client);
  });
});

describe('company page build feed', () => {
  it('answers every company with its first pages, clients with their landing page', async () => {
    const { body } = await get<{
      data: {
        id: number;
        symbol: string;
        is_client: boolean;
        filings: { data: unknown[]; totalItems: number };
        client: unknown;
      }[];
      next: number | null;
    }>('/api/content/companies?limit=1000');
    expect(body.data).toHaveLength(60);
    for (const c of body.data) {
      expect(c.filings.data.length).toBe(Math.min(10, c.filings.totalItems));
      expect(c.client === null).toBe(!c.is_client);
    }
    const ids = body.data.slice(0, 2).map((c) => c.id);
    const some = await get<{ data: { id: number }[] }>(`/api/content/companies?ids=${ids.join(',')}`);
    expect(some.body.data.map((c) => c.id)).toEqual(ids);
  });

  it('is added to a demo database seeded before company pages existed', async () => {
    await t.database.db.delete(companyProfiles);
    await seedDemoData(t.database, { seed: 'test-seed', asOf: TEST_AS_OF, companies: 60 });
    const { body } = await get<{ data: { description: string } }>(`/api/stock/company/${plain}`);
    expect(body.data.description).toContain('Demo company profile');
  });
});
