/**
 * Delivery status notifications (RFC 3464, and its internationalized form RFC 6533): the reports a
 * receiving mail server sends back to our return path when a message could not be delivered, or is
 * late. They are the only word we get about most bounces outside SES, so they are read into the same
 * MailFeedback the SES webhook gives, and the address can be suppressed before we mail it again.
 *
 * A report is a `multipart/report; report-type=delivery-status` whose machine-readable part holds a
 * group of per-message fields and then one group per recipient (Final-Recipient, Action, Status,
 * Diagnostic-Code, ...), written like mail headers. The human-readable text is ignored: its wording
 * differs with every server, while the fields are standard. Anything that is not such a report (an
 * autoresponder, spam sent to the return path) reads as nothing.
 */
import type { FeedbackKind, MailFeedback } from './feedback.ts';
import { referenceOfMessageId, referenceOfReturnPath } from './feedback.ts';

/** The parts holding the report's fields: RFC 3464's, and RFC 6533's for UTF-8 addresses. */
const STATUS_TYPES = new Set(['message/delivery-status', 'message/global-delivery-status']);
/** The parts a report returns our message in, whole or its header alone. */
const RETURNED_TYPES = new Set(['text/rfc822-headers', 'message/rfc822', 'message/global', 'message/global-headers']);
/** The suppression list shows the reason on one line; a server's essay on its policies is cut. */
const DETAIL_MAX = 300;

/** Reads one received message; [] when it is not a delivery status notification or reports only delays/deliveries that need nothing. */
export async function readDeliveryStatus(
  raw: Buffer | string,
  envelopeRecipients?: readonly string[],
): Promise<MailFeedback[]> {
  // mailparser loads with the first report received, not with every start of the server.
  const { simpleParser } = await import('mailparser');
  const mail = await simpleParser(raw, {
    // By default mailparser folds the delivery-status part into the message's text, where its fields
    // can no longer be told from the prose; kept, it is an attachment like the returned headers.
    keepDeliveryStatus: true,
    // The returned message stays one attachment: parsed, its own parts would mix with the report's,
    // and its headers (the Message-ID we want) would only survive as text.
    ignoreEmbedded: true,
    skipHtmlToText: true,
    skipTextToHtml: true,
    skipImageLinks: true,
    checksumAlgo: false,
  });
  const report = mail.attachments.find((part) => STATUS_TYPES.has(part.contentType));
  if (!report) return [];

  const recipients = fieldGroups(report.content.toString('utf8')).filter(
    (group) => group.has('final-recipient') || group.has('original-recipient'),
  );
  const reference = referenceOfEnvelope(envelopeRecipients) ?? referenceOfReturned(mail.attachments);
  const feedback: MailFeedback[] = [];
  for (const group of recipients) {
    const item = feedbackOf(group, reference);
    if (item) feedback.push(item);
  }
  return feedback;
}

/** One recipient's fields as feedback, or null when the action needs nothing (or names no address). */
function feedbackOf(group: ReadonlyMap<string, string>, reference: string | null): MailFeedback | null {
  const email = addressOf(group.get('final-recipient')) ?? addressOf(group.get('original-recipient'));
  if (!email) return null;
  const action = withoutComments(group.get('action') ?? '').toLowerCase();
  const rawStatus = withoutComments(group.get('status') ?? '');
  const diagnostic = withoutType(group.get('diagnostic-code') ?? '');
  // Status is required, but a server that leaves it out usually still quotes the SMTP reply.
  const status = enhancedCode(rawStatus) ?? enhancedCode(diagnostic);
  const statusClass = status?.[0] ?? /^([245])\d\d(?:[\s-]|$)/.exec(diagnostic)?.[1] ?? null;

  // Only a failure counts. A delay means the sending server is still trying and may yet deliver;
  // delivered, relayed and expanded mean the message got through (or out of reach of reports); and
  // an action we do not know is no reason to hold back anyone's mail.
  if (action !== 'failed') return null;
  // A server that gave up after retrying a temporary failure (4.4.7, queue expired) says "failed"
  // too; the mailbox may work tomorrow. Without a 4.x.x, "failed" means abandoned for good.
  const kind: FeedbackKind = statusClass === '4' ? 'soft' : 'hard';
  const detail = clean(`${status ?? rawStatus} ${diagnostic}`) || action;
  return { kind, email, detail, reference };
}

