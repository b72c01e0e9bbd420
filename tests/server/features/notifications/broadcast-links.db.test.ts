/**
 * Where a broadcast leads readers: a broadcast about an event opens that
 * event's registration page, or its company's webinars, or the events page,
 * in the bell, in the staff console's history and in the message sent.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverBroadcasts } from '../../../../src/server/features/notifications/index.ts';
import { bulkStatementRows } from '../../../../src/server/platform/db/client.ts';
import { events, outboxMessages } from '../../../../src/server/schema.ts';
import { bearer, staffHeaders, verifiedUser } from '../../../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../../../helpers/app.ts';

let t: TestApp;
let staff: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ seedCompanies: 30 });
  staff = await staffHeaders(t);
}, 120_000);
afterAll(() => t.close());

const DAY = 86_400_000;
let nextZoom = 72_000_000_000;

describe('a broadcast about an event', () => {
  const SITE = 'https://redcap.example';

  async function broadcastAbout(eventId: number, message: string) {
    const sent = await t.call('POST', '/api/notifications/notifications', {
      headers: staff,
      json: { message, objectType: 'event', objectId: String(eventId) },
    });
    expect(sent.status).toBe(201);
  }

  it('opens the event’s registration page in the bell, the history and the email', async () => {
    const reader = bearer(await verifiedUser(t, 'bell-reader@example.com'));
    const zoomId = String(nextZoom++);
    const [row] = await t.database.db
      .insert(events)
      .values({ title: 'Broadcast webinar', upcomingDate: new Date(Date.now() + 4 * DAY), zoomId, formUrl: 'bcast1' })
      .returning();
    await broadcastAbout(row!.id, 'Join our webinar on Tuesday');
    const page = `/events/form/bcast1/${zoomId}`;

    const bell = await t.call('GET', '/api/notifications', { headers: reader });
    expect(bell.status).toBe(200);
    expect((bell.body as { data: { message: string; link: string }[] }).data[0]).toMatchObject({
      message: 'Join our webinar on Tuesday',
      link: page,
    });
    const history = await t.call('GET', '/api/notifications/notifications', { headers: staff });
    expect((history.body as { data: { link: string }[] }).data[0]!.link).toBe(page);

    await deliverBroadcasts(t.database.db, SITE, { batch: bulkStatementRows(t.database.kind).queue });
    const [mail] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(sql`${outboxMessages.recipient} = 'bell-reader@example.com' and ${outboxMessages.text} like '%Tuesday%'`);
    expect(mail!.text).toContain(`${SITE}${page}`);
    expect(mail!.text).not.toMatch(new RegExp(`${SITE}/events(\\s|$)`));
  });

  it('without a registration link opens its company’s webinars, or the events page for a session of no company', async () => {
    // A company that holds webinars (a session of no company may come first in the list).
    const upcoming = (await t.call('GET', '/api/events/all?tab=upcoming&pageSize=50')).body as {
      data: { company_symbol: string | null }[];
    };
    const company = upcoming.data.find((event) => event.company_symbol)!.company_symbol!;
    const [withCompany] = await t.database.db
      .insert(events)
      .values({ title: 'No link yet', upcomingDate: new Date(Date.now() + 4 * DAY), companySymbol: company })
      .returning();
    const [alone] = await t.database.db
      .insert(events)
      .values({ title: 'Conference keynote', upcomingDate: new Date(Date.now() + 4 * DAY) })
      .returning();
    await broadcastAbout(withCompany!.id, 'Webinar announced');
    await broadcastAbout(alone!.id, 'Keynote announced');
    const history = await t.call('GET', '/api/notifications/notifications', { headers: staff });
    const links = (history.body as { data: { message: string; link: string }[] }).data;
    expect(links.find((b) => b.message === 'Webinar announced')!.link).toBe(`/stocks/${company}/webinar/`);
    expect(links.find((b) => b.message === 'Keynote announced')!.link).toBe('/events');
  });
});
