/**
 * What a registrant receives: the confirmation email with a calendar
 * invite (.ics), and the reminders 24 hours and 1 hour before the session,
 * by email or text message. Times are written in Eastern Time for people
 * and in UTC in the invite, which every calendar shows in its own zone.
 */
import { createEvent } from 'ics';
import { WEBINAR_MINUTES } from '../../../lib/event-registration.ts';
import { escapeHtml } from '../../../lib/markup.ts';
import { SITE } from '../../../lib/site.ts';
import { formatEventTime } from '../../../lib/time-format.ts';
import type { OutgoingMessage } from '../../platform/outbox/enqueue.ts';

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

/** Control characters no calendar line may hold (tab stays; line breaks are handled apart). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/**
 * A TEXT value as the `ics` writer should get it: every line break, a lone
 * CR included, as one newline, which the writer escapes as `\n` (it leaves a
 * lone CR raw, and a calendar may read it as the end of the line).
 */
const calendarText = (text: string) => text.replace(/\r\n?/g, '\n').replace(CONTROL_CHARACTERS, '');

/**
 * A parameter value in RFC 6868's encoding (`^^`, `^n`, `^'`), which the
 * writer then quotes. The writer's own escape of a double quote (`\"`) is
 * not iCalendar: a calendar ends the value at that quote and reads what
 * follows as parameters of the registrant's choosing.
 */
const calendarParameter = (text: string) =>
  calendarText(text).replace(/\^/g, '^^').replace(/\n/g, '^n').replace(/"/g, "^'");

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
    title: calendarText(event.title),
    description: calendarText(description),
    start: event.startsAt.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: WEBINAR_MINUTES },
    location: calendarText(registrant.joinUrl ?? 'Online'),
    ...(registrant.joinUrl ? { url: calendarText(registrant.joinUrl) } : {}),
    status: 'CONFIRMED',
    organizer: { name: SITE.name, email: `webinars@${host.includes('.') ? host : 'localhost.localdomain'}` },
    attendees: [
      {
        name: calendarParameter(`${registrant.firstName} ${registrant.lastName}`),
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

/**
 * Lines as HTML paragraphs with our own links clickable (the join link and
 * the site's pages): text a registrant typed is never turned into a link.
 */
const paragraphs = (lines: string[], links: (string | null)[]) =>
  lines
    .map((line) => {
      let html = escapeHtml(line);
      for (const link of links) {
        if (!link) continue;
        const shown = escapeHtml(link);
        html = html.split(shown).join(`<a href="${shown}">${shown}</a>`);
      }
      return `<p>${html}</p>`;
    })
    .join('');

const companyLine = (event: InviteEvent) =>
  event.companyName ? ` with ${event.companyName}${event.companySymbol ? ` (${event.companySymbol})` : ''}` : '';

/** The confirmation email, carrying the invite. */
export function confirmationEmail(
  event: InviteEvent,
  registrant: InviteRegistrant,
  siteUrl: string,
  reminderNote: string | null,
): OutgoingMessage {
  const when = formatEventTime(event.startsAt);
  const join = registrant.joinUrl ? `Join the webinar at ${registrant.joinUrl} when it starts.` : null;
  const research = event.companySymbol ? `${siteUrl}/stocks/${event.companySymbol}` : null;
  const lines = [
    `Hello ${registrant.firstName},`,
    `You are registered for "${event.title}"${companyLine(event)}.`,
    `When: ${when} (${WEBINAR_MINUTES} minutes). The attached invite adds it to your calendar.`,
    join,
    reminderNote,
    research ? `Research the company before the session: ${research}` : null,
    SITE.name,
  ].filter((line): line is string => line !== null);
  return {
    channel: 'email',
    recipient: registrant.email,
    subject: `You are registered: ${event.title}`,
    text: lines.join('\n\n'),
    html: paragraphs(lines, [registrant.joinUrl, research]),
    calendar: inviteIcs(event, registrant, siteUrl),
  };
}

export type ReminderLead = '24h' | '1h';
/** The reminders, longest lead first. */
export const REMINDER_LEADS: { lead: ReminderLead; ms: number; label: string }[] = [
  { lead: '24h', ms: 24 * 3600_000, label: '24 hours' },
  { lead: '1h', ms: 3600_000, label: '1 hour' },
];

/** How soon a session starts, as a reminder says it (a reminder sent late says the truth). */
export function startsInWords(msLeft: number): string {
  const minutes = Math.max(1, Math.round(msLeft / 60_000));
  if (minutes >= 90) return `in about ${Math.round(minutes / 60)} hours`;
  if (minutes >= 55) return 'in one hour';
  return `in ${minutes} minutes`;
}

/** A reminder by email or text message. */
export function reminderMessage(
  event: InviteEvent,
  registrant: InviteRegistrant,
  channel: 'email' | 'sms',
  now: Date,
): OutgoingMessage {
  const words = startsInWords(event.startsAt.getTime() - now.getTime());
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
    html: paragraphs(lines, [registrant.joinUrl]),
  };
}