/**
 * The report's field groups, blank-line separated, each a map from the lower-cased field name to its
 * unfolded value. The first occurrence of a name wins: a repeated field is malformed, and the first
 * one is what most readers take.
 */
function fieldGroups(text: string): Map<string, string>[] {
  const groups: Map<string, string>[] = [];
  let current: Map<string, string> | null = null;
  let last: string | null = null;
  for (const line of text.split(/\r\n|\r|\n/)) {
    if (line.trim() === '') {
      if (current) groups.push(current);
      current = null;
      last = null;
    } else if (/^[ \t]/.test(line)) {
      // A folded line continues the field before it (Diagnostic-Code is often long).
      if (current && last !== null) current.set(last, `${current.get(last) ?? ''} ${line.trim()}`);
    } else {
      const field = /^([!-9;-~]+)[ \t]*:(.*)$/.exec(line);
      if (!field) {
        last = null;
        continue;
      }
      const name = field[1]!.toLowerCase();
      current ??= new Map();
      if (current.has(name)) {
        last = null;
      } else {
        current.set(name, field[2]!.trim());
        last = name;
      }
    }
  }
  if (current) groups.push(current);
  return groups;
}

/**
 * The address of a recipient field, `address-type; address`, lower-cased; null when it is not a mail
 * address (an X.400 one, say). A bare address, as some servers write it, is taken as rfc822.
 */
function addressOf(value: string | undefined): string | null {
  if (!value) return null;
  const semicolon = value.indexOf(';');
  const type = semicolon >= 0 ? value.slice(0, semicolon).trim().toLowerCase() : 'rfc822';
  if (type !== 'rfc822' && type !== 'utf-8') return null;
  let address = withoutComments(semicolon >= 0 ? value.slice(semicolon + 1) : value);
  // RFC 6533 writes the non-ASCII characters of a utf-8 address as \x{HEX}.
  if (type === 'utf-8') address = address.replace(/\\x\{([0-9a-fA-F]{1,6})\}/g, codePointOf);
  address = address.replace(/^<(.*)>$/, '$1').trim();
  return /^[^\s@<>]+@[^\s@<>]+$/.test(address) ? address.toLowerCase() : null;
}

function codePointOf(escape: string, hex: string): string {
  const code = Number.parseInt(hex, 16);
  return code <= 0x10ffff ? String.fromCodePoint(code) : escape;
}

/** The reference in our VERP return path, when the report came to one. */
function referenceOfEnvelope(recipients: readonly string[] | undefined): string | null {
  for (const recipient of recipients ?? []) {
    const reference = referenceOfReturnPath(recipient);
    if (reference !== null) return reference;
  }
  return null;
}

/** The reference in the Message-ID of the message the report returns (its header block). */
function referenceOfReturned(parts: readonly { contentType: string; content: Buffer }[]): string | null {
  for (const part of parts) {
    if (!RETURNED_TYPES.has(part.contentType)) continue;
    // The header block ends at the first blank line; a Message-ID further down is the body's.
    const [headers] = fieldGroups(part.content.toString('utf8'));
    const reference = referenceOfMessageId(headers?.get('message-id'));
    if (reference !== null) return reference;
  }
  return null;
}

/** An enhanced status code (RFC 3463) such as 5.1.1 in the text, or null. */
function enhancedCode(text: string): string | null {
  return /(?:^|[^\d.])([245]\.\d{1,3}\.\d{1,3})(?![\d.]*\d)/.exec(text)?.[1] ?? null;
}

/** A value without its trailing RFC 5322 comment: `5.1.1 (bad mailbox)` is 5.1.1. */
function withoutComments(value: string): string {
  return value.replace(/\s*\([^()]*\)\s*$/, '').trim();
}

/** A diagnostic without its type: `smtp; 550 ...` is the SMTP reply itself. */
function withoutType(value: string): string {
  return value.replace(/^[A-Za-z0-9-]+[ \t]*;/, '').trim();
}

// eslint-disable-next-line no-control-regex -- control characters are what it is for
const CONTROL_OR_SPACE = /[\s\u0000-\u001f\u007f]+/g;

/**
 * One line of at most DETAIL_MAX characters: the text comes from a stranger's server and ends up in
 * the staff's list, so control characters go, and a cut never leaves half a surrogate pair.
 */
function clean(text: string): string {
  const line = text.replace(CONTROL_OR_SPACE, ' ').trim();
  if (line.length <= DETAIL_MAX) return line;
  const cut = line.slice(0, DETAIL_MAX);
  return /[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut;
}
