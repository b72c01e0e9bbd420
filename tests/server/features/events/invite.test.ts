import { describe, expect, it } from 'vitest';
import { confirmationEmail, reminderMessage, startsInWords } from '../../../../src/server/features/events/invite.ts';

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
