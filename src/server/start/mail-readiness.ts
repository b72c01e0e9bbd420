/**
 * What a server that sends real email (SMTP_URL set) still lacks for
 * production: https links (one-click unsubscribe must be https, RFC 8058),
 * a DKIM signature, and the postal address bulk email's footer must carry
 * (CAN-SPAM). Each gap is one warning at the start; without SMTP, messages
 * are written to files and none of this matters.
 */
import type { Config } from '../platform/config.ts';

export function mailWarnings(config: Config): string[] {
  const { mail, siteUrl } = config;
  if (!mail.smtpUrl) return [];
  const warnings: string[] = [];
  if (new URL(siteUrl).protocol !== 'https:')
    warnings.push(
      `SITE_URL is ${siteUrl}, not https: every link in email, one-click unsubscribe included, points there; ` +
        `set SITE_URL to the site's public https address`,
    );
  if (!mail.dkim)
    warnings.push(
      'MAIL_DKIM_DOMAIN, MAIL_DKIM_SELECTOR and MAIL_DKIM_PRIVATE_KEY (or MAIL_DKIM_PRIVATE_KEY_FILE) are not set: ' +
        'email goes unsigned, and mailbox providers reject or file unsigned bulk email as spam',
    );
  if (!mail.postalAddress)
    warnings.push(
      'MAIL_POSTAL_ADDRESS is not set: bulk email footers carry no postal address, which CAN-SPAM requires',
    );
  return warnings;
}
