import http from 'node:http';
import type { AddressInfo } from 'node:net';
import ICAL from 'ical.js';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTRATION_TEXT } from '../../../../src/lib/event-registration.ts';
import { sendDueReminders } from '../../../../src/server/features/events/index.ts';
import { eventRegistrations, eventReminders, events, outboxMessages } from '../../../../src/server/schema.ts';
import { createTestApp, type TestApp } from '../../../helpers/app.ts';

let t: TestApp;
type EventRow = typeof events.$inferSelect;

beforeAll(async () => {
  t = await createTestApp({ seedCompanies: 60 });
});
afterAll(() => t.close());

const HOUR = 3600_000;
let nextZoom = 70_000_000_000;

/** A webinar of our own, starting `inMs` from now. */
async function webinar(inMs: number, fields: Partial<typeof events.$inferInsert> = {}): Promise<EventRow> {
  const zoomId = String(nextZoom++);
  const [row] = await t.database.db
    .insert(events)
    .values({
      title: `Test webinar ${zoomId}`,
      upcomingDate: new Date(Date.now() + inMs),
      zoomId,
      formUrl: `form${zoomId}`,
      zoomUrl: `https://zoom.us/webinar/register/WN_${zoomId}`,
      ...fields,
    })
    .returning();
  return row!;
}

const person = (event: EventRow, overrides: Record<string, unknown> = {}) => ({
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: `ada.${event.id}@example.com`,
  phone: '(212) 555-0100',
  company_name: 'Analytical Engines',
  job_title: 'Analyst',
  form_id: event.formUrl,
  zoom_id: event.zoomId,
  ...overrides,
});

const register = (body: unknown) => t.call('POST', '/api/events/register', { json: body });

const registrationsOf = (eventId: number) =>
  t.database.db.select().from(eventRegistrations).where(eq(eventRegistrations.eventId, eventId));

const messagesTo = (recipient: string) =>
  t.database.db
    .select()
    .from(outboxMessages)
    .where(sql`lower(${outboxMessages.recipient}) = lower(${recipient})`)
    .orderBy(outboxMessages.id);

