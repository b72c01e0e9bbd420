/**
 * Where outbox messages go. With SMTP or an SMS provider configured they are
 * sent for real; otherwise they are written to files in the outbox folder and
 * their codes printed on the console, so a local user can finish sign-up.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { createPrivateKey, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Delivery, Transport } from '../../../platform/outbox/transport.ts';
import { createSigner } from './dkim-signer.ts';
import { messageReferences, type MessageReferences } from './message-reference.ts';
import { writeMime, type DkimKey } from './mime.ts';
import { createSmtpPool, type SmtpConnectionOptions } from './smtp-pool.ts';

/** Signing of every email with the domain's key, so receivers can tell it is ours (RFC 6376). */
export interface DkimOptions {
  domainName: string;
  keySelector: string;
  /** PEM text, or the key read once (reading a PEM for every message costs as much as the signature). */
  privateKey: string | KeyObject;
}

export interface MailOptions {
  from: string;
  /** Envelope sender with the message's reference in it (`bounces+{reference}@domain`), so a bounce names the message. */
  returnPath?: string | null;
  dkim?: DkimOptions | null;
  /** Each message's reference, in its Message-ID and its return path (message-reference.ts). */
  references: MessageReferences;
}

/** A calendar invite goes as the mail clients' 'add to calendar' part, with the .ics attached. */
const calendarOf = (message: Delivery) =>
  message.calendar ? { filename: 'invite.ics', method: 'REQUEST', content: message.calendar } : undefined;

/** `bounces@domain` becomes `bounces+{reference}@domain`. */
export function verpAddress(returnPath: string, reference: string): string {
  const at = returnPath.lastIndexOf('@');
  return at < 1 ? returnPath : `${returnPath.slice(0, at)}+${reference}@${returnPath.slice(at + 1)}`;
}

/** The address of a From such as `RedCap <news@redcap.example>`. */
const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from.trim();

/** A key object for our own signer (a PEM is read once, here). */
const keyOf = (dkim: DkimOptions): DkimKey => ({
  domainName: dkim.domainName,
  keySelector: dkim.keySelector,
  signer: createSigner(typeof dkim.privateKey === 'string' ? createPrivateKey(dkim.privateKey) : dkim.privateKey),
});

/** The envelope: a VERP return path when one is configured, so a bounce names its message. */
const envelopeOf = (message: Delivery, options: MailOptions, reference: string) => ({
  from: options.returnPath ? verpAddress(options.returnPath, reference) : addressOf(options.from),
  to: message.to,
});

/** A stable id lets receiving servers drop a copy resent after a crash. */
const messageIdOf = (reference: string, host: string) => `<${reference}@${host}>`;

/** Bulk mail, written and signed by mime.ts: many times faster than the general composer. */
async function bulkMimeOf(message: Delivery, options: MailOptions, host: string, key: DkimKey | null) {
  const reference = await options.references.of(message.id);
  const raw = await writeMime(
    {
      from: options.from,
      to: message.to,
      subject: message.subject,
      messageId: messageIdOf(reference, host),
      date: new Date(),
      headers: message.headers ?? {},
      text: message.text,
      html: message.html ?? message.text,
    },
    key,
  );
  return { envelope: envelopeOf(message, options, reference), raw };
}

/** A transactional message as nodemailer composes it (calendar invites included), signed by nodemailer's DKIM. */
async function mailOf(message: Delivery, options: MailOptions, host: string): Promise<nodemailer.SendMailOptions> {
  const reference = await options.references.of(message.id);
  return {
    from: options.from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html ?? undefined,
    icalEvent: calendarOf(message),
    headers: message.headers,
    messageId: messageIdOf(reference, host),
    envelope: envelopeOf(message, options, reference),
    // Nodemailer's types say a PEM string; its signer takes a key object as well.
    ...(options.dkim && { dkim: options.dkim as DkimOptions & { privateKey: string } }),
  };
}

const pad = (id: number) => String(id).padStart(6, '0');
const CODE = /\b([2-9A-HJ-NP-Z]{6})\b/;

/** Writes `.eml` (email) or `.json` (SMS) files named by message id, so a retry overwrites, never duplicates. */
export function createFileTransport(
  dir: string,
  announce: (line: string) => void = () => {},
  options: MailOptions = {
    from: 'RedCap <no-reply@localhost>',
    // Files are read, never bounced: a key of the transport's own will do.
    references: messageReferences(async () => createSecretKey(randomBytes(32))),
  },
): Transport {
  const mailer = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  const key = options.dkim ? keyOf(options.dkim) : null;
  return {
    name: 'file',
    async send(message) {
      fs.mkdirSync(dir, { recursive: true });
      let file: string;
      if (message.channel === 'email') {
        // Bulk mail (a list's, with its List-Id) is written as it would go over SMTP; the rest as nodemailer composes it.
        const mail = message.headers?.['List-Id']
          ? await bulkMimeOf(message, options, 'localhost', key)
          : await mailOf(message, options, 'localhost');
        const info = await mailer.sendMail(mail);
        file = path.join(dir, `${pad(message.id)}-email.eml`);
        fs.writeFileSync(`${file}.tmp`, info.message as Buffer);
      } else if (message.channel === 'sms') {
        file = path.join(dir, `${pad(message.id)}-sms.json`);
        const body = { to: message.to, body: message.text, createdAt: message.createdAt.toISOString() };
        fs.writeFileSync(`${file}.tmp`, `${JSON.stringify(body, null, 2)}\n`);
      } else {
        throw new Error(`The file transport does not send ${message.channel} messages`);
      }
      fs.renameSync(`${file}.tmp`, file);
      const code = CODE.exec(message.text.split('\n').find((l) => /code/i.test(l)) ?? '')?.[1];
      announce(
        `${message.channel === 'email' ? 'Email' : 'Text message'} to ${message.to}: "${message.subject}"${
          code ? ` — code ${code}` : ''
        } (${path.relative(process.cwd(), file) || file})`,
      );
    },
  };
}

