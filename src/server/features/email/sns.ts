/**
 * Amazon SES tells us through Amazon SNS when a message we sent bounced or
 * its reader marked it as spam. Mailbox providers judge a sender by how often
 * it keeps writing to dead addresses and to people who complained, so these
 * reports feed the suppression list (as MailFeedback, the shape the SMTP
 * delivery status notifications are read into too).
 *
 * SNS posts to a public URL anyone can reach, so a body is believed only once
 * its signature is checked against Amazon's signing certificate: otherwise a
 * stranger could suppress any subscriber by posting a made-up bounce. The
 * certificate URL comes from the message itself, so it is vetted (an SNS
 * regional endpoint only) before anything is fetched, and what it serves must
 * be a certificate for `sns.amazonaws.com` issued by Amazon and in force. The
 * topic must be one of ours so a genuine message of somebody else's topic is
 * not taken for ours. An old message is refused too: a signed message captured
 * once must not be replayed. Whatever fails, the answer is a refusal (403),
 * never a server error.
 */
import { verify, X509Certificate, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import { DomainError } from '../../platform/errors.ts';
import { readBodyWithin } from '../../platform/source-client.ts';
import { referenceOfMessageId, type MailFeedback } from './feedback.ts';

/** The body is not a genuine SNS message for us: the message says why. The endpoint answers 403, no retry helps. */
export class SnsRejected extends DomainError {
  constructor(message: string) {
    super('forbidden', message);
    this.name = 'SnsRejected';
  }
}

export type SnsOutcome =
  | { type: 'subscribe'; topicArn: string; subscribeUrl: string }
  | { type: 'feedback'; topicArn: string; feedback: MailFeedback[] }
  | { type: 'ignored'; topicArn: string; reason: string };

export interface SnsOptions {
  /** Topic ARNs accepted; any other topic is refused (SnsRejected). */
  allowedTopics: readonly string[];
  /** Returns the PEM text (certificate) at a signing-certificate URL already checked to be an SNS one. */
  fetchCertificate: (url: string) => Promise<string>;
  /** The clock the message's age is judged by (tests set it). */
  now?: () => Date;
}

type SnsType = 'Notification' | 'SubscriptionConfirmation' | 'UnsubscribeConfirmation';

/** The fields AWS signs, in the order it signs them (its documented byte-for-byte recipe). */
const SIGNED_FIELDS: Record<SnsType, readonly string[]> = {
  Notification: ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type'],
  SubscriptionConfirmation: ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'],
  UnsubscribeConfirmation: ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'],
};

const ALGORITHMS: Record<string, string> = { '1': 'sha1', '2': 'sha256' };

/**
 * Amazon's SNS regional endpoints (`sns.us-east-1.amazonaws.com`, `sns.us-gov-west-1.amazonaws.com`,
 * `sns.cn-north-1.amazonaws.com.cn`): a region's name is its area, a direction and a number. Other hosts
 * under amazonaws.com (`sns.s3.amazonaws.com` is an S3 bucket's, which anyone can fill) and look-alikes
 * such as `sns.us-east-1.amazonaws.com.evil.com` fail.
 */
const SNS_HOST = /^sns\.(?:[a-z]{2}(?:-gov)?-[a-z]+-\d{1,2}\.amazonaws\.com|cn-[a-z]+-\d{1,2}\.amazonaws\.com\.cn)$/;
/** The name Amazon's SNS signing certificates are issued for. */
const SNS_CERTIFICATE_NAMES = ['sns.amazonaws.com', 'sns.amazonaws.com.cn'];

/** SNS retries for about an hour at most; anything older is a replay, not a late delivery. */
const MAX_AGE_MS = 60 * 60 * 1000;
/** Clocks drift a little; a message from further in the future was not made by SNS now. */
const MAX_SKEW_MS = 5 * 60 * 1000;

const DETAIL_LENGTH = 300;

export async function readSnsMessage(body: string, options: SnsOptions): Promise<SnsOutcome> {
  const message = parseEnvelope(body);
  const type = message.Type;
  if (!isSnsType(type)) throw new SnsRejected(`The message type ${JSON.stringify(type)} is not one SNS sends.`);
  const fields = Object.fromEntries(
    SIGNED_FIELDS[type].map((key) => [key, key === 'Subject' ? optionalText(message, key) : text(message, key)]),
  );
  const algorithm = ALGORITHMS[text(message, 'SignatureVersion')];
  if (!algorithm) throw new SnsRejected('The signature version is not 1 or 2.');
  const topicArn = text(message, 'TopicArn');
  if (!options.allowedTopics.includes(topicArn)) throw new SnsRejected('The topic is not one this site subscribed to.');
  const certificateUrl = checkedCertificateUrl(text(message, 'SigningCertURL'));
  const now = (options.now ?? (() => new Date()))();
  checkTimestamp(text(message, 'Timestamp'), now);
  const signature = Buffer.from(text(message, 'Signature'), 'base64');
  if (signature.length === 0) throw new SnsRejected('The signature is empty.');

  const key = signingKeyOf(await certificateAt(options, certificateUrl), now);
  const signed = SIGNED_FIELDS[type]
    .filter((name) => fields[name] !== undefined)
    .map((name) => `${name}\n${fields[name]}\n`)
    .join('');
  let genuine = false;
  try {
    genuine = verify(algorithm, Buffer.from(signed, 'utf8'), key, signature);
  } catch {
    // A key that cannot check this kind of signature has not signed it.
  }
  if (!genuine) throw new SnsRejected('The signature does not match the message.');

  switch (type) {
    case 'SubscriptionConfirmation':
      return { type: 'subscribe', topicArn, subscribeUrl: checkedSubscribeUrl(text(message, 'SubscribeURL')) };
    case 'UnsubscribeConfirmation':
      return { type: 'ignored', topicArn, reason: 'The subscription was cancelled; nothing to confirm.' };
    case 'Notification':
      return readSesNotification(text(message, 'Message'), topicArn);
  }
}

function parseEnvelope(body: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new SnsRejected('The body is not JSON.');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new SnsRejected('The body is not a JSON object.');
  return parsed as Record<string, unknown>;
}

const isSnsType = (type: unknown): type is SnsType => typeof type === 'string' && Object.hasOwn(SIGNED_FIELDS, type);

function text(message: Record<string, unknown>, key: string): string {
  const value = message[key];
  if (typeof value !== 'string' || value === '') throw new SnsRejected(`The message has no ${key}.`);
  return value;
}

/** The Subject is signed only when the message has one. */
function optionalText(message: Record<string, unknown>, key: string): string | undefined {
  const value = message[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new SnsRejected(`The message's ${key} is not text.`);
  return value;
}

/** An https URL on an SNS host, no credentials and no port: what `fetch` may be pointed at on a stranger's word. */
function snsUrl(raw: string, what: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new SnsRejected(`The ${what} is not a URL.`);
  }
  if (url.protocol !== 'https:') throw new SnsRejected(`The ${what} is not an https URL.`);
  if (url.username !== '' || url.password !== '' || url.port !== '')
    throw new SnsRejected(`The ${what} carries credentials or a port.`);
  if (!SNS_HOST.test(url.hostname)) throw new SnsRejected(`The ${what} is not on an Amazon SNS host.`);
  return url;
}

function checkedCertificateUrl(raw: string): string {
  const url = snsUrl(raw, 'signing certificate URL');
  if (!url.pathname.endsWith('.pem')) throw new SnsRejected('The signing certificate URL does not name a .pem file.');
  return url.href;
}

/** The caller visits this URL: it must be Amazon's even though the signature already vouches for it. */
function checkedSubscribeUrl(raw: string): string {
  return snsUrl(raw, 'subscribe URL').href;
}

function checkTimestamp(raw: string, now: Date): void {
  const at = Date.parse(raw);
  if (Number.isNaN(at)) throw new SnsRejected('The timestamp is not a date.');
  if (now.getTime() - at > MAX_AGE_MS) throw new SnsRejected('The message is more than an hour old.');
  if (at - now.getTime() > MAX_SKEW_MS) throw new SnsRejected('The message is dated in the future.');
}

/** The certificate's text; a fetch that fails, for whatever reason, refuses the message. */
async function certificateAt(options: SnsOptions, url: string): Promise<string> {
  try {
    return await options.fetchCertificate(url);
  } catch (error) {
    if (error instanceof SnsRejected) throw error;
    throw new SnsRejected('The signing certificate could not be fetched.');
  }
}

/**
 * The key of Amazon's SNS signing certificate: one issued for sns.amazonaws.com by Amazon, in force
 * now, holding an RSA key. (Its chain is not followed: SNS serves the certificate alone, and the host
 * it came from is already Amazon's own.)
 */
export function signingKeyOf(pem: string, now: Date): KeyObject {
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(pem);
  } catch {
    throw new SnsRejected('The signing certificate could not be read.');
  }
  if (!SNS_CERTIFICATE_NAMES.some((name) => certificate.checkHost(name) === name))
    throw new SnsRejected('The signing certificate is not issued for Amazon SNS.');
  if (!/^O=Amazon(?:\.com|\b)/m.test(certificate.issuer))
    throw new SnsRejected('The signing certificate is not issued by Amazon.');
  if (now < new Date(certificate.validFrom) || now > new Date(certificate.validTo))
    throw new SnsRejected('The signing certificate is not in force.');
  // SNS signs with RSA only; any other key is not Amazon's.
  if (certificate.publicKey.asymmetricKeyType !== 'rsa')
    throw new SnsRejected('The signing certificate does not hold an RSA key.');
  return certificate.publicKey;
}

