/**
 * The weekly newsletter from draft to mailbox, over a real SMTP server:
 * the audience is each confirmed reader once, every message carries
 * one-click unsubscribe and a DKIM signature an independent verifier
 * accepts, suppressed addresses get nothing, and the issue's figures and
 * archive article follow.
 */
import { generateKeyPairSync } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { dkimVerify } from 'mailauth/lib/dkim/verify.js';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  composeDraft,
  actOnIssue,
  runNewsletterSending,
  issueRenderer,
} from '../../../../../src/server/features/email/index.ts';
import { bulkStatementRows } from '../../../../../src/server/platform/db/client.ts';
import { createLogger } from '../../../../../src/server/platform/logger.ts';
import { createBulkWorker } from '../../../../../src/server/features/email/bulk/bulk-worker.ts';
import { createBulkSmtpTransport } from '../../../../../src/server/features/email/transport/transports.ts';
import { mailLinkSecret } from '../../../../../src/server/features/email/list-links.ts';
import { messageReferences } from '../../../../../src/server/features/email/transport/message-reference.ts';
import { emailSubscriptions, mailSuppressions, news, outboxMessages, users } from '../../../../../src/server/schema.ts';
import { staffHeaders } from '../../../../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../../../../helpers/app.ts';
import { startSmtpSink, type SmtpSink } from '../../../../helpers/smtp-sink.ts';

const SITE = 'https://redcap.example';
const DOMAIN = 'redcap.example';
const SELECTOR = 'mail2026';
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const PUBLIC_DNS = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
const logger = createLogger('silent');

let t: TestApp;
let sink: SmtpSink;
let actor: { id: number; email: string };

beforeAll(async () => {
  t = await createTestApp({ seedCompanies: 30, env: { SITE_URL: SITE } });
  await staffHeaders(t, 'desk@example.com');
  const [staff] = await t.database.db.select().from(users).where(eq(users.email, 'desk@example.com'));
  actor = { id: staff!.id, email: staff!.email };
  sink = await startSmtpSink();
}, 120_000);
afterAll(async () => {
  await sink.close();
  await t.close();
});

const readers = Array.from({ length: 40 }, (_, i) => `reader${String(i).padStart(2, '0')}@example.com`);

async function addAudience() {
  const db = t.database.db;
  await db.insert(emailSubscriptions).values([
    ...readers.map((email, i) => ({ email, firstName: i === 0 ? 'Ada' : null, confirmedAt: new Date() })),
    // Signed up but never confirmed, and confirmed but turned off: neither is in the audience.
    { email: 'unconfirmed@example.com' },
    { email: 'left@example.com', confirmedAt: new Date(), unsubscribedAt: new Date() },
    // The same reader twice in different case is one address (the index is on lower(email)).
    { email: 'Bounced@Example.com', confirmedAt: new Date() },
  ]);
  await db.insert(mailSuppressions).values({ email: 'bounced@example.com', reason: 'hard-bounce', source: 'sns' });
}

const sendingDeps = () => ({
  db: t.database.db,
  logger,
  wakeBulk: () => {},
  queueRows: bulkStatementRows(t.database.kind).queue,
});

/** The bulk sender over the sink; its transport is closed afterwards, or the sink's close waits out its pooled connections. */
function worker() {
  const transport = createBulkSmtpTransport(sink.url, {
    from: 'RedCap <news@redcap.example>',
    returnPath: 'bounces@bounces.redcap.example',
    references: messageReferences(() => mailLinkSecret(t.database.db)),
    dkim: {
      domainName: DOMAIN,
      keySelector: SELECTOR,
      privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    },
    pool: 3,
  });
  const bulk = createBulkWorker({
    db: t.database.db,
    transport,
    logger,
    siteUrl: SITE,
    postalAddress: '100 Harbor Street, Suite 5, Orlando, FL 32801',
    ratePerSecond: 500,
    concurrency: 6,
    renderers: { 'newsletter-issue': issueRenderer(t.database.db, SITE) },
  });
  return { runOnce: () => bulk.runOnce(), close: () => transport.close?.() };
}

const dnsFor = async (name: string, type: string) => {
  if (type === 'TXT' && name === `${SELECTOR}._domainkey.${DOMAIN}`) return [[`v=DKIM1; k=rsa; p=${PUBLIC_DNS}`]];
  throw Object.assign(new Error(`no ${type} record for ${name}`), { code: 'ENOTFOUND' });
};

