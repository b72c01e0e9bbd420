import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewsItemRecord } from '../../../../../src/lib/content-records.ts';
import { outboxMessages } from '../../../../../src/server/schema.ts';
import { createTestApp, type TestApp } from '../../../../helpers/app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seedCompanies: 60 });
});
afterAll(() => t.close());

interface NewsList {
  news: NewsItemRecord[];
  total: number;
}

describe('news alerts for a client company', () => {
  async function latestLink(email: string): Promise<string> {
    const rows = await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email));
    const link = /https?:\/\/\S+\/api\/news-alerts\/confirm\?token=[\w-]+/.exec(rows.at(-1)?.text ?? '')?.[0];
    if (!link) throw new Error(`no confirmation link for ${email}`);
    return new URL(link).pathname + new URL(link).search;
  }

  it('emails a confirmation link that turns the alerts on once', async () => {
    const client = ((await t.call('GET', '/api/news/top/clients?limit=1')).body as NewsList).news[0]!;
    const symbol = client.company_symbol!;
    const asked = await t.call('POST', '/api/news-alerts', { json: { email: 'Alerts@Example.com', symbol } });
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ data: { email: 'alerts@example.com', symbol, confirmationSent: true } });
    const link = await latestLink('alerts@example.com');
    const confirmed = await t.call('GET', link);
    expect(confirmed.headers.get('location')).toBe(`/news?alerts=${symbol}`);
    expect((await t.call('GET', link)).headers.get('location')).toBe('/news?alerts=0');
    const again = await t.call('POST', '/api/news-alerts', { json: { email: 'alerts@example.com', symbol } });
    expect((again.body as { data: { confirmationSent: boolean } }).data.confirmationSent).toBe(false);
  });

  it('are only for client companies and need a valid address', async () => {
    const { news } = (await t.call('GET', '/api/news/all?limit=50')).body as NewsList;
    const other = news.find((n) => n.Company && !n.Company.is_client)!;
    expect(
      (await t.call('POST', '/api/news-alerts', { json: { email: 'a@example.com', symbol: other.company_symbol } }))
        .status,
    ).toBe(404);
    expect((await t.call('POST', '/api/news-alerts', { json: { email: 'nope', symbol: 'AAA' } })).status).toBe(400);
  });
});
