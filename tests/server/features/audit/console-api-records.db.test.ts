/**
 * The console API's records beyond news, as staff edit them: events, videos,
 * clients, landing pages and leaders, each checked field by field, versioned
 * and audited, and each change reaching the public pages; and the audit
 * log that lists those writes.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AuditEntryRecord,
  ClientRecord,
  EventEditRecord,
  LandingEditRecord,
  LeaderEditRecord,
} from '../../../../src/lib/console-records.ts';
import { rowsOf } from '../../../../src/server/platform/db/client.ts';
import type { TestApp } from '../../../helpers/app.ts';
import { auditReader, body, seedConsoleApi } from './console-api-app.ts';

let t: TestApp;
let staff: Record<string, string>;
let client: string;
let listed: string;

beforeAll(async () => {
  ({ t, staff, client, listed } = await seedConsoleApi());
}, 120_000);
afterAll(() => t.close());
const audit = auditReader(() => ({ t, staff }));

describe('events in the console', () => {
  it('need a title, and take only http(s) links and real dates', async () => {
    const refusals: [Record<string, unknown>, string][] = [
      [{}, 'title is required'],
      [{ title: '   ' }, 'title is required'],
      [{ title: 'x', form_url: 'javascript:alert(1)' }, 'form_url'],
      [{ title: 'x', upcoming_date: 'next tuesday' }, 'upcoming_date'],
      [{ title: 'x', company_symbol: 'NOT A TICKER' }, 'company_symbol'],
      [{ title: 'x', zoom_id: '../../etc' }, 'zoom_id'],
      [{ title: 'x', role: 'staff' }, 'role'],
    ];
    for (const [json, words] of refusals) {
      const answer = await t.call('POST', '/api/tools/events', { json, headers: staff });
      expect(answer.status, JSON.stringify(json)).toBe(400);
      expect((answer.body as { message: string }).message, JSON.stringify(json)).toContain(words);
    }
    const unknown = await t.call('POST', '/api/tools/events', {
      json: { title: 'x', company_symbol: 'ZZZZZ' },
      headers: staff,
    });
    expect(unknown.status).toBe(404);
  });

  it('are created, changed and deleted, each change reaching the public events list and the company pages', async () => {
    const when = '2031-03-04T15:00:00.000Z';
    const { cursor } = (await t.call('GET', '/api/content/cursor')).body as { cursor: number };
    const created = await t.call('POST', '/api/tools/events', {
      json: { title: 'Spring investor day', company_symbol: client, upcoming_date: when, agenda: 'Results\nQ&A' },
      headers: staff,
    });
    expect(created.status).toBe(201);
    const event = body<EventEditRecord>(created);
    expect(event).toMatchObject({
      title: 'Spring investor day',
      upcoming_date: when,
      version: 1,
      agenda: 'Results\nQ&A',
    });
    const pub = body<{ title: string }>(await t.call('GET', `/api/events/all/${event.id}`));
    expect(pub.title).toBe('Spring investor day');
    // The company's Webinar tab is built from its record: the company's pages are rebuilt too.
    const [{ id: companyId }] = rowsOf<{ id: number }>(
      await t.database.db.execute(sql`select id from companies where symbol = ${client}`),
    ) as [{ id: number }];
    const feed = (await t.call('GET', `/api/content/changes?since=${cursor}`)).body as {
      changes: { kind: string; entityId: number }[];
    };
    expect(feed.changes.map((c) => [c.kind, c.entityId])).toEqual(
      expect.arrayContaining([
        ['event', event.id],
        ['company', companyId],
      ]),
    );
    const changed = body<EventEditRecord>(
      await t.call('PUT', `/api/tools/events/${event.id}`, {
        json: { title: 'Spring investor day (moved)', isActive: false, version: 1 },
        headers: staff,
      }),
    );
    expect(changed).toMatchObject({ version: 2, isActive: false });
    expect((await t.call('GET', `/api/events/all/${event.id}`)).status).toBe(404);
    const listed = (await t.call('GET', '/api/tools/events?q=moved', { headers: staff })).body as {
      data: EventEditRecord[];
    };
    expect(listed.data.map((e) => e.id)).toContain(event.id);
    expect((await t.call('DELETE', `/api/tools/events/${event.id}?version=2`, { headers: staff })).status).toBe(204);
    expect((await t.call('DELETE', `/api/tools/events/${event.id}`, { headers: staff })).status).toBe(404);
    expect((await audit('event', String(event.id))).map((e) => e.action)).toEqual(['delete', 'update', 'create']);
  });
});

describe('videos in the console', () => {
  it('need a title and a company symbol', async () => {
    const noTitle = await t.call('POST', '/api/tools/videos', {
      json: { company_symbol: client, youtubeId: 'dQw4w9WgXcQ' },
      headers: staff,
    });
    expect(noTitle.status).toBe(400);
    const noSymbol = await t.call('POST', '/api/tools/videos', {
      json: { name: 'Interview', youtubeId: 'dQw4w9WgXcQ' },
      headers: staff,
    });
    expect(noSymbol.status).toBe(400);
    expect((noSymbol.body as { message: string }).message).toContain('company_symbol');
  });
});

describe('clients', () => {
  it('are listed with their company and searched by ticker or name, the SNS topic only said set or not', async () => {
    const page = (await t.call('GET', '/api/tools/clients', { headers: staff })).body as {
      data: ClientRecord[];
      total: number;
    };
    expect(page.total).toBeGreaterThan(0);
    const one = page.data.find((c) => c.company_symbol === client)!;
    expect(one.Company.name).toBe(one.companyName);
    expect(typeof one.topicArnSet).toBe('boolean');
    expect(JSON.stringify(page)).not.toContain('topicArn"');
    const byName = (
      await t.call('GET', `/api/tools/clients?q=${encodeURIComponent(one.companyName.slice(0, 6))}`, {
        headers: staff,
      })
    ).body as { data: ClientRecord[] };
    expect(byName.data.map((c) => c.company_symbol)).toContain(client);
  });

  it('are made from a listed company, which gains a landing page and its client pages', async () => {
    const made = await t.call('POST', '/api/tools/clients', {
      json: { company_symbol: listed.toLowerCase(), contract: 'Annual retainer' },
      headers: staff,
    });
    expect(made.status).toBe(201);
    expect(body<ClientRecord>(made)).toMatchObject({ company_symbol: listed, active: true, hasLandingPage: true });
    expect(
      (await t.call('POST', '/api/tools/clients', { json: { company_symbol: listed }, headers: staff })).status,
    ).toBe(409);
    const [{ id }] = rowsOf<{ id: number }>(
      await t.database.db.execute(sql`select id from companies where symbol = ${listed}`),
    ) as [{ id: number }];
    const record = (await t.call('GET', `/api/content/companies?ids=${id}`)).body as {
      data: { is_client: boolean }[];
    };
    expect(record.data[0]!.is_client).toBe(true);
    const landing = body<LandingEditRecord>(
      await t.call('GET', `/api/tools/company-landing/${listed}`, { headers: staff }),
    );
    expect(landing.active).toBe(true);
    expect((await t.call('GET', `/api/stock/landing/${listed}`)).status).toBe(200);
  });

  it('are changed (disclosure sanitized, specialist checked) and deactivated, versioned and audited', async () => {
    const before = body<ClientRecord>(await t.call('GET', `/api/tools/clients/${client}`, { headers: staff }));
    const specialists = (await t.call('GET', '/api/tools/specialists', { headers: staff })).body as {
      data: { id: number }[];
    };
    const badSpecialist = await t.call('PUT', `/api/tools/clients/${client}`, {
      json: { assignedSpecialistId: 999_999, version: before.version },
      headers: staff,
    });
    expect(badSpecialist.status).toBe(400);
    const saved = await t.call('PUT', `/api/tools/clients/${client}`, {
      json: {
        contract: 'Two-year agreement',
        disclosure: '<p>Paid promotion<script>alert(1)</script></p><a href="javascript:alert(2)">x</a>',
        assignedSpecialistId: specialists.data[0]!.id,
        companyName: `${before.companyName} Holdings`,
        version: before.version,
      },
      headers: staff,
    });
    expect(saved.status).toBe(200);
    const after = body<ClientRecord>(saved);
    expect(after).toMatchObject({ contract: 'Two-year agreement', companyName: `${before.companyName} Holdings` });
    expect(after.disclosure).toContain('Paid promotion');
    expect(after.disclosure).not.toMatch(/script|javascript:/);
    expect(after.version).toBe(before.version + 1);
    const stale = await t.call('PUT', `/api/tools/clients/${client}`, {
      json: { contract: 'Stale', version: before.version },
      headers: staff,
    });
    expect(stale.status).toBe(409);
    const off = body<ClientRecord>(
      await t.call('PUT', `/api/tools/clients/${client}`, {
        json: { active: false, version: after.version },
        headers: staff,
      }),
    );
    expect(off.active).toBe(false);
    const market = body<{ name: string }>(await t.call('GET', `/api/stock/company/${client}`));
    expect(market.name).toBe(`${before.companyName} Holdings`);
    const entries = await audit('client', client);
    expect(entries[0]!.after).toEqual({ active: false, version: after.version + 1, updatedAt: expect.any(String) });
    // Back on, for the tests that follow.
    await t.call('PUT', `/api/tools/clients/${client}`, {
      json: { active: true, version: off.version },
      headers: staff,
    });
  });
});

describe('landing pages', () => {
  it('take every field of docs/product.md, refusing bad colours, opacity, links and video ids', async () => {
    const { version } = body<LandingEditRecord>(
      await t.call('GET', `/api/tools/company-landing/${client}`, { headers: staff }),
    );
    const refusals: Record<string, unknown>[] = [
      { jumbotron_title_color: 'red' },
      { jumbotron_subtitle_color: '#12345' },
      { jumbotron_gradient_opacity: 1.5 },
      { jumbotron_gradient_opacity: -0.1 },
      { presentation: 'javascript:alert(1)' },
      { podcast_link: 'ftp://example.com/x' },
      { website_url: '//evil.example' },
      { jumbo_video: 'not-a-video-id-at-all' },
      { active: 'yes' },
    ];
    for (const fields of refusals) {
      const answer = await t.call('PUT', `/api/tools/company-landing/${client}`, {
        json: { ...fields, version },
        headers: staff,
      });
      expect(answer.status, JSON.stringify(fields)).toBe(400);
    }
    const all = {
      title: 'A clear title',
      seo: 'Search description',
      subtitle: 'Subtitle',
      overview: '<p>Overview</p>',
      valueprop_title: 'Why us',
      value_prop: '<p>Value</p>',
      investment_highlights: '<ul><li>One</li></ul>',
      highlights: '<p>Highlights</p>',
      presentation: 'https://example.com/deck.pdf',
      presentation_title: 'Deck',
      extra_title: 'Extra',
      extra_info: '<p>More</p>',
      extra_title_two: 'Extra two',
      extra_info_two: '<p>Even more</p>',
      jumbo_video: 'dQw4w9WgXcQ',
      jumbotron_gradient_opacity: 0.4,
      jumbotron_title_color: '#ffffff',
      jumbotron_subtitle_color: '#eeeeee',
      letter: '<p>Dear shareholders</p>',
      askceo_title: 'Ask the CEO',
      custom_style: '.hero { letter-spacing: 1px; }',
      website_url: 'https://example.com',
      podcast_link: 'https://example.com/podcast',
      active: true,
    };
    const saved = await t.call('PUT', `/api/tools/company-landing/${client}`, {
      json: { ...all, version },
      headers: staff,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ success: true, message: 'Landing Page saved successfully!' });
    expect(body<LandingEditRecord>(saved)).toMatchObject({ ...all, version: version + 1 });
    const stale = await t.call('PUT', `/api/tools/company-landing/${client}`, {
      json: { title: 'x', version },
      headers: staff,
    });
    expect(stale.status).toBe(409);
  });

  it('are created once per company by POST', async () => {
    const [{ symbol }] = rowsOf<{ symbol: string }>(
      await t.database.db.execute(
        sql`select symbol from companies c where not exists (select 1 from company_landing_pages l where l.company_symbol = c.symbol) order by symbol limit 1`,
      ),
    ) as [{ symbol: string }];
    expect((await t.call('GET', `/api/tools/company-landing/${symbol}`, { headers: staff })).status).toBe(404);
    const made = await t.call('POST', '/api/tools/company-landing', {
      json: { company_symbol: symbol, title: 'New page', active: false },
      headers: staff,
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ success: true, data: { title: 'New page', active: false, version: 1 } });
    const again = await t.call('POST', '/api/tools/company-landing', {
      json: { company_symbol: symbol },
      headers: staff,
    });
    expect(again.status).toBe(409);
  });
});

describe('leaders', () => {
  it('are added last, listed in order, changed and removed, with headshots as http(s) links', async () => {
    const team = (await t.call('GET', `/api/tools/management/${client}`, { headers: staff })).body as {
      data: LeaderEditRecord[];
    };
    const refused = await t.call('POST', '/api/tools/management', {
      json: { company_symbol: client, name: 'Ada', title: 'CFO', headshot_url: 'data:image/png;base64,AAAA' },
      headers: staff,
    });
    expect(refused.status).toBe(400);
    const noName = await t.call('POST', '/api/tools/management', {
      json: { company_symbol: client, title: 'CFO' },
      headers: staff,
    });
    expect(noName.status).toBe(400);
    const added = body<LeaderEditRecord>(
      await t.call('POST', '/api/tools/management', {
        json: {
          company_symbol: client,
          name: 'Ada Quinn',
          title: 'Chief Financial Officer',
          headshot_url: 'https://example.com/ada.jpg',
          description: '<p>Twenty years in finance.</p><img src=x onerror=alert(1)>',
        },
        headers: staff,
      }),
    );
    expect(added.description).not.toContain('onerror');
    const listed = (await t.call('GET', `/api/tools/management/${client}`, { headers: staff })).body as {
      data: LeaderEditRecord[];
    };
    expect(listed.data.at(-1)!.id).toBe(added.id);
    expect(listed.data).toHaveLength(team.data.length + 1);
    const publicTeam = body<{ name: string }[]>(await t.call('GET', `/api/stock/team/${client}`));
    expect(publicTeam.map((m) => m.name)).toContain('Ada Quinn');
    const changed = await t.call('PUT', `/api/tools/management/${added.id}`, {
      json: { title: 'CFO and Treasurer', version: added.version },
      headers: staff,
    });
    expect(body<LeaderEditRecord>(changed)).toMatchObject({ title: 'CFO and Treasurer', version: 2 });
    expect((await t.call('DELETE', `/api/tools/management/${added.id}?version=1`, { headers: staff })).status).toBe(
      409,
    );
    expect((await t.call('DELETE', `/api/tools/management/${added.id}?version=2`, { headers: staff })).status).toBe(
      204,
    );
    expect(
      (await t.call('PUT', `/api/tools/management/${added.id}`, { json: { name: 'x', version: 3 }, headers: staff }))
        .status,
    ).toBe(404);
  });
});

// After every other test here: the log lists the writes they made.
describe('the audit log', () => {
  it('pages every staff write newest first and filters by kind, for staff only', async () => {
    const page = (await t.call('GET', '/api/tools/audit?limit=3', { headers: staff })).body as {
      data: AuditEntryRecord[];
      total: number;
    };
    expect(page.data).toHaveLength(3);
    expect(page.total).toBeGreaterThan(10);
    const ids = page.data.map((e) => e.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const leaders = (await t.call('GET', '/api/tools/audit?kind=leader', { headers: staff })).body as {
      data: AuditEntryRecord[];
    };
    expect(leaders.data.length).toBeGreaterThan(0);
    expect(leaders.data.every((e) => e.kind === 'leader')).toBe(true);
    expect((await t.call('GET', '/api/tools/audit?kind=users', { headers: staff })).status).toBe(400);
  });
});