// SES's notification, read leniently: only what the feedback needs, each part on its own, so one odd
// field (a header of another shape) does not cost the report.
const recipientSchema = z.object({
  emailAddress: z.string(),
  status: z.string().optional().catch(undefined),
  diagnosticCode: z.string().optional().catch(undefined),
});
const sesSchema = z.object({
  notificationType: z.string().optional().catch(undefined),
  eventType: z.string().optional().catch(undefined),
  bounce: z
    .object({
      bounceType: z.string(),
      bounceSubType: z.string().optional().catch(undefined),
      bouncedRecipients: z.array(z.unknown()),
    })
    .optional()
    .catch(undefined),
  complaint: z
    .object({
      complaintFeedbackType: z.string().optional().catch(undefined),
      complainedRecipients: z.array(z.unknown()),
    })
    .optional()
    .catch(undefined),
  mail: z
    .object({
      commonHeaders: z
        .object({ messageId: z.string().optional().catch(undefined) })
        .optional()
        .catch(undefined),
      headers: z.array(z.unknown()).optional().catch(undefined),
    })
    .optional()
    .catch(undefined),
});
const headerSchema = z.object({ name: z.string(), value: z.string() });

type SesNotification = z.infer<typeof sesSchema>;

function readSesNotification(body: string, topicArn: string): SnsOutcome {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { type: 'ignored', topicArn, reason: 'The notification is not an SES notification (not JSON).' };
  }
  const result = sesSchema.safeParse(parsed);
  if (!result.success) return { type: 'ignored', topicArn, reason: 'The notification is not an SES notification.' };
  const ses = result.data;
  const kind = ses.notificationType ?? ses.eventType;
  const reference = referenceOf(ses);
  let feedback: MailFeedback[];
  if (kind === 'Bounce' && ses.bounce) feedback = bounceFeedback(ses.bounce, reference);
  else if (kind === 'Complaint' && ses.complaint) feedback = complaintFeedback(ses.complaint, reference);
  else return { type: 'ignored', topicArn, reason: `SES ${kind ?? 'untyped'} notifications are not feedback.` };
  if (feedback.length === 0)
    return { type: 'ignored', topicArn, reason: `The ${kind} notification names no recipient.` };
  return { type: 'feedback', topicArn, feedback };
}

