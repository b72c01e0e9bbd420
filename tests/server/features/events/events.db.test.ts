import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../helpers/app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seedCompanies: 60 });
});
afterAll(() => t.close());

describe('upcoming events', () => {
  it('lists at most eight future, active, unarchived events, soonest first', async () => {
    const { data } = (await t.call('GET', '/api/events/top')).body as {
      data: { upcoming_date: string; archived: boolean; isActive: boolean }[];
    };
    expect(data.length).toBeGreaterThan(0);
    expect(data.length).toBeLessThanOrEqual(8);
    const dates = data.map((e) => e.upcoming_date);
    expect(dates).toEqual([...dates].sort());
    for (const event of data) {
      expect(event.archived).toBe(false);
      expect(event.isActive).toBe(true);
      expect(Date.parse(event.upcoming_date)).toBeGreaterThan(Date.now() - 1000);
    }
  });
});

interface Listed {
  id: number;
  title: string;
  company_symbol: string | null;
  Company: { name: string } | null;
  upcoming_date: string;
  zoom_id: string | null;
  isFavorite: boolean;
}
const list = async (query: string) =>
  (await t.call('GET', `/api/events/all${query}`)) as { status: number; body: { data: Listed[]; total: number } };

describe('the events list', () => {
  it('shows upcoming events soonest first and history newest first, split at now', async () => {
    const upcoming = await list('?tab=upcoming&pageSize=100');
    const history = await list('?tab=history&pageSize=100');
    expect(upcoming.status).toBe(200);
    expect(upcoming.body.total).toBeGreaterThan(0);
    expect(history.body.total).toBeGreaterThan(0);
    const now = Date.now();
    const future = upcoming.body.data.map((e) => e.upcoming_date);
    expect(future).toEqual([...future].sort());
    expect(Math.min(...future.map(Date.parse))).toBeGreaterThan(now - 5000);
    const past = history.body.data.map((e) => e.upcoming_date);
    expect(past).toEqual([...past].sort().reverse());
    expect(Math.max(...past.map(Date.parse))).toBeLessThan(now);
  });

  it('narrows by range, and pages with the total of the whole window', async () => {
    const all = await list('?tab=upcoming&pageSize=100');
    const week = await list('?tab=upcoming&range=week&pageSize=100');
    expect(week.body.total).toBeLessThanOrEqual(all.body.total);
    for (const event of week.body.data)
      expect(Date.parse(event.upcoming_date)).toBeLessThan(Date.now() + 7 * 86_400_000);
    const first = await list('?tab=history&page=1&pageSize=3');
    const second = await list('?tab=history&page=2&pageSize=3');
    expect(first.body.data).toHaveLength(3);
    expect(second.body.total).toBe(first.body.total);
    expect(second.body.data[0]!.id).not.toBe(first.body.data[0]!.id);
    expect((await list('?tab=history')).body.data.length).toBeLessThanOrEqual(10);
  });

  it('finds events by words of the title, the company name or the symbol', async () => {
    const sample = (await list('?tab=history&pageSize=1')).body.data[0]!;
    const bySymbol = await list(`?tab=history&text=${sample.company_symbol}&pageSize=100`);
    expect(bySymbol.body.data.map((e) => e.id)).toContain(sample.id);
    const byName = await list(`?tab=history&text=${encodeURIComponent(sample.Company!.name)}&pageSize=100`);
    expect(byName.body.data.map((e) => e.id)).toContain(sample.id);
    expect((await list('?tab=history&text=zzqqxx-nothing')).body).toEqual({ data: [], total: 0 });
    // Pattern characters are searched for as themselves.
    expect((await list('?tab=history&text=%25%25')).body.total).toBe(0);
  });

  it.each([
    ['?tab=later', 'tab'],
    ['?range=decade', 'range'],
    ['?page=0', 'page'],
    ['?pageSize=1000000', 'pageSize'],
    [`?text=${'a'.repeat(10_000)}`, 'text'],
    ['?text=%00', 'text'],
  ])('refuses %s with a 400 naming the field', async (query, field) => {
    const answer = await t.call('GET', `/api/events/all${query}`);
    expect(answer.status).toBe(400);
    expect(answer.text).toContain(field);
  });

  it('answers one event by id and by zoom id, and 404 for unknown ones', async () => {
    const sample = (await list('?tab=upcoming&pageSize=1')).body.data[0]!;
    const one = await t.call('GET', `/api/events/all/${sample.id}`);
    expect(one.status).toBe(200);
    expect((one.body as { data: Listed }).data.title).toBe(sample.title);
    const byZoom = await t.call('GET', `/api/events/ZoomId?zoom_id=${sample.zoom_id}`);
    expect((byZoom.body as { data: { id: number } }).data.id).toBe(sample.id);
    expect((await t.call('GET', '/api/events/all/2147483647')).status).toBe(404);
    expect((await t.call('GET', '/api/events/ZoomId?zoom_id=123456789')).status).toBe(404);
    expect((await t.call('GET', '/api/events/ZoomId')).status).toBe(400);
  });
});
