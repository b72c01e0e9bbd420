/**
 * Two real server processes on one PostgreSQL database and one shared site
 * directory (needs TEST_DATABASE_URL, as CI sets when PostgreSQL runs).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import postgres from 'postgres';
import { createServerDatabase } from '../helpers/database.ts';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.ts';
import { retitleArticle, signInHeader } from '../helpers/staff-edits.ts';
import {
  addStaffAccount,
  DEMO_SITE_ENV,
  type ServerProcess,
  startServer,
  tempDataDir,
} from '../helpers/server-process.ts';

const ADMIN_URL = process.env.TEST_DATABASE_URL;
const STAFF = { email: 'cluster-editor@example.com', password: 'Edit0r!Desk' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!ADMIN_URL)('two instances on one PostgreSQL database', () => {
  let database: Awaited<ReturnType<typeof createServerDatabase>> | undefined;
  const dir = tempDataDir('redcap-cluster-');
  const siteDir = path.join(dir, 'site');
  let url: string;
  let a: ServerProcess;
  let b: ServerProcess;
  let sink: SmtpSink;
  // Each instance names itself to the mail server, to tell who sent what.
  const env = (name: string) => ({
    DATABASE_URL: url,
    SITE_DIR: siteDir,
    DATA_DIR: dir,
    ...DEMO_SITE_ENV,
    LOG_LEVEL: 'info',
    SMTP_URL: `${sink.url}?name=${name}`,
    MAIL_RATE_PER_SECOND: '200',
  });
  const builds = () =>
    fs.existsSync(path.join(siteDir, 'builds')) ? fs.readdirSync(path.join(siteDir, 'builds')) : [];
  const readiness = async (server: ServerProcess) =>
    (
      (await (await fetch(`${server.url}/api/site/ready`)).json()) as {
        data: { published: boolean };
      }
    ).data;
  async function until<T>(probe: () => Promise<T | null | undefined | false>, timeoutMs = 120_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await probe().catch(() => null);
      if (value) return value;
      if (Date.now() > deadline)
        throw new Error(`not in time:\nA: ${a?.output().slice(-2000)}\nB: ${b?.output().slice(-2000)}`);
      await sleep(200);
    }
  }
  const page = (server: ServerProcess, pagePath: string) =>
    fetch(`${server.url}${pagePath}`).then((r) => (r.ok ? r.text() : ''));
  const signIn = (server: ServerProcess) => signInHeader(server.url, STAFF);

  beforeAll(async () => {
    database = await createServerDatabase('cluster');
    url = database.url;
    sink = await startSmtpSink();
    a = await startServer(env('instance-a'));
    await until(async () => (await readiness(a)).published, 240_000);
    addStaffAccount({ DATABASE_URL: url }, STAFF);
    b = await startServer(env('instance-b'));
    await until(async () => (await readiness(b)).published);
  }, 300_000);

  afterAll(async () => {
    for (const server of [a, b]) server?.child.kill('SIGKILL');
    await Promise.all([a?.exited, b?.exited]);
    await database?.drop();
    await sink?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('build once, on the leader, an edit made through the other, and both serve it', async () => {
    expect(a.output()).toContain('This instance leads');
    expect(b.output()).toContain('Another instance leads');
    // B served the build A published without building one of its own.
    expect(b.output()).not.toContain('site build started');
    const before = builds();
    const auth = await signIn(b);
    const title = `Edited through B ${Date.now()}`;
    const { id, status } = await retitleArticle(b.url, auth, 0, title);
    expect(status).toBe(200);
    await until(async () => (await page(a, `/news/${id}/`)).includes(title));
    await until(async () => (await page(b, `/news/${id}/`)).includes(title), 15_000);
    // Guests of both instances see the new title in the lists at once (their answers caches were dropped).
    for (const server of [a, b]) {
      const list = (await (await fetch(`${server.url}/api/news/all?limit=1`)).json()) as { news: { title: string }[] };
      expect(list.news[0]!.title).toBe(title);
    }
    const made = builds().filter((build) => !before.includes(build));
    expect(made).toHaveLength(1);
    expect(b.output()).not.toContain('site build started');
  }, 180_000);

  it('reload the other instance’s screener when a company changes through one', async () => {
    const auth = await signIn(a);
    const { data: clients } = (await (await fetch(`${a.url}/api/tools/clients?limit=1`, { headers: auth })).json()) as {
      data: { company_symbol: string; version: number }[];
    };
    const { company_symbol: symbol, version } = clients[0]!;
    // B's screener has the company in memory before the change.
    const hit = async (server: ServerProcess) =>
      (
        (await (await fetch(`${server.url}/api/stock/search?query=${symbol}&type=symbol`)).json()) as {
          data: { symbol: string; name: string }[];
        }
      ).data.find((c) => c.symbol === symbol);
    expect((await hit(b))?.name).toBeTruthy();
    const renamed = `Renamed Holdings ${Date.now() % 10_000}`;
    const put = await fetch(`${a.url}/api/tools/clients/${symbol}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', ...auth },
      body: JSON.stringify({ companyName: renamed, version }),
    });
    expect(put.status).toBe(200);
    await until(async () => (await hit(b))?.name === renamed, 10_000);
  }, 60_000);

  it('send a newsletter scheduled through the other instance from the leader alone, once to each reader', async () => {
    const readers = Array.from({ length: 60 }, (_, i) => `cluster-reader${String(i).padStart(2, '0')}@example.com`);
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    try {
      await sql`insert into email_subscriptions ${sql(readers.map((email) => ({ email, source: 'test', confirmed_at: new Date() })))}`;
    } finally {
      await sql.end();
    }
    const headers = { ...(await signIn(b)), 'content-type': 'application/json' };
    const draft = (await (await fetch(`${b.url}/api/tools/newsletter/issues`, { method: 'POST', headers })).json()) as {
      data: { id: number; subject: string };
    };
    const scheduled = await fetch(`${b.url}/api/tools/newsletter/issues/${draft.data.id}/actions`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ action: 'schedule' }),
    });
    expect(scheduled.status).toBe(200);
    const copies = () => sink.messages.filter((m) => m.header('Subject') === draft.data.subject);
    await until(async () => copies().length >= readers.length, 60_000);
    await sleep(1000);
    expect(
      copies()
        .map((m) => m.to[0])
        .sort(),
    ).toEqual(readers);
    expect(new Set(copies().map((m) => m.client))).toEqual(new Set(['instance-a']));
  }, 120_000);

  it('take over the jobs and the builds within seconds when the leader is killed', async () => {
    a.child.kill('SIGKILL');
    await a.exited;
    await until(async () => b.output().includes('This instance now leads'), 10_000);
    const auth = await signIn(b);
    const title = `Built by the new leader ${Date.now()}`;
    // Newest first: the newsletter's archive article, the article retitled above, then one never edited.
    const { id, status } = await retitleArticle(b.url, auth, 2, title);
    expect(status).toBe(200);
    await until(async () => (await page(b, `/news/${id}/`)).includes(title));
  }, 180_000);
});
