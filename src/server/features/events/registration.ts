/**
 * Webinar registration (docs/product.md §12.3, §12.4): one registration per event and email
 * address, the webinar platform told first, then our record and the
 * confirmation email with its calendar invite stored together. A repeat
 * answers success and sends nothing; an archived webinar stores nothing.
 */
import { and, eq, sql } from 'drizzle-orm';
import {
  REGISTRATION_TEXT,
  formIdFrom,
  textableUsPhone,
  webinarHasEnded,
  type ReminderChoice,
} from '../../../lib/event-registration.ts';
import { toE164 } from '../../../lib/validation.ts';
import { rowsOf, type Db } from '../../platform/db/client.ts';
import { DomainError, invalid, notFound, unavailable } from '../../platform/errors.ts';
import { enqueueFrom, messagesQueued } from '../../platform/outbox/enqueue.ts';
import { enforce } from '../../platform/rate-limit.ts';
import { REMINDER_LEADS, confirmationEmail, type InviteEvent } from './invite.ts';
import { activeEvents, eventsWithCompany, type EventWithCompany } from './service.ts';
import { eventRegistrations, events } from './tables.ts';
import { PlatformUnavailable, RegistrationRefused, type WebinarPlatform } from './webinar-platform.ts';

export interface RegistrationRequest {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  company_name: string;
  job_title?: string;
  form_id: string;
  zoom_id: string;
  reminders: ReminderChoice;
}

export type RegistrationStatus = 'registered' | 'already-registered';

export interface RegistrationContext {
  platform: WebinarPlatform;
  siteUrl: string;
  ip: string;
  userId?: number;
}

/** New registrations one address may make in an hour: each sends an email to an address it names. */
const REGISTRATIONS_PER_ADDRESS = 30;

const REMINDER_CHANNEL_WORDS: Record<Exclude<ReminderChoice, 'none'>, string> = {
  email: 'by email',
  sms: 'by text message',
  both: 'by email and text message',
};

/** What the confirmation promises: only the reminders whose moment is still ahead. */
function reminderNote(choice: ReminderChoice, startsAt: Date, now: Date): string | null {
  if (choice === 'none') return 'You chose not to receive reminders.';
  const ahead = REMINDER_LEADS.filter(({ ms }) => startsAt.getTime() - ms > now.getTime()).map(({ label }) => label);
  if (ahead.length === 0) return null;
  return `We will remind you ${REMINDER_CHANNEL_WORDS[choice]} ${ahead.join(' and ')} before it starts.`;
}

/** The event a registration link names: its zoom id, with the form id it was published with. */
async function eventOfLink(db: Db, formId: string, zoomId: string): Promise<EventWithCompany> {
  // The events list read a moment ago usually has it; one just added is read from the table.
  // The form id as links carry it: a whole registration link stored before counts as its id.
  const named = (r: EventWithCompany) => r.event.zoomId === zoomId && formIdFrom(r.event.formUrl) === formId;
  const known = (await activeEvents(db)).find(named);
  if (known) return known;
  const row = (await eventsWithCompany(db).where(and(eq(events.zoomId, zoomId), eq(events.isActive, true)))).find(
    named,
  );
  if (!row) throw notFound(REGISTRATION_TEXT.missingIds);
  return row;
}

export const inviteEventOf = (event: typeof events.$inferSelect, companyName: string | null): InviteEvent => ({
  id: event.id,
  title: event.title,
  startsAt: event.upcomingDate,
  companyName,
  companySymbol: event.companySymbol,
  agenda: event.agenda,
});

export async function registerForEvent(
  db: Db,
  request: RegistrationRequest,
  context: RegistrationContext,
  now = new Date(),
): Promise<RegistrationStatus> {
  const { event, companyName } = await eventOfLink(db, request.form_id, request.zoom_id);
  if (webinarHasEnded(event.archived, event.upcomingDate.getTime(), now.getTime())) {
    throw new DomainError('conflict', REGISTRATION_TEXT.ended, { details: { archived: true } });
  }
  const email = request.email.trim();
  const phone = toE164(request.phone);
  if (!phone) throw invalid(REGISTRATION_TEXT.invalidPhone);
  if ((request.reminders === 'sms' || request.reminders === 'both') && !textableUsPhone(request.phone)) {
    throw invalid(REGISTRATION_TEXT.textNeedsUsPhone);
  }
  // Counted before anything else: the answer must not become a free lookup of who registered.
  await enforce(db, { key: `event-register:ip:${context.ip}`, max: REGISTRATIONS_PER_ADDRESS, windowSeconds: 3600 });
  // A remote platform is not asked twice for one person; with the local record the insert below tells a repeat.
  if (context.platform.remote) {
    const repeat = await db
      .select({ id: eventRegistrations.id })
      .from(eventRegistrations)
      .where(and(eq(eventRegistrations.eventId, event.id), sql`lower(${eventRegistrations.email}) = lower(${email})`))
      .limit(1);
    if (repeat.length > 0) return 'already-registered';
  }

  const registrant = {
    email,
    firstName: request.first_name.trim(),
    lastName: request.last_name.trim(),
    phone,
    companyName: request.company_name.trim(),
    jobTitle: request.job_title?.trim() || null,
  };
  let joined: { registrantId: string | null; joinUrl: string | null };
  try {
    // Asked before our record is written: a refusal there stores nothing here.
    joined = await context.platform.register(
      { zoomId: event.zoomId ?? request.zoom_id, zoomUrl: event.zoomUrl },
      registrant,
    );
  } catch (error) {
    if (error instanceof RegistrationRefused) throw new DomainError('conflict', error.message);
    if (error instanceof PlatformUnavailable) throw unavailable(error.message);
    throw error;
  }

  const message = confirmationEmail(
    inviteEventOf(event, companyName),
    { ...registrant, joinUrl: joined.joinUrl },
    context.siteUrl,
    reminderNote(request.reminders, event.upcomingDate, now),
  );
  // The registration and its confirmation in one statement: both are stored, or neither.
  const insert = db
    .insert(eventRegistrations)
    .values({
      eventId: event.id,
      ...registrant,
      reminders: request.reminders,
      userId: context.userId ?? null,
      platformRegistrantId: joined.registrantId,
      joinUrl: joined.joinUrl,
    })
    .onConflictDoNothing()
    .returning({ id: eventRegistrations.id });
  const result = await db.execute(sql`
    with registered as (${insert.getSQL()}), confirmed as (${enqueueFrom('registered', message)} returning id)
    select (select count(*) from registered) as registered`);
  // Two submissions at once: the other one stored it and sends the confirmation.
  if (Number(rowsOf<{ registered: number | string }>(result)[0]?.registered ?? 0) === 0) return 'already-registered';
  messagesQueued(db);
  return 'registered';
}