describe('sending the weekly newsletter', () => {
  let issueId: number;

  it('goes to every confirmed reader once, signed, with one-click unsubscribe, and never to a suppressed address', async () => {
    await addAudience();
    const draft = await composeDraft(t.database.db, actor);
    issueId = draft.id;
    expect(draft.sections.flatMap((s) => s.items).length).toBeGreaterThan(0);
    await actOnIssue(t.database.db, actor, draft.id, 'schedule');
    await runNewsletterSending(sendingDeps());
    // Queueing again (a restart) queues nobody twice.
    await runNewsletterSending(sendingDeps());
    const queued = await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.templateRef, draft.id));
    expect(queued).toHaveLength(readers.length + 1);

    const sender = worker();
    await sender.runOnce();
    await sink.waitFor(readers.length);
    sender.close();
    expect(sink.messages.map((m) => m.to[0]).sort()).toEqual(readers);

    const first = sink.messages.find((m) => m.to[0] === readers[0])!;
    expect(first.header('List-Unsubscribe')).toMatch(new RegExp(`^<${SITE}/api/email/unsubscribe\\?t=[\\w.-]+>$`));
    expect(first.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const reference = /^<([a-z2-7]{26})@127\.0\.0\.1>$/.exec(first.header('Message-ID') ?? '')?.[1];
    expect(reference).toBeDefined();
    expect(first.from).toBe(`bounces+${reference}@bounces.redcap.example`);
    expect(first.header('Content-Type')).toMatch(/multipart\/alternative/);
    const written = await simpleParser(first.raw);
    expect(written.text).toContain('Hello Ada,');
    expect(written.text).toContain('100 Harbor Street');
    expect(written.html).toContain('Hello Ada,');
    // No pixel or tracker: the only pictures are the issue's own.
    expect(written.html).not.toMatch(/<img[^>]+(width="1"|height="1")/);

    const verified = await dkimVerify(Buffer.from(first.raw), { resolver: dnsFor });
    expect(verified.results[0]?.status.result).toBe('pass');
    expect(verified.results[0]?.signingDomain).toBe(DOMAIN);

    const [suppressed] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, 'bounced@example.com'));
    expect(suppressed?.status).toBe('suppressed');
  });

  it('unsubscribes by the one-click POST without a session, while opening the link only asks', async () => {
    const message = sink.messages.find((m) => m.to[0] === readers[1])!;
    const link = new URL(message.header('List-Unsubscribe')!.slice(1, -1));
    const opened = await t.call('GET', `${link.pathname}${link.search}`);
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toMatch(/^\/email\/preferences\?t=.+&unsubscribe=1$/);
    const before = await t.call('GET', `/api/email/preferences${link.search}`);
    expect(before.body).toMatchObject({ data: { email: readers[1], newsletter: true, list: 'newsletter' } });

    for (let i = 0; i < 2; i++) {
      const posted = await t.call('POST', `${link.pathname}${link.search}`, { body: 'List-Unsubscribe=One-Click' });
      expect(posted.status).toBe(200);
      expect(posted.body).toMatchObject({ data: { newsletter: false } });
    }
    const [row] = await t.database.db
      .select()
      .from(emailSubscriptions)
      .where(sql`lower(${emailSubscriptions.email}) = ${readers[1]}`);
    expect(row?.unsubscribedAt).not.toBeNull();
  });

  it('refuses a link whose token was altered', async () => {
    const message = sink.messages.find((m) => m.to[0] === readers[2])!;
    const link = new URL(message.header('List-Unsubscribe')!.slice(1, -1));
    const token = link.searchParams.get('t')!;
    const forged = Buffer.from(JSON.stringify(['someone@else.com', 'newsletter', null])).toString('base64url');
    const answer = await t.call('POST', `/api/email/unsubscribe?t=${forged}.${token.split('.')[1]}`);
    expect(answer.status).toBe(400);
  });

  it('counts the sending, archives the issue as a newsletter article and marks it sent', async () => {
    await runNewsletterSending(sendingDeps());
    const issues = await t.call('GET', '/api/tools/newsletter/issues', {
      headers: await staffHeaders(t, 'desk@example.com'),
    });
    const issue = (
      issues.body as { data: { id: number; status: string; articleId: number; progress: Record<string, number> }[] }
    ).data.find((i) => i.id === issueId)!;
    expect(issue.status).toBe('sent');
    expect(issue.progress).toMatchObject({
      queued: readers.length + 1,
      sent: readers.length,
      suppressed: 1,
      unsubscribed: 1,
    });
    const [article] = await t.database.db.select().from(news).where(eq(news.id, issue.articleId));
    expect(article).toMatchObject({ rcNewsletter: true });
    expect((await simpleParser(sink.messages[0]!.raw)).text).toContain(`${SITE}/news/${issue.articleId}`);
  });
});
