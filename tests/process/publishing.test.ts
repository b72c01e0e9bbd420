/**
 * Publishing as content changes, on one server started with a demo site of
 * its own: a rebuild is never seen half-made by readers loading pages
 * meanwhile, and content builds (which render with the first full build's
 * page bundle) publish edits, new and deleted articles exactly as a full
 * build of the same data does, also when two servers build it at once. One
 * server for both: its start and first full build are most of the time.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFiles } from '../../src/server/features/site-build/incremental.ts';
import {
  addStaffAccount,
  DEMO_SITE_ENV,
  type ServerProcess,
  migratedDataDir,
  startServer,
  tempDataDir,
} from '../helpers/server-process.ts';
import { signInHeader } from '../helpers/staff-edits.ts';

const STAFF = { email: 'content-editor@example.com', password: 'Edit0r!Desk' };
const dataDir = migratedDataDir();
/** A copy of the database, for a second server building the same site at the same time. */
const twinDataDir = tempDataDir();
const env = (siteDir: string, data = dataDir) => ({
  DATA_DIR: data,
  SITE_DIR: path.join(dataDir, siteDir),
  ...DEMO_SITE_ENV,
  // The build log says how each build was made.
  LOG_LEVEL: 'info',
});
let server: ServerProcess | undefined;
let twin: ServerProcess | undefined;
/** The build's details are for staff. */
let staffAuth: { authorization: string } | undefined;

interface PublishedBuild {
  build: string;
  rendered: number;
  unchanged: number;
  removed: number;
  /** Only content builds, which render with the page bundle of an earlier full build, time their content phase. */
  contentMs?: number;
}

/** The builds a server (by default the test's) has published so far, from its log. */
function publishedBuilds(of = server): PublishedBuild[] {
  return of!
    .output()
    .split('\n')
    .filter((line) => line.includes('"site build published"'))
    .map((line) => JSON.parse(line) as PublishedBuild);
}

/** The `count`th build a server (by default the test's) published, counting from its start. */
async function untilPublished(count: number, of = server): Promise<PublishedBuild> {
  for (let i = 0; i < 1200; i++) {
    const builds = publishedBuilds(of);
    if (builds.length >= count) return builds[count - 1]!;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`build ${count} was not published:\n${of!.output().slice(-4000)}`);
}

async function stopServer() {
  server?.child.kill('SIGTERM');
  await server?.exited;
  server = undefined;
}

/** The files a reader can be served (no compressed copies, no build records), by path. */
function siteFiles(siteDir: string): Map<string, Buffer> {
  const current = fs.realpathSync(path.join(dataDir, siteDir, 'current'));
  const files = new Map<string, Buffer>();
  for (const file of listFiles(current)) {
    const relative = path.relative(current, file);
    if (/\.(br|gz)$/.test(relative) || path.basename(relative).startsWith('.')) continue;
    files.set(relative, fs.readFileSync(file));
  }
  return files;
}

async function buildStatus() {
  staffAuth ??= await signInHeader(server!.url, STAFF);
  const body = (await (await fetch(`${server!.url}/api/site/build`, { headers: staffAuth })).json()) as {
    data: { state: string; currentBuild: string | null; pages: { rendered: number; unchanged: number } | null };
  };
  return body.data;
}

/** Waits for a build other than `previous` to be published and the builder to be idle. */
async function untilBuildAfter(previous: string | null) {
  for (let i = 0; i < 600; i++) {
    const status = await buildStatus();
    if (status.state === 'idle' && status.currentBuild && status.currentBuild !== previous) return status;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('no build was published');
}

beforeAll(async () => {
  addStaffAccount({ DATA_DIR: dataDir }, STAFF);
  server = await startServer(env('site'));
  expect((await untilPublished(1)).contentMs).toBeUndefined();
}, 300_000);

afterAll(async () => {
  twin?.child.kill('SIGTERM');
  await Promise.all([stopServer(), twin?.exited]);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(twinDataDir, { recursive: true, force: true });
});

describe('publishing a rebuild', () => {
  it('never lets a request see a half-built site, and renders only what changed', async () => {
    const login = await fetch(`${server!.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(STAFF),
    });
    const auth = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
    const { news } = (await (await fetch(`${server!.url}/api/news/all?limit=3`)).json()) as { news: { id: number }[] };
    const pages = ['/', '/news/', `/news/${news[1]!.id}/`, `/news/${news[2]!.id}/`, '/videos/', '/stocks/'];
    const failures: string[] = [];
    let requests = 0;
    let stop = false;

    // Readers keep loading pages and the bundles they reference while the site is rebuilt three times, a page
    // every 20 ms each: as often as a publish can be caught, without taking the cores the builds need.
    const reader = async () => {
      while (!stop) {
        for (const page of pages) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          const response = await fetch(`${server!.url}${page}`);
          const html = await response.text();
          requests++;
          if (response.status !== 200 || !html.trimEnd().endsWith('</html>')) {
            failures.push(`${page}: ${response.status}, ${html.length} bytes`);
            continue;
          }
          for (const asset of new Set(html.match(/\/_astro\/[\w.-]+\.(js|css)/g) ?? [])) {
            const bundle = await fetch(`${server!.url}${asset}`);
            await bundle.arrayBuffer();
            if (bundle.status !== 200) failures.push(`${asset} from ${page}: ${bundle.status}`);
          }
        }
      }
    };
    const readers = Array.from({ length: 4 }, reader);

    let previous = (await buildStatus()).currentBuild;
    let last = await buildStatus();
    for (let round = 1; round <= 3; round++) {
      const title = `Rebuild round ${round}`;
      const put = await fetch(`${server!.url}/api/tools/news/${news[0]!.id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', ...auth },
        // Each round is based on the version the previous round made.
        body: JSON.stringify({ title, version: round }),
      });
      expect(put.status).toBe(200);
      last = await untilBuildAfter(previous);
      previous = last.currentBuild;
      const article = await (await fetch(`${server!.url}/news/${news[0]!.id}/`)).text();
      expect(article).toContain(title);
    }
    stop = true;
    await Promise.all(readers);

    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(50);
    // One edit renders the article, its neighbours' sidebars and the listings, not the whole site.
    const total = (last.pages?.rendered ?? 0) + (last.pages?.unchanged ?? 0);
    expect(last.pages!.rendered).toBeLessThan(total / 10);
  }, 300_000);
});

