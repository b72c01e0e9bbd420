/**
 * The words of an alert on each channel (docs/product.md §15.8): an email
 * with the alert, its link, a stop link and the way to the settings; a text
 * message of at most 160 characters; a push's notification.
 */
import { ALERT_SETTINGS_PATH } from '../../../../lib/alerts.ts';
import { escapeHtml } from '../../../../lib/markup.ts';
import { SITE } from '../../../../lib/site.ts';

/** An alert as the channels word it. */
export interface AlertForMessage {
  id: number;
  kind: string;
  symbol: string | null;
  title: string;
  body: string;
  link: string;
}

/** An alert's link as an address: a path on the site, or an address elsewhere (a filing on sec.gov). */
export const absoluteLink = (siteUrl: string, link: string) => (/^https?:\/\//.test(link) ? link : `${siteUrl}${link}`);

const paragraph = (text: string) => `<p style="margin:0 0 12px">${escapeHtml(text)}</p>`;
const anchor = (href: string, label: string) => `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;

/** The foot of every alert email: why it came, how to stop it, where the settings are, who sent it. */
function foot(siteUrl: string, why: string, stop: { label: string; url: string }, postalAddress: string | null) {
  const settings = `${siteUrl}${ALERT_SETTINGS_PATH}`;
  const sender = postalAddress ? `${SITE.name}, ${postalAddress}` : SITE.name;
  return {
    text: ['--', why, `${stop.label}: ${stop.url}`, `Change your alerts: ${settings}`, sender].join('\n'),
    html:
      `<div style="margin-top:32px;padding-top:16px;border-top:1px solid #d0d5dd;font-size:12px;line-height:1.5;color:#5b6472">` +
      `<p style="margin:0 0 8px">${escapeHtml(why)}</p>` +
      `<p style="margin:0 0 8px">${anchor(stop.url, stop.label)} · ${anchor(settings, 'Change your alerts')}</p>` +
      `<p style="margin:0">${escapeHtml(sender)}</p></div>`,
  };
}

export interface EmailParts {
  subject: string;
  text: string;
  html: string;
}

/** One alert by email; `stopPage` is the stop page for this alert's kind and company (or screen). */
export function alertEmail(
  alert: AlertForMessage,
  options: { siteUrl: string; stopPage: string; postalAddress: string | null },
): EmailParts {
  const url = absoluteLink(options.siteUrl, alert.link);
  const why =
    alert.kind === 'screen-entry'
      ? `You get this email because alerts are on for one of your saved screens on ${SITE.name}.`
      : `You get this email because you follow ${alert.symbol ?? 'this company'} on ${SITE.name} with alert emails on.`;
  const end = foot(options.siteUrl, why, { label: 'Stop these alerts', url: options.stopPage }, options.postalAddress);
  const body = alert.body.trim();
  return {
    subject: alert.title,
    text: [alert.title, '', ...(body ? [body, ''] : []), url, '', end.text, ''].join('\n'),
    html:
      `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1d2433">` +
      `<h1 style="font-size:18px;margin:0 0 12px">${escapeHtml(alert.title)}</h1>` +
      (body ? paragraph(body) : '') +
      `<p style="margin:0 0 12px">${anchor(url, 'Open')}</p>` +
      end.html +
      `</body></html>`,
  };
}

/** At most 160 characters: `RedCap: {title} {link}`, the title shortened when it must be. */
export function alertText(alert: AlertForMessage, siteUrl: string): string {
  const MAX = 160;
  let url = absoluteLink(siteUrl, alert.link);
  const prefix = `${SITE.name}: `;
  // A link too long to leave room for words: the company's page (or the site) instead.
  if (prefix.length + url.length + 12 > MAX) url = alert.symbol ? `${siteUrl}/stocks/${alert.symbol}` : siteUrl;
  const room = MAX - prefix.length - 1 - url.length;
  const title = alert.title.length <= room ? alert.title : `${alert.title.slice(0, Math.max(0, room - 1)).trimEnd()}…`;
  return `${prefix}${title} ${url}`.slice(0, MAX);
}

/** A push's payload, as the service worker shows it (title, body, the address it opens, its tag). */
export function alertPush(alert: AlertForMessage): string {
  const body = alert.body.length > 240 ? `${alert.body.slice(0, 239).trimEnd()}…` : alert.body;
  return JSON.stringify({ title: alert.title, body, url: alert.link, tag: `alert-${alert.id}` });
}

export interface DigestItem {
  title: string;
  link: string;
}

/** The daily digest: the alerts since the last one (the first `items`, of `total`). */
export function digestEmail(
  items: DigestItem[],
  total: number,
  options: { siteUrl: string; dayLabel: string; stopPage: string; postalAddress: string | null },
): EmailParts {
  const more = total - items.length;
  const why = `You get this email because you chose a daily email of your ${SITE.name} alerts.`;
  const end = foot(options.siteUrl, why, { label: 'Stop alert emails', url: options.stopPage }, options.postalAddress);
  const heading = `${total} new ${total === 1 ? 'alert' : 'alerts'} since your last digest`;
  const lines = items.map((item) => `- ${item.title}\n  ${absoluteLink(options.siteUrl, item.link)}`);
  const moreLine = more > 0 ? `…and ${more} more under the bell on ${options.siteUrl}` : null;
  return {
    subject: `Your ${SITE.name} alerts for ${options.dayLabel}`,
    text: [heading, '', ...lines, ...(moreLine ? ['', moreLine] : []), '', end.text, ''].join('\n'),
    html:
      `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1d2433">` +
      `<h1 style="font-size:18px;margin:0 0 12px">${escapeHtml(heading)}</h1><ul style="padding-left:20px">` +
      items
        .map(
          (item) => `<li style="margin:0 0 8px">${anchor(absoluteLink(options.siteUrl, item.link), item.title)}</li>`,
        )
        .join('') +
      `</ul>` +
      (moreLine ? paragraph(moreLine) : '') +
      end.html +
      `</body></html>`,
  };
}
