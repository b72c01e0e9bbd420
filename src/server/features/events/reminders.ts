/**
 * Reminders 24 hours and 1 hour before a webinar, by the channel each
 * registrant chose. The job looks for what is due at each run; a reminder
 * is recorded in the transaction that queues its message, so it goes out
 * once however often the job runs, restarts or runs on several instances.
 * A reminder whose moment passed while the server was down still goes if
 * the session has not started; the 24-hour one is skipped once the 1-hour
 * one is due, and nobody is reminded of a moment that came before they
 * registered (their confirmation said it all).
 */
import { and, eq, gt, lte, ne } from 'drizzle-orm';
import type { ReminderChoice } from '../../../lib/event-registration.ts';
import { transaction, type Db } from '../../platform/db/client.ts';
import { enqueue } from '../../platform/outbox/enqueue.ts';
import { companies } from '../companies/index.ts';
import { REMINDER_LEADS, reminderMessage, type ReminderLead } from './invite.ts';
import { inviteEventOf } from './registration.ts';
import { eventRegistrations, eventReminders, events } from './tables.ts';

/** How often the job looks for due reminders. */
export const REMINDER_INTERVAL_MS = 60_000;

const CHANNELS: Record<ReminderChoice, ('email' | 'sms')[]> = {
  email: ['email'],
  sms: ['sms'],
  both: ['email', 'sms'],
  none: [],
};

/** Which lead is due for a session starting at `start`, if any (the nearest one wins). */
export function dueLead(start: Date, registeredAt: Date, now: Date): ReminderLead | null {
  if (start.getTime() <= now.getTime()) return null;
  // REMINDER_LEADS runs from the longest lead to the shortest: the last one due is the nearest.
  let due: ReminderLead | null = null;
  for (const { lead, ms } of REMINDER_LEADS) {
    const moment = start.getTime() - ms;
    if (now.getTime() >= moment && registeredAt.getTime() < moment) due = lead;
    else if (now.getTime() >= moment) due = null;
  }
  return due;
}

/** Queues every reminder due at `now`; answers how many were queued. */
export async function sendDueReminders(db: Db, now = new Date()): Promise<number> {
  const longest = Math.max(...REMINDER_LEADS.map((l) => l.ms));
  const candidates = await db
    .select({ registration: eventRegistrations, event: events, companyName: companies.name })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .leftJoin(companies, eq(companies.symbol, events.companySymbol))
    .where(
      and(
        eq(events.isActive, true),
        eq(events.archived, false),
        gt(events.upcomingDate, now),
        lte(events.upcomingDate, new Date(now.getTime() + longest)),
        ne(eventRegistrations.reminders, 'none'),
      ),
    )
    .orderBy(events.upcomingDate, eventRegistrations.id);
  let queued = 0;
  for (const { registration, event, companyName } of candidates) {
    const lead = dueLead(event.upcomingDate, registration.createdAt, now);
    if (!lead) continue;
    for (const channel of CHANNELS[registration.reminders]) {
      const sent = await transaction(db, async (tx) => {
        const claimed = await tx
          .insert(eventReminders)
          .values({ registrationId: registration.id, lead, channel, sentAt: now })
          .onConflictDoNothing()
          .returning({ id: eventReminders.registrationId });
        if (claimed.length === 0) return false;
        await enqueue(tx, reminderMessage(inviteEventOf(event, companyName), registration, channel, lead));
        return true;
      });
      if (sent) queued++;
    }
  }
  return queued;
}