describe('registering for a webinar', () => {
  it('stores the registration once and emails one confirmation with a calendar invite', async () => {
    const event = await webinar(5 * 24 * HOUR);
    const first = await register(person(event));
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ success: true, message: REGISTRATION_TEXT.success });

    // The same person again, typed differently: success, nothing new.
    const again = await register(person(event, { email: `ADA.${event.id}@Example.com` }));
    expect(again.status).toBe(200);
    // The same answer: nobody learns from it whether an address registered.
    expect(again.body).toEqual(first.body);

    const rows = await registrationsOf(event.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ firstName: 'Ada', phone: '+12125550100', reminders: 'email' });
    const mail = await messagesTo(`ada.${event.id}@example.com`);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toContain(event.title);
    expect(mail[0]!.text).toContain('EST');
    expect(mail[0]!.calendar).toContain('BEGIN:VCALENDAR');
  });

  it('writes an invite that calendars read back at the right instant, title and attendee', async () => {
    const event = await webinar(9 * 24 * HOUR + 17 * 60_000, { agenda: 'Results and questions.' });
    await register(person(event));
    const [mail] = await messagesTo(`ada.${event.id}@example.com`);
    const calendar = new ICAL.Component(ICAL.parse(mail!.calendar!));
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    const vevent = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    expect(vevent.summary).toBe(event.title);
    // The start is written in UTC, so every calendar shows it in its own zone.
    expect(vevent.startDate.zone?.tzid).toBe('UTC');
    expect(vevent.startDate.toJSDate().getTime()).toBe(Math.floor(event.upcomingDate.getTime() / 1000) * 1000);
    expect(vevent.endDate.toJSDate().getTime() - vevent.startDate.toJSDate().getTime()).toBe(HOUR);
    expect(vevent.description).toContain('Results and questions.');
    expect(vevent.location).toBe(event.zoomUrl);
    const attendee = vevent.attendees[0]!;
    expect(String(attendee.getFirstValue())).toBe(`mailto:ada.${event.id}@example.com`);
  });

  it('answers the ended message for an archived webinar and stores nothing', async () => {
    const event = await webinar(-10 * 24 * HOUR, {
      archived: true,
      archiveUrl: 'https://www.youtube.com/watch?v=abcdefghijk',
    });
    const answer = await register(person(event));
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ message: REGISTRATION_TEXT.ended, archived: true });
    expect(await registrationsOf(event.id)).toHaveLength(0);
    expect(await messagesTo(`ada.${event.id}@example.com`)).toHaveLength(0);
  });

  it('treats a webinar that already took place as ended even before staff archive it', async () => {
    const event = await webinar(-3 * HOUR);
    const answer = await register(person(event));
    expect(answer.status).toBe(409);
    expect((answer.body as { message: string }).message).toBe(REGISTRATION_TEXT.ended);
    expect(await registrationsOf(event.id)).toHaveLength(0);
  });

  it('refuses bad input with a clear message and stores nothing', async () => {
    const event = await webinar(6 * 24 * HOUR);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ first_name: '' }, /First name is required/],
      [{ first_name: undefined }, /First name is required/],
      [{ last_name: '   ' }, /Last name is required/],
      [{ email: 'not-an-email' }, /Invalid email format/],
      [{ email: '' }, /Email is required/],
      [{ phone: 'call me' }, /Phone must have 10 to 15 digits/],
      [{ phone: '555-0100' }, /Phone must have 10 to 15 digits/],
      [{ company_name: '' }, /Company name is required/],
      [{ first_name: 'x'.repeat(10_000) }, /First name must be at most 100 characters/],
      [{ job_title: 'y'.repeat(10_000) }, /Job title must be at most 100 characters/],
      [{ form_id: undefined }, /Missing form or zoom ID/],
      [{ zoom_id: '' }, /Missing form or zoom ID/],
      [{ zoom_id: '12ab' }, /Missing form or zoom ID/],
      [{ reminders: 'pigeon' }, /reminders must be one of/],
      [{ first_name: 'Ada\u0000' }, /./],
      [{ first_name: 'Sign in at https://evil.example' }, /First name cannot contain a web address/],
      [{ company_name: 'Visit www.evil.example' }, /Company name cannot contain a web address/],
      [{ phone: '+44 20 7946 0958', reminders: 'sms' }, /Text reminders go to US and Canadian numbers only/],
      [{ phone: '020 7946 0958' }, /Phone must have 10 to 15 digits/],
      [{ admin: true }, /./],
    ];
    for (const [change, message] of cases) {
      const answer = await register(person(event, change));
      expect(answer.status, JSON.stringify(change).slice(0, 60)).toBe(400);
      expect((answer.body as { message: string }).message).toMatch(message);
    }
    expect(await registrationsOf(event.id)).toHaveLength(0);
    expect(await messagesTo(`ada.${event.id}@example.com`)).toHaveLength(0);
  });

  it('refuses names that carry text-direction override characters, saying which field, and stores nothing', async () => {
    const event = await webinar(6 * 24 * HOUR);
    const cases: [Record<string, unknown>, string][] = [
      [{ first_name: 'Ada\u202Egnp.exe' }, 'First name cannot contain text-direction control characters'],
      [{ last_name: 'Love\u202Alace' }, 'Last name cannot contain text-direction control characters'],
      [{ company_name: 'Engines \u2066Ltd\u2069' }, 'Company name cannot contain text-direction control characters'],
      [{ job_title: 'Analyst\u2067' }, 'Job title cannot contain text-direction control characters'],
    ];
    for (const [change, message] of cases) {
      const answer = await register(person(event, change));
      expect(answer.status, JSON.stringify(change)).toBe(400);
      expect((answer.body as { message: string }).message).toContain(message);
    }
    // Names in right-to-left scripts are welcome.
    expect((await register(person(event, { first_name: 'עדה', last_name: 'لوفليس' }))).status).toBe(200);
    expect(await registrationsOf(event.id)).toHaveLength(1);
  });

  it('answers the missing-ids message for a link whose form and zoom ids name no webinar', async () => {
    const event = await webinar(6 * 24 * HOUR);
    for (const change of [{ form_id: 'someotherform' }, { zoom_id: '99999999999' }]) {
      const answer = await register(person(event, change));
      expect(answer.status).toBe(404);
      expect((answer.body as { message: string }).message).toBe(REGISTRATION_TEXT.missingIds);
    }
    expect(await registrationsOf(event.id)).toHaveLength(0);
  });

  it('registers a demo webinar through the link its card shows', async () => {
    const { data } = (await t.call('GET', '/api/events/all?tab=upcoming')).body as {
      data: { form_url: string; zoom_id: string }[];
    };
    const card = data[0]!;
    const lookup = await t.call('GET', `/api/events/ZoomId?zoom_id=${card.zoom_id}`);
    expect(lookup.status).toBe(200);
    const answer = await register({
      ...person({ id: 0 } as EventRow),
      email: 'reader@example.com',
      form_id: card.form_url,
      zoom_id: card.zoom_id,
    });
    expect(answer.status).toBe(200);
  });
});