function bounceFeedback(bounce: NonNullable<SesNotification['bounce']>, reference: string | null): MailFeedback[] {
  const cause = bounce.bounceSubType ? `${bounce.bounceType}/${bounce.bounceSubType}` : bounce.bounceType;
  // Only a permanent bounce proves the address dead; an undetermined one may be a passing fault.
  const kind = bounce.bounceType === 'Permanent' ? 'hard' : 'soft';
  return bounce.bouncedRecipients.flatMap((entry) => {
    const recipient = recipientSchema.safeParse(entry);
    const email = recipient.success ? addressOf(recipient.data.emailAddress) : null;
    if (!recipient.success || !email) return [];
    const { status, diagnosticCode } = recipient.data;
    return [{ kind, email, detail: shorten([cause, status, diagnosticCode].filter(Boolean).join(' ')), reference }];
  });
}

function complaintFeedback(complaint: NonNullable<SesNotification['complaint']>, reference: string | null) {
  const detail = shorten(complaint.complaintFeedbackType || 'complaint');
  return complaint.complainedRecipients.flatMap((entry): MailFeedback[] => {
    const recipient = recipientSchema.safeParse(entry);
    const email = recipient.success ? addressOf(recipient.data.emailAddress) : null;
    return email ? [{ kind: 'complaint', email, detail, reference }] : [];
  });
}

