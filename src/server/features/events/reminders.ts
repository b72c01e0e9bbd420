/**
 * Reminders 24 hours and 1 hour before a webinar, by the channel each
 * registrant chose. The job looks for what is due at each run; a reminder
 * is recorded in the transaction that queues its message, so it goes out
 * once however often the job runs, restarts or runs on several instances.
 * A reminder whose moment passed while the server was down still goes if
 * the session has not started (and says how soon it starts); the 24-hour one
 * is skipped when under two hours remain, and nobody is reminded of a moment that came before they
 * registered (their confirmation said it all).
 */
import { and, eq, gt, inArray, lte, ne } from 'drizzle-orm';
import type { ReminderChoice } from '../../../lib/event-registration.ts';
import { transaction, type Db } from '../../platform/db/client.ts';
import { enqueue } from '../../platform/outbox/enqueue.ts';
import { companiesView } from '../companies/index.ts';
import { REMINDER_LEADS, reminderMessage, type ReminderLead } from './invite.ts';
import { inviteEventOf } from './registration.ts';
import { eventRegistrations, eventReminders, events } from './tables.ts';

/** How often the job looks for due reminders. */
export const REMINDER_INTERVAL_MS = 60_000;

/** Under this much time left the 24-hour reminder is no longer sent. */
const LATE_DAY_REMINDER_MS = 2 * 3600_000;

const CHANNELS: Record<ReminderChoice, ('email' | 'sms')[]> = {
  email: ['email'],
  sms: ['sms'],
  both: ['email', 'sms'],
  none: [],
};

/** Which lead is due for a session starting at `start`, if any (the nearest one wins). */
export function dueLead(start: Date, registeredAt: Date, now: Date): ReminderLead | null {
  const left = start.getTime() - now.getTime();
  if (left <= 0) return null;
  // REMINDER_LEADS runs from the longest lead to the shortest: the last one due is the nearest.
  let due: ReminderLead | null = null;
  for (const { lead, ms } of REMINDER_LEADS) {
    const moment = start.getTime() - ms;
    if (now.getTime() >= moment && registeredAt.getTime() < moment) due = lead;
    else if (now.getTime() >= moment) due = null;
  }
  // A day-before reminder more than a few hours late (the server was down) would nearly meet the hour-before one.
  if (due === '24h' && left < LATE_DAY_REMINDER_MS) return null;
  return due;
}

/** Queues every reminder due at `now`; answers how many were queued. */
export async function sendDueReminders(db: Db, now = new Date()): Promise<number> {
  const longest = Math.max(...REMINDER_LEADS.map((l) => l.ms));
  const candidates = await db
    .select({ registration: eventRegistrations, event: events, companyName: companiesView.name })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .leftJoin(companiesView, eq(companiesView.symbol, events.companySymbol))
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
  // What went out already is skipped without a transaction; the claim below still guards a race.
  const ids = candidates.map((c) => c.registration.id);
  const sentBefore = new Set(
    ids.length === 0
      ? []
      : (
          await db
            .select({ id: eventReminders.registrationId, lead: eventReminders.lead, channel: eventReminders.channel })
            .from(eventReminders)
            .where(inArray(eventReminders.registrationId, ids))
        ).map((r) => `${r.id}:${r.lead}:${r.channel}`),
  );
  let queued = 0;
  for (const { registration, event, companyName } of candidates) {
    const lead = dueLead(event.upcomingDate, registration.createdAt, now);
    if (!lead) continue;
    for (const channel of CHANNELS[registration.reminders]) {
      if (sentBefore.has(`${registration.id}:${lead}:${channel}`)) continue;
      const sent = await transaction(db, async (tx) => {
        const claimed = await tx
          .insert(eventReminders)
          .values({ registrationId: registration.id, lead, channel, sentAt: now })
          .onConflictDoNothing()
          .returning({ id: eventReminders.registrationId });
        if (claimed.length === 0) return false;
        // The join link as it is now: staff may have added one since the registration.
        const joinUrl = registration.joinUrl ?? event.zoomUrl;
        await enqueue(
          tx,
          reminderMessage(inviteEventOf(event, companyName), { ...registration, joinUrl }, channel, now),
        );
        return true;
      });
      if (sent) queued++;
    }
  }
  return queued;
}
