/**
 * What a registrant receives: the confirmation email with a calendar
 * invite (.ics), and the reminders 24 hours and 1 hour before the session,
 * by email or text message. Times are written in Eastern Time for people
 * and in UTC in the invite, which every calendar shows in its own zone.
 */
import { createEvent } from 'ics';
import { escapeHtml } from '../../../lib/markup.ts';
import { SITE } from '../../../lib/site.ts';
import { formatEventTime } from '../../../lib/time-format.ts';
import type { OutgoingMessage } from '../../platform/outbox/enqueue.ts';

/** Webinars are booked for an hour unless staff say otherwise. */
export const WEBINAR_MINUTES = 60;

export interface InviteEvent {
  id: number;
  title: string;
  startsAt: Date;
  companyName: string | null;
  companySymbol: string | null;
  agenda: string | null;
}

export interface InviteRegistrant {
  email: string;
  phone: string;
  firstName: string;
  lastName: string;
  joinUrl: string | null;
}

/** The iCalendar text of the invite: one event, in UTC, the registrant as attendee. */
export function inviteIcs(event: InviteEvent, registrant: InviteRegistrant, siteUrl: string): string {
  const host = new URL(siteUrl).hostname || 'localhost';
  const company = event.companyName
    ? `${event.companyName}${event.companySymbol ? ` (${event.companySymbol})` : ''}`
    : null;
  const description = [
    company ? `Webinar with ${company}.` : null,
    event.agenda,
    registrant.joinUrl ? `Join: ${registrant.joinUrl}` : null,
    event.companySymbol ? `Research: ${siteUrl}/stocks/${event.companySymbol}` : null,
  ]
    .filter(Boolean)
    .join('\n\n');
  const { error, value } = createEvent({
    // One uid per event: a second invite for the same webinar updates the calendar entry.
    uid: `event-${event.id}@${host}`,
    productId: `${SITE.name}//webinars`,
    method: 'REQUEST',
    title: event.title,
    description,
    start: event.startsAt.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: WEBINAR_MINUTES },
    location: registrant.joinUrl ?? 'Online',
    ...(registrant.joinUrl ? { url: registrant.joinUrl } : {}),
    status: 'CONFIRMED',
    organizer: { name: SITE.name, email: `webinars@${host.includes('.') ? host : 'localhost.localdomain'}` },
    attendees: [
      {
        name: `${registrant.firstName} ${registrant.lastName}`,
        email: registrant.email,
        rsvp: false,
        partstat: 'ACCEPTED',
        role: 'REQ-PARTICIPANT',
      },
    ],
  });
  if (error || !value) throw error ?? new Error('the invite could not be written');
  return value;
}

/** Lines as HTML paragraphs, their links clickable. */
const paragraphs = (lines: string[]) =>
  lines
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('')
    .replace(/(https?:\/\/[^\s<]+)/g, (url) => `<a href="${url}">${url}</a>`);

const companyLine = (event: InviteEvent) =>
  event.companyName ? ` with ${event.companyName}${event.companySymbol ? ` (${event.companySymbol})` : ''}` : '';

/** The confirmation email, carrying the invite. */
export function confirmationEmail(
  event: InviteEvent,
  registrant: InviteRegistrant,
  siteUrl: string,
  reminderNote: string,
): OutgoingMessage {
  const when = formatEventTime(event.startsAt);
  const join = registrant.joinUrl
    ? `Join the webinar at ${registrant.joinUrl} when it starts.`
    : 'The join link comes with your reminder.';
  const lines = [
    `Hello ${registrant.firstName},`,
    `You are registered for "${event.title}"${companyLine(event)}.`,
    `When: ${when} (${WEBINAR_MINUTES} minutes). The attached invite adds it to your calendar.`,
    join,
    reminderNote,
    event.companySymbol ? `Research the company before the session: ${siteUrl}/stocks/${event.companySymbol}` : null,
    SITE.name,
  ].filter((line): line is string => line !== null);
  return {
    channel: 'email',
    recipient: registrant.email,
    subject: `You are registered: ${event.title}`,
    text: lines.join('\n\n'),
    html: paragraphs(lines),
    calendar: inviteIcs(event, registrant, siteUrl),
  };
}

export type ReminderLead = '24h' | '1h';
export const REMINDER_LEADS: { lead: ReminderLead; ms: number; words: string }[] = [
  { lead: '24h', ms: 24 * 3600_000, words: 'tomorrow' },
  { lead: '1h', ms: 3600_000, words: 'in one hour' },
];

/** A reminder by email or text message. */
export function reminderMessage(
  event: InviteEvent,
  registrant: InviteRegistrant,
  channel: 'email' | 'sms',
  lead: ReminderLead,
): OutgoingMessage {
  const words = REMINDER_LEADS.find((l) => l.lead === lead)!.words;
  const when = formatEventTime(event.startsAt);
  const join = registrant.joinUrl ? ` Join: ${registrant.joinUrl}` : '';
  if (channel === 'sms') {
    return {
      channel,
      recipient: registrant.phone,
      subject: `Reminder: ${event.title}`,
      text: `${SITE.name}: "${event.title}" starts ${words}, ${when}.${join}`,
    };
  }
  const lines = [
    `Hello ${registrant.firstName},`,
    `"${event.title}"${companyLine(event)} starts ${words}: ${when}.`,
    registrant.joinUrl ? `Join at ${registrant.joinUrl}` : null,
    SITE.name,
  ].filter((line): line is string => line !== null);
  return {
    channel,
    recipient: registrant.email,
    subject: `Starts ${words}: ${event.title}`,
    text: lines.join('\n\n'),
    html: paragraphs(lines),
  };
}
