/**
 * npm run serve:cluster: two instances on one PostgreSQL database behind
 * nginx (needs TEST_DATABASE_URL, as CI sets when PostgreSQL runs, and
 * Debian's nginx, which the test script installs when it can).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nginxConfig } from '../../scripts/cluster/nginx-config.ts';
import { freePort } from '../helpers/free-port.ts';
import { createServerDatabase } from '../helpers/database.ts';
import { retitleArticle, signInHeader } from '../helpers/staff-edits.ts';
import { addStaffAccount, tempDataDir } from '../helpers/server-process.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ADMIN_URL = process.env.TEST_DATABASE_URL;
const HAS_NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].some((p) => fs.existsSync(p));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the generated nginx configuration', () => {
  const config = nginxConfig({
    listenPort: 8080,
    upstreams: ['127.0.0.1:8090', '127.0.0.1:8091'],
    siteDir: '/srv/redcap/site',
    runDir: null,
    user: null,
    brotliModule: null,
    headersFile: '/etc/nginx/redcap-site-headers.conf',
  });

  it('tells the instances the address nginx saw, never an address the client wrote', () => {
    expect(config).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
    // Appending ($proxy_add_x_forwarded_for) would pass on the client's own entries too.
    expect(config).not.toContain('$proxy_add_x_forwarded_for');
    expect(config).not.toContain('$http_x_forwarded_for');
    expect(config).toContain('proxy_set_header X-Forwarded-Proto $scheme;');
  });
});

describe.skipIf(!ADMIN_URL || !HAS_NGINX)('the production layout behind nginx', () => {
  let database: Awaited<ReturnType<typeof createServerDatabase>> | undefined;
  const dir = tempDataDir('redcap-serve-cluster-');
  let url: string;
  let port: number;
  let basePort: number;
  let cluster: ChildProcess;
  let log = '';
  const site = () => `http://127.0.0.1:${port}`;
  /** The process of instance `index` (its latest start). */
  const instancePid = (index: number) => {
    const starts = [...log.matchAll(new RegExp(`instance ${index} \\(:\\d+\\): started, pid (\\d+)`, 'g'))];
    return starts.length ? Number(starts.at(-1)![1]) : null;
  };
  async function until<T>(probe: () => Promise<T | null | undefined | false>, timeoutMs = 180_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await probe().catch(() => null);
      if (value) return value;
      if (Date.now() > deadline) throw new Error(`not in time:\n${log.slice(-3000)}`);
      await sleep(250);
    }
  }
  const page = (pagePath: string) => fetch(`${site()}${pagePath}`).then((r) => (r.ok ? r.text() : ''));
  const readiness = async (instancePort: number) =>
    (
      (await (await fetch(`http://127.0.0.1:${instancePort}/api/site/ready`)).json()) as {
        data: { published: boolean };
      }
    ).data;

  beforeAll(async () => {
    database = await createServerDatabase('nginx');
    url = database.url;
    port = await freePort();
    basePort = await freePort();
    cluster = spawn(process.execPath, [path.join(ROOT, 'scripts', 'serve-cluster.ts')], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: url,
        PORT: String(port),
        INSTANCE_BASE_PORT: String(basePort),
        SITE_DIR: path.join(dir, 'site'),
        CLUSTER_DIR: path.join(dir, 'run'),
        DEMO_COMPANY_COUNT: '50',
        SITE_REBUILD_DEBOUNCE_MS: '100',
        SITE_FIRST_PAGES_FIRST: 'false',
        LOG_LEVEL: 'warn',
        // Only an address no test request comes from may read the metrics: a claim to be it must not work.
        METRICS_ALLOW: '192.0.2.7/32',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    cluster.stdout?.on('data', (d: Buffer) => (log += d.toString()));
    cluster.stderr?.on('data', (d: Buffer) => (log += d.toString()));
    await until(async () => (await readiness(basePort)).published, 300_000);
    await until(async () => (await page('/')).includes('</html>'));
    // nginx reloads with the build's page headers as the build is published: a moment, not a poll.
    await until(
      async () => (await fetch(`${site()}/`)).headers.get('content-security-policy')?.includes("'sha256-"),
      10_000,
    );
  }, 360_000);

  afterAll(async () => {
    cluster?.kill('SIGTERM');
    await new Promise((resolve) => cluster?.once('exit', resolve));
    await database?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('serves the published pages from nginx itself, precompressed, with the site’s headers', async () => {
    const response = await fetch(`${site()}/news/`, { headers: { 'accept-encoding': 'gzip' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('server')).toMatch(/nginx/);
    expect(response.headers.get('content-security-policy')).toMatch(/script-src 'self' 'sha256-/);
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    // Nothing of the build's own files, and the instances answer what nginx has no file for.
    expect((await fetch(`${site()}/.build-stamp`)).status).toBe(404);
    const missing = await fetch(`${site()}/no/such/page`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Page not found');
  });

  it('tells the instances who the reader is, whatever X-Forwarded-For the reader sends', async () => {
    for (const claim of ['192.0.2.7', '192.0.2.7, 127.0.0.1']) {
      const metrics = await fetch(`${site()}/metrics`, { headers: { 'x-forwarded-for': claim } });
      expect(metrics.status, claim).toBe(403);
    }
  });

  it('loses no request beyond those in flight on an instance that dies under load', async () => {
    const { news } = (await (await fetch(`${site()}/api/news/all?limit=1`)).json()) as { news: { id: number }[] };
    const pages = ['/', '/news/', `/news/${news[0]!.id}/`, '/api/news/all?limit=5', '/api/stock/getAllSectors'];
    const load = autocannon({
      url: site(),
      connections: 8,
      duration: 12,
      requests: pages.map((p) => ({ method: 'GET' as const, path: p })),
    }) as unknown as Promise<{
      non2xx: number;
      errors: number;
      requests: { total: number };
      statusCodeStats: Record<string, { count: number }>;
    }>;
    await sleep(3000);
    // The follower dies as a crash would; nginx moves its requests to the leader.
    const follower = instancePid(2);
    expect(follower).not.toBeNull();
    process.kill(follower!, 'SIGKILL');
    const result = await load;
    expect(result.requests.total).toBeGreaterThan(500);
    // At most the requests the dead instance was answering (one per connection); every other one is answered.
    const failed = result.errors + result.non2xx;
    expect(failed, JSON.stringify(result.statusCodeStats)).toBeLessThanOrEqual(8);
  }, 60_000);

  it('hands the jobs and builds to the survivor when the leader dies, and its builds are live through nginx', async () => {
    // The killed follower is back (started again by serve:cluster) and following before the leader goes: an
    // instance still starting when the leader dies would simply lead from its start.
    await until(
      async () => /instance 2 \(:\d+\): API listening/.test(log.split('starting it again').at(-1) ?? ''),
      60_000,
    );
    const leader = instancePid(1);
    process.kill(leader!, 'SIGKILL');
    await until(async () => log.includes('This instance now leads'), 20_000);
    const staff = { email: 'nginx-editor@example.com', password: 'Edit0r!Desk' };
    // Made through the survivor's database, as the command line does.
    addStaffAccount({ DATABASE_URL: url }, staff);
    const auth = await signInHeader(site(), staff);
    const title = `Live through nginx ${Date.now()}`;
    const { id, status } = await retitleArticle(site(), auth, 0, title);
    expect(status).toBe(200);
    await until(async () => (await page(`/news/${id}/`)).includes(title), 120_000);
  }, 240_000);
});
