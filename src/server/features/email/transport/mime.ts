/**
 * Bulk mail written and signed here rather than by nodemailer's composer:
 * a newsletter is the same two parts for 100,000 readers, which a general
 * composer (streams, encoders, a signer that reads the key again for every
 * message) would build anew for each of them (docs/benchmarks.md has the
 * figures, and bench:dkim compares this signing with mailauth's). The message is plain
 * multipart/alternative, both parts in UTF-8 and base64, and the DKIM
 * signature (RFC 6376, relaxed/relaxed, rsa-sha256) covers its headers and
 * body; an independent verifier checks it in the tests.
 */
import { createHash } from 'node:crypto';
import type { Signer } from './dkim-signer.ts';

export interface MimeMessage {
  from: string;
  to: string;
  subject: string;
  messageId: string;
  date: Date;
  headers: Record<string, string>;
  text: string;
  html: string;
}

export interface DkimKey {
  domainName: string;
  keySelector: string;
  signer: Signer;
}

/** A header value outside ASCII, as an encoded word (RFC 2047). */
const headerText = (value: string) =>
  /^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`;

/** An address with a display name outside ASCII gets its name encoded; the address itself stays as it is. */
function addressText(value: string): string {
  const named = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(value);
  if (!named) return value;
  return `${headerText(named[1]!)} <${named[2]}>`;
}

/** Base64 in lines of 76 characters (RFC 2045). */
function base64Lines(text: string): string {
  const encoded = Buffer.from(text, 'utf8').toString('base64');
  const lines: string[] = [];
  for (let at = 0; at < encoded.length; at += 76) lines.push(encoded.slice(at, at + 76));
  return lines.join('\r\n');
}

/**
 * Part boundaries: `=_` never occurs in base64, so a boundary only needs to
 * differ from other messages' (a message inside another keeps its own).
 */
let boundaries = 0;
const nextBoundary = () => `=_rc_${process.pid.toString(36)}_${Date.now().toString(36)}_${(boundaries++).toString(36)}`;

/** Relaxed header canonicalization: lower-case name, whitespace runs as one space, no trailing space. */
const relaxedHeader = (name: string, value: string) =>
  `${name.toLowerCase()}:${value
    .replace(/\r\n/g, '')
    .replace(/[ \t]+/g, ' ')
    .trim()}`;

async function dkimHeader(head: [string, string][], body: string, key: DkimKey, now: Date): Promise<string> {
  // The body written below is already in relaxed canonical form (RFC 6376
  // §3.4.4): base64 and header lines hold no runs of spaces and none at
  // their ends, and it ends with one line break. Its hash is the body hash.
  const bh = createHash('sha256').update(body).digest('base64');
  const signed = head.map(([name]) => name.toLowerCase());
  const value =
    `v=1; a=rsa-sha256; c=relaxed/relaxed; d=${key.domainName}; s=${key.keySelector}; ` +
    `t=${Math.floor(now.getTime() / 1000)}; h=${signed.join(':')}; bh=${bh}; b=`;
  const data = [
    ...head.map(([name, v]) => `${relaxedHeader(name, v)}\r\n`),
    relaxedHeader('DKIM-Signature', value),
  ].join('');
  const signature = await key.signer.sign(data);
  return `DKIM-Signature: ${value}${signature}`;
}

/** The whole message, ready for the SMTP DATA command, signed when a key is given. */
export async function writeMime(message: MimeMessage, dkim: DkimKey | null): Promise<string> {
  const boundary = nextBoundary();
  const head: [string, string][] = [
    ['From', addressText(message.from)],
    ['To', message.to],
    ['Subject', headerText(message.subject)],
    ['Date', message.date.toUTCString().replace('GMT', '+0000')],
    ['Message-ID', message.messageId],
    ...Object.entries(message.headers).map(([name, value]): [string, string] => [name, headerText(value)]),
    ['MIME-Version', '1.0'],
    ['Content-Type', `multipart/alternative; boundary="${boundary}"`],
  ];
  const part = (type: string, content: string) =>
    `--${boundary}\r\nContent-Type: ${type}; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n${base64Lines(content)}\r\n`;
  const body = `${part('text/plain', message.text)}${part('text/html', message.html)}--${boundary}--\r\n`;
  const lines = head.map(([name, value]) => `${name}: ${value}`);
  if (dkim) lines.unshift(await dkimHeader(head, body, dkim, message.date));
  return `${lines.join('\r\n')}\r\n\r\n${body}`;
}
