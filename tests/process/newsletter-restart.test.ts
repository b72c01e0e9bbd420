/**
 * A newsletter going out survives its server stopping mid-send: after a
 * stop (SIGTERM) and a restart every reader has exactly one copy; after a
 * crash (SIGKILL) nobody is skipped, and the few messages whose sending was
 * in doubt went again with the same Message-ID, so receiving servers can
 * drop the copy. The server sends to a real SMTP server.
 */
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD } from '../helpers/accounts.ts';
import { addStaffAccount, migratedDataDir, startServer, type ServerProcess } from '../helpers/server-process.ts';
import { startSmtpSink, type SunkMessage } from '../helpers/smtp-sink.ts';

const READERS = 120;
const dataDir = migratedDataDir();
const sink = await startSmtpSink();
const running: ServerProcess[] = [];
afterAll(async () => {
  for (const server of running) server.child.kill('SIGKILL');
  await sink.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const env = {
  DATA_DIR: dataDir,
  SEED_DEMO_DATA: 'true',
  DEMO_COMPANY_COUNT: '50',
  SMTP_URL: sink.url,
  MAIL_RATE_PER_SECOND: '80',
  MAIL_POOL_SIZE: '2',
  MAIL_POSTAL_ADDRESS: '100 Harbor Street, Orlando, FL 32801',
  SIGNUPS_PER_HOUR_PER_ADDRESS: '100000',
};
const staff = { email: 'desk@example.com', password: GOOD_PASSWORD };
addStaffAccount(env, staff);

async function start(): Promise<ServerProcess> {
  const server = await startServer(env);
  running.push(server);
  return server;
}

async function json(url: string, init: RequestInit & { json?: unknown } = {}) {
  const response = await fetch(url, {
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
    body: init.json === undefined ? init.body : JSON.stringify(init.json),
  });
  return { status: response.status, body: (await response.json().catch(() => null)) as unknown };
}

const newsletterCopies = (subject: string) => sink.messages.filter((m) => m.header('Subject') === subject);

async function until(what: string, done: () => boolean, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) {
      const subjects = new Map<string, number>();
      for (const m of sink.messages)
        subjects.set(m.header('Subject') ?? '', (subjects.get(m.header('Subject') ?? '') ?? 0) + 1);
      throw new Error(
        `Timed out waiting for ${what}; the SMTP server got ${JSON.stringify([...subjects])}\n${running.at(-1)?.output().slice(-3000)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A message's text as written (its soft line breaks joined, its escapes decoded). */
const quotedPrintable = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** Signs readers up from the footer and opens each confirmation link, as readers do. */
async function signUpReaders(server: ServerProcess) {
  const emails = Array.from({ length: READERS }, (_, i) => `reader${String(i).padStart(3, '0')}@example.com`);
  for (let i = 0; i < emails.length; i += 20) {
    await Promise.all(
      emails
        .slice(i, i + 20)
        .map((email) => json(`${server.url}/api/email-subscriptions/subscribe`, { method: 'POST', json: { email } })),
    );
  }
  const links = () =>
    sink.messages
      .filter((m) => m.header('Subject')?.includes('confirm your newsletter'))
      .map((m) => /http\S+confirm\?token=[\w-]+/.exec(quotedPrintable(m.raw))?.[0]);
  await until('the confirmation emails', () => links().length >= READERS);
  for (const link of links()) await fetch(link!.replace(/^http:\/\/localhost:\d+/, server.url), { redirect: 'manual' });
  return emails;
}

async function sendIssue(server: ServerProcess): Promise<string> {
  const login = await json(`${server.url}/api/auth/login`, { method: 'POST', json: staff });
  const headers = { authorization: `Bearer ${(login.body as { token: string }).token}` };
  const draft = await json(`${server.url}/api/tools/newsletter/issues`, { method: 'POST', headers });
  const issue = (draft.body as { data: { id: number; subject: string } }).data;
  // Each issue under a subject of its own, to tell their copies apart.
  const subject = `Restart test ${issue.id}`;
  const saved = await json(`${server.url}/api/tools/newsletter/issues/${issue.id}`, {
    method: 'PATCH',
    headers,
    json: { version: (draft.body as { data: { version: number } }).data.version, subject },
  });
  expect(saved.status).toBe(200);
  const sent = await json(`${server.url}/api/tools/newsletter/issues/${issue.id}/actions`, {
    method: 'POST',
    headers,
    json: { action: 'schedule' },
  });
  expect(sent.status).toBe(200);
  return subject;
}

const byReader = (copies: SunkMessage[]) => {
  const seen = new Map<string, string[]>();
  for (const copy of copies) seen.set(copy.to[0]!, [...(seen.get(copy.to[0]!) ?? []), copy.header('Message-ID')!]);
  return seen;
};

describe('a newsletter interrupted mid-send', () => {
  let emails: string[];

  it('reaches every reader exactly once across a stop and a restart', { timeout: 300_000 }, async () => {
    const first = await start();
    emails = await signUpReaders(first);
    const subject = await sendIssue(first);
    await until('the first copies', () => newsletterCopies(subject).length >= 30);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    const beforeRestart = newsletterCopies(subject).length;
    expect(beforeRestart).toBeLessThan(READERS);

    await start();
    await until('every copy', () => newsletterCopies(subject).length >= READERS);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const copies = byReader(newsletterCopies(subject));
    expect([...copies.keys()].sort()).toEqual(emails);
    expect([...copies.values()].filter((ids) => ids.length > 1)).toEqual([]);
  });

  it('skips nobody after a crash, and what it sends again carries the Message-ID of the first copy', async () => {
    const server = running.at(-1)!;
    const subject = await sendIssue(server);
    await until('the first copies', () => newsletterCopies(subject).length >= 30);
    server.child.kill('SIGKILL');
    await server.exited;

    // What was leased when it died is taken again once its lease runs out (30 s).
    await start();
    await until('every reader', () => byReader(newsletterCopies(subject)).size >= READERS, 120_000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const copies = byReader(newsletterCopies(subject));
    expect([...copies.keys()].sort()).toEqual(emails);
    const again = [...copies.values()].filter((ids) => ids.length > 1);
    // At most what was in flight and not yet recorded: a few messages, never the batch.
    expect(again.length).toBeLessThanOrEqual(20);
    for (const ids of again) expect(new Set(ids).size).toBe(1);
  });
});
