/**
 * An alert email's stop link opened again (docs/product.md §15.7, §15.8):
 * once what it stops is stopped, reading the link says so instead of asking
 * again, and it asks again once the reader turned those alerts back on.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signStop, type StopTarget } from '../../../../src/server/features/alerts/stop/tokens.ts';
import { companies } from '../../../../src/server/schema.ts';
import { rowsOf } from '../../../../src/server/platform/db/client.ts';
import { mailLinkSecret } from '../../../../src/server/features/email/list-links.ts';
import { addReader, setAlertSettings } from '../../../helpers/alerts.ts';
import { createTestApp, type TestApp } from '../../../helpers/app.ts';

const SYMBOL = 'STOPX';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.insert(companies).values({
    symbol: SYMBOL,
    name: 'Stop Link Industries',
    sicCode: 3674,
    sectorName: 'Technology',
    industry: 'Semiconductors',
    market: 'NASDAQ',
    country: 'United States',
  });
});
afterAll(() => t.close());

const db = () => t.database.db;

async function linkFor(userId: number, target: StopTarget): Promise<string> {
  return `/api/alerts/stop?t=${signStop(await mailLinkSecret(db()), { userId, target })}`;
}

async function read(link: string) {
  const answer = await t.call('GET', link);
  expect(answer.status).toBe(200);
  return (answer.body as { data: { description: string; done: boolean } }).data;
}

async function screenOf(userId: number): Promise<number> {
  const [screen] = rowsOf<{ id: number }>(
    await db().execute(sql`insert into saved_screens (user_id, name, query, columns, alert)
      values (${userId}, 'Cheap biotech', 'sector=Health', '{symbol}', true) returning id`),
  );
  return screen!.id;
}

describe('a stop link already used', () => {
  it('says its alerts are stopped, for a company’s kind, a kind of all followed companies, a screen and alert emails', async () => {
    const reader = await addReader(db());
    const targets: StopTarget[] = [
      { type: 'kind', kind: 'news', symbol: SYMBOL },
      { type: 'kind', kind: 'insider-sell', symbol: null },
      { type: 'screen', screenId: await screenOf(reader.id) },
      { type: 'email' },
    ];
    for (const target of targets) {
      const link = await linkFor(reader.id, target);
      const before = await read(link);
      expect(before.done, JSON.stringify(target)).toBe(false);
      expect((await t.call('POST', link)).status).toBe(200);
      expect(await read(link), JSON.stringify(target)).toEqual({ description: before.description, done: true });
    }
  });

  it('asks again once the reader turned those alerts back on', async () => {
    const reader = await addReader(db());
    const link = await linkFor(reader.id, { type: 'email' });
    expect((await t.call('POST', link)).status).toBe(200);
    expect((await read(link)).done).toBe(true);
    await setAlertSettings(db(), reader.id, { email: 'digest' });
    expect(await read(link)).toEqual({ description: 'alert emails', done: false });
  });

  it('of a company no longer listed has nothing left to stop', async () => {
    const reader = await addReader(db());
    const link = await linkFor(reader.id, { type: 'kind', kind: 'news', symbol: 'GONEX' });
    expect(await read(link)).toEqual({ description: 'News about the company alerts for GONEX', done: true });
  });
});