/** SES keeps the Message-ID we wrote in the common headers, and in the raw headers when those were not parsed. */
function referenceOf(ses: SesNotification): string | null {
  const common = referenceOfMessageId(ses.mail?.commonHeaders?.messageId);
  if (common !== null) return common;
  for (const entry of ses.mail?.headers ?? []) {
    const header = headerSchema.safeParse(entry);
    if (header.success && header.data.name.toLowerCase() === 'message-id')
      return referenceOfMessageId(header.data.value);
  }
  return null;
}

/** A recipient may be written `Name <a@b>`: the suppression list keys on the bare address. */
function addressOf(written: string): string | null {
  const bracketed = /<([^<>]*)>\s*$/.exec(written);
  const email = (bracketed?.[1] ?? written).trim().toLowerCase();
  return email.includes('@') ? email : null;
}

/** Diagnostic codes run long and over lines; the suppression list shows one short line. */
function shorten(detail: string): string {
  const line = detail.replace(/\s+/g, ' ').trim();
  return line.length > DETAIL_LENGTH ? `${line.slice(0, DETAIL_LENGTH - 1)}…` : line;
}

const FETCH_TIMEOUT_MS = 5000;
const MAX_CERTIFICATE_BYTES = 64 * 1024;
/** SNS signs with a handful of certificates; a bound keeps odd URLs from growing the cache without end. */
const MAX_CACHED = 64;
/** How long a failed fetch is remembered: a stream of messages naming a bad URL costs one fetch a minute. */
export const CERTIFICATE_FAILURE_MEMORY_MS = 60_000;

/**
 * The production fetcher. A certificate at a URL never changes (Amazon publishes a new one under a new name), so
 * each is fetched once per process; the cache holds the promise so simultaneous messages share one request. A
 * failure is remembered for a minute, then tried again. Every failure is a refusal (SnsRejected).
 */
export function createCertificateFetcher(
  fetchImpl: typeof fetch = fetch,
  clock: () => number = Date.now,
): (url: string) => Promise<string> {
  const cache = new Map<string, { pending: Promise<string>; failedAt?: number }>();
  return (url) => {
    // Whoever calls this has vetted the host; plain http would let anyone on the way swap the key.
    if (!URL.canParse(url) || new URL(url).protocol !== 'https:')
      return Promise.reject(new SnsRejected('The signing certificate URL is not https.'));
    const cached = cache.get(url);
    if (cached && (cached.failedAt === undefined || clock() - cached.failedAt < CERTIFICATE_FAILURE_MEMORY_MS))
      return cached.pending;
    const entry: { pending: Promise<string>; failedAt?: number } = {
      pending: download(fetchImpl, url).catch((error: unknown) => {
        entry.failedAt = clock();
        throw error instanceof SnsRejected ? error : new SnsRejected('The signing certificate could not be fetched.');
      }),
    };
    if (cache.size >= MAX_CACHED) cache.clear();
    cache.set(url, entry);
    // Whoever asked hears the failure; the cache itself must not be reported as an unhandled rejection.
    entry.pending.catch(() => {});
    return entry.pending;
  };
}

async function download(fetchImpl: typeof fetch, url: string): Promise<string> {
  const response = await fetchImpl(url, { redirect: 'error', signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  if (!response.ok) {
    await response.body?.cancel();
    throw new SnsRejected(`The signing certificate could not be fetched (HTTP ${response.status}).`);
  }
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > MAX_CERTIFICATE_BYTES) {
    await response.body?.cancel();
    throw new SnsRejected('The signing certificate is too large.');
  }
  const body = await readBodyWithin(response, MAX_CERTIFICATE_BYTES);
  if (!body) throw new SnsRejected('The signing certificate is too large.');
  const pem = body.toString('utf8');
  if (!pem.includes('-----BEGIN ')) throw new SnsRejected('The signing certificate is not PEM text.');
  return pem;
}
