import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import {
  confirmationEmail,
  inviteIcs,
  reminderMessage,
  startsInWords,
} from '../../../../src/server/features/events/invite.ts';

const event = {
  id: 3,
  title: 'Acme Quarterly Update',
  startsAt: new Date('2026-12-01T01:30:00Z'),
  companyName: 'Acme Corp',
  companySymbol: 'ACME',
  agenda: null,
};
const registrant = {
  email: 'ada@example.com',
  phone: '+12125550100',
  firstName: 'https://evil.example/login',
  lastName: 'Lovelace',
  joinUrl: 'https://zoom.us/j/81234567890',
};

describe('webinar emails', () => {
  it('link only the join link and the site’s own pages, never text a registrant typed', () => {
    const mail = confirmationEmail(event, registrant, 'https://redcap.example', null);
    expect(mail.html).toContain('<a href="https://zoom.us/j/81234567890">');
    expect(mail.html).toContain('<a href="https://redcap.example/stocks/ACME">');
    expect(mail.html).not.toContain('href="https://evil.example');
    // The time in New York with the zone in force, though it is already December 1 in UTC.
    expect(mail.text).toContain('Mon, Nov 30, 2026, 8:30 PM EST');
  });

  it('say how soon the session starts, by the time actually left', () => {
    expect(startsInWords(24 * 3600_000 - 60_000)).toBe('in about 24 hours');
    expect(startsInWords(3600_000)).toBe('in one hour');
    expect(startsInWords(20 * 60_000)).toBe('in 20 minutes');
    const text = reminderMessage(event, registrant, 'sms', new Date(event.startsAt.getTime() - 3600_000));
    expect(text).toMatchObject({ channel: 'sms', recipient: '+12125550100' });
    expect(text.text).toContain('starts in one hour');
    expect(text.text).toContain('https://zoom.us/j/81234567890');
  });
});

describe('the calendar invite', () => {
  const readInvite = (ics: string) => {
    const calendar = new ICAL.Component(ICAL.parse(ics));
    return { calendar, vevent: calendar.getFirstSubcomponent('vevent')! };
  };

  it('keeps a name with quotes, semicolons, carets and line breaks inside the attendee’s name, adding nothing', () => {
    const firstName = 'Ada";RSVP=TRUE;X-INJECTED="yes';
    const lastName = 'Love^lace\r\nDTSTART:20000101T000000Z';
    const ics = inviteIcs(event, { ...registrant, firstName, lastName }, 'https://redcap.example');
    const { vevent } = readInvite(ics);
    const attendees = vevent.getAllProperties('attendee');
    expect(attendees).toHaveLength(1);
    const attendee = attendees[0]!;
    // Exactly the parameters we write, the name read back as typed (line breaks as one).
    expect(Object.keys(attendee.toJSON()[1] as object).sort()).toEqual(['cn', 'partstat', 'role', 'rsvp']);
    expect(attendee.getParameter('cn')).toBe(`${firstName} Love^lace\nDTSTART:20000101T000000Z`);
    expect(attendee.getParameter('rsvp')).toBe('FALSE');
    expect(String(attendee.getFirstValue())).toBe('mailto:ada@example.com');
    expect(vevent.getAllProperties().map((p) => p.name)).not.toContain('x-injected');
    expect(vevent.getAllProperties('dtstart')).toHaveLength(1);
    // No double quote is escaped with a backslash, which calendars do not read.
    expect(ics).not.toContain('\\"');
  });

  it('keeps a staff agenda’s text with its line breaks, whatever their kind, and writes no bare CR', () => {
    const agenda = 'Results; guidance, and questions.\rDTSTART:20000101T000000Z\r\nSecond line\nThird line \\ end';
    const ics = inviteIcs({ ...event, agenda }, registrant, 'https://redcap.example');
    // Every CR ends a line, as RFC 5545 wants.
    expect(ics.replace(/\r\n/g, '')).not.toContain('\r');
    const { vevent } = readInvite(ics);
    expect(vevent.getAllProperties('dtstart')).toHaveLength(1);
    const description = String(vevent.getFirstPropertyValue('description'));
    expect(description).toContain(
      'Results; guidance, and questions.\nDTSTART:20000101T000000Z\nSecond line\nThird line \\ end',
    );
    expect(description).not.toContain('\r');
  });

  it('writes a title with a bare CR as one summary line', () => {
    const ics = inviteIcs({ ...event, title: 'Acme\rMETHOD:CANCEL' }, registrant, 'https://redcap.example');
    const { calendar, vevent } = readInvite(ics);
    expect(calendar.getAllProperties('method').map((p) => p.getFirstValue())).toEqual(['REQUEST']);
    expect(vevent.getFirstPropertyValue('summary')).toBe('Acme\nMETHOD:CANCEL');
  });
});