/**
 * An smtp(s):// address as connection options. Nodemailer reads an address
 * only when it is given alone (its pool and DKIM options would be dropped),
 * so it is read here, with its query's settings (`?ignoreTLS=true`,
 * `?tls.rejectUnauthorized=false`) as nodemailer would read them.
 */
function connectionOf(url: string): Record<string, unknown> & { host: string } {
  const address = new URL(url);
  const value = (v: string) => (v === 'true' ? true : v === 'false' ? false : /^\d+$/.test(v) ? Number(v) : v);
  const tls: Record<string, unknown> = {};
  const query: Record<string, unknown> = {};
  for (const [key, v] of address.searchParams) {
    if (key.startsWith('tls.')) tls[key.slice(4)] = value(v);
    else query[key] = value(v);
  }
  return {
    ...query,
    host: address.hostname,
    ...(address.port && { port: Number(address.port) }),
    secure: address.protocol === 'smtps:',
    ...(address.username && {
      auth: { user: decodeURIComponent(address.username), pass: decodeURIComponent(address.password) },
    }),
    ...(Object.keys(tls).length && { tls }),
  };
}

/**
 * A connection that sends each write at once. Without it (nodemailer leaves
 * Nagle's algorithm on) the end of every message waits for the server's
 * delayed acknowledgement, some 40 ms, which caps a pooled connection at
 * about 25 messages a second.
 */
function promptSocket(
  options: { host?: string; port?: number; secure?: boolean },
  callback: (error: Error | null, socket?: { connection: net.Socket }) => void,
) {
  const socket = net.connect({ host: options.host ?? 'localhost', port: options.port ?? (options.secure ? 465 : 587) });
  socket.setNoDelay(true);
  const failed = (error: Error) => callback(error);
  socket.once('error', failed);
  socket.once('connect', () => {
    socket.off('error', failed);
    callback(null, { connection: socket });
  });
}

/**
 * Sends transactional mail through an SMTP server, composed by nodemailer.
 * `pool` keeps that many connections open, so codes go out without a
 * handshake each. (Bulk mail has a transport of its own, below.)
 */
export function createSmtpTransport(url: string, options: MailOptions & { pool?: number }): Transport {
  const connection = connectionOf(url);
  const mailer = nodemailer.createTransport({
    ...connection,
    ...(options.pool && { pool: true, maxConnections: options.pool, maxMessages: Infinity }),
    getSocket: promptSocket,
  } as nodemailer.TransportOptions);
  const host = connection.host || 'localhost';
  return {
    name: options.pool ? 'smtp-pool' : 'smtp',
    async send(message) {
      await mailer.sendMail(await mailOf(message, options, host));
    },
    close: () => mailer.close(),
  };
}

/**
 * Sends bulk mail through an SMTP server over `pool` kept connections, with
 * the pipelining client of smtp-pool.ts: the bulk worker's messages all
 * arrive with their list headers and are written by mime.ts.
 */
export function createBulkSmtpTransport(url: string, options: MailOptions & { pool: number }): Transport {
  const connection = connectionOf(url);
  const host = connection.host || 'localhost';
  const flag = (name: string) => connection[name] === true;
  const pool = createSmtpPool(
    {
      host,
      port: connection.port as number | undefined,
      secure: connection.secure as boolean,
      auth: connection.auth as SmtpConnectionOptions['auth'],
      tls: connection.tls as SmtpConnectionOptions['tls'],
      ignoreTLS: flag('ignoreTLS'),
      requireTLS: flag('requireTLS'),
      name: typeof connection.name === 'string' ? connection.name : undefined,
    },
    options.pool,
  );
  const key = options.dkim ? keyOf(options.dkim) : null;
  return {
    name: 'smtp-bulk',
    async send(message) {
      const { envelope, raw } = await bulkMimeOf(message, options, host, key);
      await pool.send(envelope, raw);
    },
    close: () => {
      pool.close();
      key?.signer.close();
    },
  };
}

export interface SmsProviderOptions {
  /** Base URL of a Twilio-compatible REST API, e.g. https://api.twilio.com/2010-04-01 */
  baseUrl: string;
  accountSid: string;
  authToken: string;
  from: string;
  timeoutMs?: number;
}

/** Sends texts through a Twilio-compatible HTTP API (form-encoded POST with basic auth). */
export function createSmsHttpTransport(options: SmsProviderOptions): Transport {
  const endpoint = `${options.baseUrl.replace(/\/+$/, '')}/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const auth = Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64');
  return {
    name: 'sms-http',
    async send(message) {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { Authorization: `Basic ${auth}`, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ To: message.to, From: options.from, Body: message.text }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      if (!response.ok) {
        const detail = (await response.text()).slice(0, 200);
        throw new Error(`SMS provider answered ${response.status}: ${detail}`);
      }
    },
  };
}