describe('reminders', () => {
  const registerFor = async (event: EventRow, reminders: string, email: string) => {
    const answer = await register(person(event, { email, reminders }));
    expect(answer.status).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(eventRegistrations)
      .where(and(eq(eventRegistrations.eventId, event.id), eq(eventRegistrations.email, email)));
    return row!;
  };
  const sentFor = (registrationId: number) =>
    t.database.db
      .select({ lead: eventReminders.lead, channel: eventReminders.channel })
      .from(eventReminders)
      .where(eq(eventReminders.registrationId, registrationId));
  const reminderMail = async (email: string) =>
    (await messagesTo(email)).filter((m) => !m.subject.startsWith('You are registered'));

  it('sends the 24-hour and the 1-hour reminder once each, when due and not before', async () => {
    const start = Date.now() + 30 * HOUR;
    const event = await webinar(30 * HOUR);
    const email = `remind.${event.id}@example.com`;
    const registration = await registerFor(event, 'email', email);

    await sendDueReminders(t.database.db, new Date(start - 24 * HOUR - 60_000));
    expect(await sentFor(registration.id)).toEqual([]);

    await sendDueReminders(t.database.db, new Date(start - 24 * HOUR + 60_000));
    await sendDueReminders(t.database.db, new Date(start - 23 * HOUR));
    expect(await sentFor(registration.id)).toEqual([{ lead: '24h', channel: 'email' }]);
    const [dayBefore] = await reminderMail(email);
    expect(dayBefore!.subject).toBe(`Starts in about 24 hours: ${event.title}`);
    expect(dayBefore!.text).toContain(event.zoomUrl!);

    await sendDueReminders(t.database.db, new Date(start - HOUR + 60_000));
    await sendDueReminders(t.database.db, new Date(start - 30 * 60_000));
    expect((await sentFor(registration.id)).map((r) => r.lead).sort()).toEqual(['1h', '24h']);
    expect(await reminderMail(email)).toHaveLength(2);

    // After the start nothing more goes out.
    await sendDueReminders(t.database.db, new Date(start + 60_000));
    expect(await reminderMail(email)).toHaveLength(2);
  });

  it('sends each reminder once even when two runs (two instances, or a restart mid-run) overlap', async () => {
    const start = Date.now() + 20 * HOUR;
    const event = await webinar(20 * HOUR);
    const email = `overlap.${event.id}@example.com`;
    const registration = await registerFor(event, 'both', email);
    // Registered 20 hours ahead: the 24-hour moment was before registering, only the 1-hour one is due.
    await Promise.all([
      sendDueReminders(t.database.db, new Date(start - 50 * 60_000)),
      sendDueReminders(t.database.db, new Date(start - 50 * 60_000)),
      sendDueReminders(t.database.db, new Date(start - 40 * 60_000)),
    ]);
    const sent = await sentFor(registration.id);
    expect(sent.map((r) => `${r.lead}:${r.channel}`).sort()).toEqual(['1h:email', '1h:sms']);
    const texts = await messagesTo('+12125550100');
    expect(texts.filter((m) => m.channel === 'sms' && m.text.includes(event.title))).toHaveLength(1);
    expect(await reminderMail(email)).toHaveLength(1);
  });

  it('skips a day-before reminder that would arrive under two hours ahead, and says how soon in the late one', async () => {
    const start = Date.now() + 30 * HOUR;
    const event = await webinar(30 * HOUR);
    const email = `late.${event.id}@example.com`;
    const registration = await registerFor(event, 'email', email);
    // The server was down from before the day-before moment until 1 h 30 min before the start.
    await sendDueReminders(t.database.db, new Date(start - 90 * 60_000));
    expect(await sentFor(registration.id)).toEqual([]);
    await sendDueReminders(t.database.db, new Date(start - 20 * 60_000));
    expect(await sentFor(registration.id)).toEqual([{ lead: '1h', channel: 'email' }]);
    const [late] = await reminderMail(email);
    expect(late!.subject).toBe(`Starts in 20 minutes: ${event.title}`);
  });

  it('sends nothing to registrants who chose no reminders, or for archived webinars', async () => {
    const start = Date.now() + 30 * HOUR;
    const quiet = await webinar(30 * HOUR);
    const none = await registerFor(quiet, 'none', `none.${quiet.id}@example.com`);
    const archivedLater = await webinar(30 * HOUR);
    const registration = await registerFor(archivedLater, 'email', `arch.${archivedLater.id}@example.com`);
    await t.database.db.update(events).set({ archived: true }).where(eq(events.id, archivedLater.id));
    await sendDueReminders(t.database.db, new Date(start - 2 * HOUR));
    expect(await sentFor(none.id)).toEqual([]);
    expect(await sentFor(registration.id)).toEqual([]);
  });
});

