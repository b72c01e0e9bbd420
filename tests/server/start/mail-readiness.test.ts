/** The warnings a start gives when it sends real email without what production mail needs. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/platform/config.ts';
import { mailWarnings } from '../../../src/server/start/mail-readiness.ts';

const ready = {
  SMTP_URL: 'smtp://mail.example.com:587',
  SITE_URL: 'https://www.example.com',
  MAIL_DKIM_DOMAIN: 'example.com',
  MAIL_DKIM_SELECTOR: 'mail2026',
  MAIL_DKIM_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nMIIB\\n-----END PRIVATE KEY-----',
  MAIL_POSTAL_ADDRESS: '100 Harbor Street, Boston, MA 02110',
};
const warningsWith = (env: Record<string, string | undefined>) => mailWarnings(loadConfig({ ...ready, ...env }));

describe('the start’s mail warnings', () => {
  it('say nothing when mail is written to files (no SMTP_URL), whatever else is missing', () => {
    expect(mailWarnings(loadConfig({}))).toEqual([]);
  });

  it('say nothing when SMTP has an https SITE_URL, a DKIM key and a postal address', () => {
    expect(warningsWith({})).toEqual([]);
  });

  it('warn in one line that email links are not https when SITE_URL is unset, naming the address they use', () => {
    const warnings = warningsWith({ SITE_URL: undefined, PORT: '4400' });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^SITE_URL is http:\/\/localhost:4400, not https: .*one-click unsubscribe/);
    expect(warnings[0]).not.toContain('\n');
  });

  it('warn that email links are not https when SITE_URL is a plain http address', () => {
    expect(warningsWith({ SITE_URL: 'http://www.example.com' })).toEqual([
      expect.stringMatching(/^SITE_URL is http:\/\/www\.example\.com, not https/),
    ]);
  });

  it('warn once each about a missing DKIM key and a missing postal address', () => {
    const warnings = warningsWith({
      MAIL_DKIM_DOMAIN: undefined,
      MAIL_DKIM_SELECTOR: undefined,
      MAIL_DKIM_PRIVATE_KEY: undefined,
      MAIL_POSTAL_ADDRESS: undefined,
    });
    expect(warnings).toEqual([
      expect.stringMatching(/^MAIL_DKIM_DOMAIN, MAIL_DKIM_SELECTOR and MAIL_DKIM_PRIVATE_KEY .* are not set: /),
      expect.stringMatching(/^MAIL_POSTAL_ADDRESS is not set: /),
    ]);
  });
});