describe('content builds', () => {
  it('publish edits, new and deleted articles with the first build’s page bundle, exactly as a full build would', async () => {
    // Counted from the builds this server published before (the first, and the rebuilds above).
    const before = publishedBuilds().length;
    const login = await fetch(`${server!.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(STAFF),
    });
    const headers = {
      'content-type': 'application/json',
      authorization: `Bearer ${((await login.json()) as { token: string }).token}`,
    };
    const { news } = (await (await fetch(`${server!.url}/api/tools/news?limit=2`, { headers })).json()) as {
      news: { id: number; version: number; company_symbol: string }[];
    };
    const [edited, deleted] = news as [(typeof news)[0], (typeof news)[0]];

    const put = await fetch(`${server!.url}/api/tools/news/${edited.id}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ title: 'Edited in a content build', version: edited.version }),
    });
    expect(put.status).toBe(200);
    const afterEdit = await untilPublished(before + 1);
    expect(afterEdit.contentMs).toBeGreaterThan(0);
    expect(afterEdit.rendered).toBeLessThan((afterEdit.rendered + afterEdit.unchanged) / 10);
    expect(await (await fetch(`${server!.url}/news/${edited.id}/`)).text()).toContain('Edited in a content build');

    const created = await fetch(`${server!.url}/api/tools/news`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        title: 'Written after the first build',
        company_symbol: edited.company_symbol,
        summary: 'A new article.',
        description: '<p>Its <b>body</b>.</p>',
      }),
    });
    expect(created.status).toBe(201);
    const { data: article } = (await created.json()) as { data: { id: number } };
    expect((await untilPublished(before + 2)).contentMs).toBeGreaterThan(0);
    const page = await fetch(`${server!.url}/news/${article.id}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Its <b>body</b>.');
    expect(await (await fetch(`${server!.url}/news/`)).text()).toContain('Written after the first build');

    const removed = await fetch(`${server!.url}/api/tools/news/${deleted.id}`, { method: 'DELETE', headers });
    expect(removed.status).toBe(204);
    const afterDelete = await untilPublished(before + 3);
    expect(afterDelete.contentMs).toBeGreaterThan(0);
    expect(afterDelete.removed).toBe(1);
    expect((await fetch(`${server!.url}/news/${deleted.id}/`)).status).toBe(404);
    expect(await (await fetch(`${server!.url}/sitemap.xml`)).text()).not.toContain(`/news/${deleted.id}/`);
    const published = siteFiles('site');
    await stopServer();

    // The same data built from nothing, in full, by two servers at once (the second on a copy of the
    // database): builds side by side from one checkout keep to their own files, and each publishes the
    // content builds' site exactly.
    fs.cpSync(path.join(dataDir, 'pglite'), path.join(twinDataDir, 'pglite'), { recursive: true });
    [server, twin] = await Promise.all([
      startServer(env('site-rebuilt')),
      startServer(env('site-rebuilt-beside', twinDataDir)),
    ]);
    for (const [of, siteDir] of [
      [server, 'site-rebuilt'],
      [twin, 'site-rebuilt-beside'],
    ] as const) {
      expect((await untilPublished(1, of)).contentMs).toBeUndefined();
      const rebuilt = siteFiles(siteDir);
      expect([...published.keys()].sort()).toEqual([...rebuilt.keys()].sort());
      const differing = [...published].filter(([file, bytes]) => !bytes.equals(rebuilt.get(file)!)).map(([f]) => f);
      expect(differing, siteDir).toEqual([]);
    }
  }, 600_000);
});
