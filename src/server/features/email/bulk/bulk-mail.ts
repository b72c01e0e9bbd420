/**
 * What makes a message bulk mail that mailbox providers accept (RFC 8058,
 * RFC 2369, CAN-SPAM): the List-Unsubscribe header with an HTTPS link that
 * takes a one-click POST, a List-Id, and a footer that says why the reader
 * gets it, how to stop it, and the sender's postal address. Nothing tracks
 * the reader: no pixel, no rewritten links.
 */
import type { EmailList } from '../../../../lib/email-lists.ts';
import { escapeHtml } from '../../../../lib/markup.ts';
import { SITE } from '../../../../lib/site.ts';
import type { ListLinks } from '../list-links.ts';
import { oneClickHeaders, type Delivery } from '../../../platform/outbox/transport.ts';

const WHY: Record<EmailList, string> = {
  newsletter: `you subscribed to the ${SITE.name} weekly newsletter`,
  announcements: `you have a ${SITE.name} account and announcements by email are on`,
  alerts: `you asked for news alerts about a company`,
};

export interface BulkFooter {
  list: EmailList;
  links: ListLinks;
  /** The sender's postal address; the footer omits the line until it is configured. */
  postalAddress: string | null;
  /** The host of the site, for the List-Id. */
  siteHost: string;
}

export function bulkHeaders(footer: BulkFooter): Record<string, string> {
  return {
    ...oneClickHeaders(footer.links.unsubscribe),
    'List-Id': `${SITE.name} ${footer.list} <${footer.list}.${footer.siteHost}>`,
  };
}

/** The footer's link for people: the preference centre, asking whether to unsubscribe. */
const unsubscribePage = (links: ListLinks) => `${links.preferences}&unsubscribe=1`;

export function footerText(footer: BulkFooter): string {
  return [
    '',
    '--',
    `You get this email because ${WHY[footer.list]}.`,
    `Unsubscribe: ${unsubscribePage(footer.links)}`,
    `Email preferences: ${footer.links.preferences}`,
    footer.postalAddress ? `${SITE.name}, ${footer.postalAddress}` : SITE.name,
  ].join('\n');
}

export function footerHtml(footer: BulkFooter): string {
  const link = (href: string, label: string) =>
    `<a href="${escapeHtml(href)}" style="color:inherit;text-decoration:underline">${label}</a>`;
  return (
    `<div class="bulk-footer" style="margin-top:32px;padding-top:16px;border-top:1px solid #d0d5dd;font-size:12px;line-height:1.5;color:#5b6472">` +
    `<p style="margin:0 0 8px">You get this email because ${escapeHtml(WHY[footer.list])}.</p>` +
    `<p style="margin:0 0 8px">${link(unsubscribePage(footer.links), 'Unsubscribe')} · ${link(footer.links.preferences, 'Email preferences')}</p>` +
    `<p style="margin:0">${escapeHtml(footer.postalAddress ? `${SITE.name}, ${footer.postalAddress}` : SITE.name)}</p>` +
    `</div>`
  );
}

/** A message made bulk: headers set, the footer added to both its parts. */
export function asBulk(message: Delivery, footer: BulkFooter): Delivery {
  const html = message.html ?? `<p>${escapeHtml(message.text).replaceAll('\n', '<br>')}</p>`;
  const closing = html.lastIndexOf('</body>');
  return {
    ...message,
    headers: { ...message.headers, ...bulkHeaders(footer) },
    text: `${message.text.trimEnd()}\n${footerText(footer)}\n`,
    html:
      closing >= 0 ? `${html.slice(0, closing)}${footerHtml(footer)}${html.slice(closing)}` : html + footerHtml(footer),
  };
}
