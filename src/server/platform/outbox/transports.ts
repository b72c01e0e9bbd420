/**
 * Where outbox messages go. With SMTP or an SMS provider configured they are
 * sent for real; otherwise they are written to files in the outbox folder and
 * their codes printed on the console, so a local user can finish sign-up.
 */
import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { outboxMessages } from '../tables.ts';

export type OutboxRow = typeof outboxMessages.$inferSelect;

export interface Transport {
  readonly name: string;
  send(message: OutboxRow): Promise<void>;
}

/** A calendar invite goes as the mail clients' 'add to calendar' part, with the .ics attached. */
const calendarOf = (message: OutboxRow) =>
  message.calendar ? { filename: 'invite.ics', method: 'REQUEST', content: message.calendar } : undefined;

const pad = (id: number) => String(id).padStart(6, '0');
const CODE = /\b([2-9A-HJ-NP-Z]{6})\b/;

/** Writes `.eml` (email) or `.json` (SMS) files named by message id, so a retry overwrites, never duplicates. */
export function createFileTransport(dir: string, announce: (line: string) => void = () => {}): Transport {
  const mailer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    name: 'file',
    async send(message) {
      fs.mkdirSync(dir, { recursive: true });
      let file: string;
      if (message.channel === 'email') {
        const info = await mailer.sendMail({
          from: 'RedCap <no-reply@localhost>',
          to: message.recipient,
          subject: message.subject,
          text: message.text,
          html: message.html ?? undefined,
          icalEvent: calendarOf(message),
          messageId: `<outbox-${message.id}@localhost>`,
        });
        file = path.join(dir, `${pad(message.id)}-email.eml`);
        fs.writeFileSync(`${file}.tmp`, info.message as Buffer);
      } else {
        file = path.join(dir, `${pad(message.id)}-sms.json`);
        const body = { to: message.recipient, body: message.text, createdAt: message.createdAt.toISOString() };
        fs.writeFileSync(`${file}.tmp`, `${JSON.stringify(body, null, 2)}\n`);
      }
      fs.renameSync(`${file}.tmp`, file);
      const code = CODE.exec(message.text.split('\n').find((l) => /code/i.test(l)) ?? '')?.[1];
      announce(
        `${message.channel === 'email' ? 'Email' : 'Text message'} to ${message.recipient}: "${message.subject}"${
          code ? ` — code ${code}` : ''
        } (${path.relative(process.cwd(), file) || file})`,
      );
    },
  };
}

export function createSmtpTransport(url: string, from: string): Transport {
  const mailer = nodemailer.createTransport(url);
  const host = (() => {
    try {
      return new URL(url).hostname || 'localhost';
    } catch {
      return 'localhost';
    }
  })();
  return {
    name: 'smtp',
    async send(message) {
      await mailer.sendMail({
        from,
        to: message.recipient,
        subject: message.subject,
        text: message.text,
        html: message.html ?? undefined,
        icalEvent: calendarOf(message),
        // A stable id lets receiving servers drop a copy resent after a crash.
        messageId: `<outbox-${message.id}@${host}>`,
      });
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
        body: new URLSearchParams({ To: message.recipient, From: options.from, Body: message.text }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      if (!response.ok) {
        const detail = (await response.text()).slice(0, 200);
        throw new Error(`SMS provider answered ${response.status}: ${detail}`);
      }
    },
  };
}
