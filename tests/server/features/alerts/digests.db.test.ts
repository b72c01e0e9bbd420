/**
 * The daily digest (docs/product.md §15.8): one email a day at the reader's
 * hour in Eastern Time, winter and summer, listing the alerts since the
 * last one, once whatever restarts, with a link that stops alert emails.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDueDigests, deliverAlerts } from '../../../../src/server/features/alerts/index.ts';
import { alertSettings, outboxMessages } from '../../../../src/server/schema.ts';
import { addReader, deliveryOf, raise, setAlertSettings } from '../../../helpers/alerts.ts';
import { createTestApp, type TestApp } from '../../../helpers/app.ts';

const SITE = 'https://redcap.example';
const options = { siteUrl: SITE, postalAddress: null, batch: 50 };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t.close());

const db = () => t.database.db;
const digestsOf = (userId: number) =>
  db()
    .select()
    .from(outboxMessages)
    .where(sql`${outboxMessages.dedupeKey} like ${`digest:${userId}:%`}`)
    .orderBy(outboxMessages.id);

/** A reader who chose the digest, with alerts raised and delivered (kept for the digest) at `at`. */
async function digestReader(digestHour: number, titles: string[], at: Date) {
  const reader = await addReader(db());
  await setAlertSettings(db(), reader.id, { email: 'digest', digestHour });
  const ids = [];
  for (const title of titles) ids.push(await raise(db(), reader.id, { title, link: '/stocks/ABCD' }));
  await deliverAlerts(db(), at, options);
  return { ...reader, ids };
}

describe('the daily digest', () => {
  it('goes at the reader’s hour with the alerts since the last one, and once that day', async () => {
    // Tuesday 10 March 2026 (EDT: UTC-4).
    const reader = await digestReader(
      7,
      ['ABCD filed an 8-K', 'ABCD up 14.2% today'],
      new Date('2026-03-10T02:00:00Z'),
    );
    expect(await buildDueDigests(db(), new Date('2026-03-10T10:59:00Z'), options)).toBe(0);
    expect(await digestsOf(reader.id)).toHaveLength(0);

    expect(await buildDueDigests(db(), new Date('2026-03-10T11:00:00Z'), options)).toBeGreaterThanOrEqual(1);
    const [digest, ...more] = await digestsOf(reader.id);
    expect(more).toHaveLength(0);
    expect(digest).toMatchObject({
      channel: 'email',
      recipient: reader.email,
      subject: 'Your RedCap alerts for Tuesday, March 10',
      dedupeKey: `digest:${reader.id}:2026-03-10`,
    });
    expect(digest!.text).toContain('2 new alerts since your last digest');
    expect(digest!.text).toContain(`- ABCD filed an 8-K\n  ${SITE}/stocks/ABCD`);
    expect(digest!.text).toContain('- ABCD up 14.2% today');
    expect(digest!.text).toMatch(new RegExp(`Stop alert emails: ${SITE}/alerts/stop/\\?t=[\\w-]+\\.[\\w-]+`));
    expect(digest!.unsubscribeUrl).toMatch(new RegExp(`^${SITE}/api/alerts/stop\\?t=`));
    for (const id of reader.ids) expect((await deliveryOf(db(), id)).delivery).toBe('done');
    const [settings] = await db().select().from(alertSettings).where(eq(alertSettings.userId, reader.id));
    expect(settings!.lastDigestOn).toBe('2026-03-10');

    // Later that day: a new alert waits for tomorrow's digest; a restart sends nothing again.
    const later = await raise(db(), reader.id, { title: 'ABCD insider bought 12,000 shares' });
    await deliverAlerts(db(), new Date('2026-03-10T14:00:00Z'), options);
    expect(await buildDueDigests(db(), new Date('2026-03-10T15:00:00Z'), options)).toBe(0);
    expect(await digestsOf(reader.id)).toHaveLength(1);
    expect((await deliveryOf(db(), later)).delivery).toBe('digest');

    await buildDueDigests(db(), new Date('2026-03-11T11:00:00Z'), options);
    const [, next] = await digestsOf(reader.id);
    expect(next).toMatchObject({ dedupeKey: `digest:${reader.id}:2026-03-11` });
    expect(next!.text).toContain('1 new alert since your last digest');
    expect(next!.text).not.toContain('ABCD filed an 8-K');
  });

  it('keeps to the Eastern hour when the clocks change', async () => {
    // Sunday 1 November 2026: summer time ends at 2am, so 7am is 12:00 UTC (it was 11:00 the day before).
    const autumn = await digestReader(7, ['ABCD filed a 10-Q'], new Date('2026-11-01T03:00:00Z'));
    expect(await buildDueDigests(db(), new Date('2026-11-01T11:30:00Z'), options)).toBe(0);
    expect(await buildDueDigests(db(), new Date('2026-11-01T12:00:00Z'), options)).toBeGreaterThanOrEqual(1);
    expect(await digestsOf(autumn.id)).toHaveLength(1);

    // Sunday 8 March 2026: summer time starts at 2am, so 7am is 11:00 UTC (it was 12:00 the day before).
    const spring = await digestReader(7, ['ABCD filed an 8-K'], new Date('2026-03-08T04:00:00Z'));
    expect(await buildDueDigests(db(), new Date('2026-03-08T10:59:00Z'), options)).toBe(0);
    expect(await buildDueDigests(db(), new Date('2026-03-08T11:00:00Z'), options)).toBeGreaterThanOrEqual(1);
    expect(await digestsOf(spring.id)).toHaveLength(1);
  });

  it('is sent later that day by a server that was down at the hour, and not at all when nothing is new', async () => {
    const late = await digestReader(6, ['ABCD filed an 8-K'], new Date('2026-04-14T02:00:00Z'));
    const quiet = await digestReader(6, [], new Date('2026-04-14T02:00:00Z'));
    // 16:00 EDT, ten hours after the hour.
    await buildDueDigests(db(), new Date('2026-04-14T20:00:00Z'), options);
    expect(await digestsOf(late.id)).toHaveLength(1);
    expect(await digestsOf(quiet.id)).toHaveLength(0);
  });

  it('has a stop link that turns alert emails off, signed out', async () => {
    const reader = await digestReader(9, ['ABCD filed an 8-K'], new Date('2026-05-05T02:00:00Z'));
    await buildDueDigests(db(), new Date('2026-05-05T13:00:00Z'), options);
    const [digest] = await digestsOf(reader.id);
    const path = digest!.unsubscribeUrl!.replace(SITE, '');
    expect(((await t.call('GET', path)).body as { data: { description: string } }).data.description).toBe(
      'alert emails',
    );
    const stopped = await t.call('POST', path);
    expect(stopped.body).toMatchObject({ message: 'You will no longer get alert emails.' });
    const [settings] = await db().select().from(alertSettings).where(eq(alertSettings.userId, reader.id));
    expect(settings).toMatchObject({ email: 'off', digestHour: 9 });

    // The next alert is only in the bell.
    const next = await raise(db(), reader.id);
    await deliverAlerts(db(), new Date('2026-05-05T15:00:00Z'), options);
    expect((await deliveryOf(db(), next)).delivery).toBe('done');
  });

  it('is built once by two runs at the same time', async () => {
    const reader = await digestReader(8, ['ABCD filed an 8-K', 'News: ABCD'], new Date('2026-06-02T02:00:00Z'));
    const at = new Date('2026-06-02T12:30:00Z');
    await Promise.all([buildDueDigests(db(), at, options), buildDueDigests(db(), at, options)]);
    expect(await digestsOf(reader.id)).toHaveLength(1);
  });
});
