/**
 * Where an event leads readers: registration links built from the form and
 * zoom ids staff give (a pasted registration link gives its id), and a
 * picture for every event.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrationPath } from '../../../../src/lib/event-registration.ts';
import { events } from '../../../../src/server/schema.ts';
import { staffHeaders } from '../../../helpers/accounts.ts';
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

type Listed = { id: number; form_url: string | null; zoom_id: string | null; image_url: string | null };

async function listed(id: number): Promise<Listed> {
  const answer = await t.call('GET', `/api/events/all/${id}`);
  expect(answer.status).toBe(200);
  return (answer.body as { data: Listed }).data;
}

const registrant = (formId: string, zoomId: string, email: string) => ({
  first_name: 'Ada',
  last_name: 'Lovelace',
  email,
  phone: '(212) 555-0100',
  company_name: 'Analytical Engines',
  form_id: formId,
  zoom_id: zoomId,
});

describe('registration form ids', () => {
  it('are kept as ids when staff paste a whole registration link, and the event’s link registers', async () => {
    const zoomId = String(nextZoom++);
    const created = await t.call('POST', '/api/tools/events', {
      headers: staff,
      json: {
        title: 'Pasted link webinar',
        upcoming_date: new Date(Date.now() + 5 * DAY).toISOString(),
        form_url: `https://www.redcap.example/events/form/pasted42/${zoomId}`,
        zoom_id: zoomId,
      },
    });
    expect(created.status).toBe(201);
    const { id, form_url } = (created.body as { data: { id: number; form_url: string } }).data;
    expect(form_url).toBe('pasted42');
    const event = await listed(id);
    expect(event.form_url).toBe('pasted42');
    expect(registrationPath(event.form_url, event.zoom_id)).toBe(`/events/form/pasted42/${zoomId}`);
    const answer = await t.call('POST', '/api/events/register', {
      json: registrant('pasted42', zoomId, 'pasted@example.com'),
    });
    expect(answer.status).toBe(200);
  });

  it('refuse an address that holds no form id, saying which field', async () => {
    const answer = await t.call('POST', '/api/tools/events', {
      headers: staff,
      json: { title: 'Elsewhere webinar', form_url: 'https://forms.example/signup' },
    });
    expect(answer.status).toBe(400);
    expect((answer.body as { message: string }).message).toContain('form_url');
  });

  it('are read out of a whole link stored before, so its card and registration work', async () => {
    const zoomId = String(nextZoom++);
    const [row] = await t.database.db
      .insert(events)
      .values({
        title: 'Stored link webinar',
        upcomingDate: new Date(Date.now() + 6 * DAY),
        zoomId,
        formUrl: `https://www.redcap.example/events/form/stored77/${zoomId}`,
      })
      .returning();
    const event = await listed(row!.id);
    expect(event.form_url).toBe('stored77');
    const lookup = await t.call('GET', `/api/events/ZoomId?zoom_id=${zoomId}&form_id=stored77`);
    expect(lookup.status).toBe(200);
    const answer = await t.call('POST', '/api/events/register', {
      json: registrant('stored77', zoomId, 'stored@example.com'),
    });
    expect(answer.status).toBe(200);
    // The stored value itself is left for staff to see in the console.
    const [kept] = await t.database.db.select().from(events).where(eq(events.id, row!.id));
    expect(kept!.formUrl).toContain('https://');
  });
});

describe('an event’s picture', () => {
  it('is its generated cover when staff give none: its company, or its title, and its month', async () => {
    const { data } = (await t.call('GET', '/api/events/all?tab=upcoming&pageSize=1')).body as {
      data: { company_symbol: string }[];
    };
    const symbol = data[0]!.company_symbol;
    const startsAt = new Date('2027-03-10T16:00:00Z');
    const created = await t.call('POST', '/api/tools/events', {
      headers: staff,
      json: { title: 'New webinar without a picture', company_symbol: symbol, upcoming_date: startsAt.toISOString() },
    });
    const { id } = (created.body as { data: { id: number } }).data;
    const { image_url } = await listed(id);
    expect(image_url).toMatch(new RegExp(`^/api/covers/event/${id}\\.svg`));
    const cover = await t.call('GET', image_url!);
    expect(cover.status).toBe(200);
    expect(cover.headers.get('content-type')).toContain('image/svg+xml');
    expect(cover.text).toContain(`>${symbol}<`);
    expect(cover.text).toContain('WEBINAR · MARCH 2027');
    // A real event's picture does not say it is a demo image.
    expect(cover.text).not.toContain('demo image');

    const [alone] = await t.database.db
      .insert(events)
      .values({ title: 'Small-cap conference keynote', upcomingDate: startsAt })
      .returning();
    const keynote = await t.call('GET', (await listed(alone!.id)).image_url!);
    expect(keynote.status).toBe(200);
    expect(keynote.text).toContain('Small-cap conference keynote');

    // A picture staff gave is kept; a hidden event has no cover.
    const [pictured] = await t.database.db
      .insert(events)
      .values({ title: 'Pictured', upcomingDate: startsAt, imageUrl: 'https://images.example/p.png' })
      .returning();
    expect((await listed(pictured!.id)).image_url).toBe('https://images.example/p.png');
    await t.database.db.update(events).set({ isActive: false }).where(eq(events.id, alone!.id));
    expect((await t.call('GET', `/api/covers/event/${alone!.id}.svg`)).status).toBe(404);
  });
});