describe('registering with Zoom configured', () => {
  let zoomApp: TestApp;
  let zoom: http.Server;
  const refused = new Set<string>();

  beforeAll(async () => {
    zoom = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        res.setHeader('content-type', 'application/json');
        if (req.url?.startsWith('/oauth/token')) {
          res.end(JSON.stringify({ access_token: 'token', expires_in: 3600 }));
          return;
        }
        const body = JSON.parse(raw) as { email: string };
        if (refused.has(body.email)) {
          res.writeHead(400);
          res.end(JSON.stringify({ code: 3038, message: 'Registration has been closed for this webinar.' }));
          return;
        }
        res.writeHead(201);
        res.end(
          JSON.stringify({
            registrant_id: `reg-${body.email}`,
            join_url: `https://zoom.us/w/personal?e=${body.email}`,
          }),
        );
      });
    });
    await new Promise<void>((resolve) => zoom.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(zoom.address() as AddressInfo).port}`;
    zoomApp = await createTestApp({
      env: {
        ZOOM_ACCOUNT_ID: 'acct',
        ZOOM_CLIENT_ID: 'id',
        ZOOM_CLIENT_SECRET: 'secret',
        ZOOM_API_URL: `${base}/v2`,
        ZOOM_OAUTH_URL: `${base}/oauth/token`,
      },
    });
  });
  afterAll(async () => {
    await zoomApp.close();
    await new Promise<void>((resolve) => zoom.close(() => resolve()));
  });

  it('keeps Zoom’s registrant id and sends the personal join link in the confirmation and invite', async () => {
    const [event] = await zoomApp.database.db
      .insert(events)
      .values({
        title: 'Zoom webinar',
        upcomingDate: new Date(Date.now() + 48 * HOUR),
        zoomId: '81111111111',
        formUrl: 'zoomform',
      })
      .returning();
    const email = 'zoomed@example.com';
    const answer = await zoomApp.call('POST', '/api/events/register', { json: person(event!, { email }) });
    expect(answer.status).toBe(200);
    const [row] = await zoomApp.database.db
      .select()
      .from(eventRegistrations)
      .where(eq(eventRegistrations.email, email));
    expect(row).toMatchObject({
      platformRegistrantId: `reg-${email}`,
      joinUrl: `https://zoom.us/w/personal?e=${email}`,
    });
    const [mail] = await zoomApp.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email));
    expect(mail!.text).toContain(`https://zoom.us/w/personal?e=${email}`);
    expect(mail!.calendar).toContain('zoom.us/w/personal');

    refused.add('late@example.com');
    const late = await zoomApp.call('POST', '/api/events/register', {
      json: person(event!, { email: 'late@example.com' }),
    });
    expect(late.status).toBe(409);
    expect((late.body as { message: string }).message).toBe('Registration has been closed for this webinar.');
    expect(
      await zoomApp.database.db
        .select()
        .from(eventRegistrations)
        .where(eq(eventRegistrations.email, 'late@example.com')),
    ).toHaveLength(0);
  });
});
