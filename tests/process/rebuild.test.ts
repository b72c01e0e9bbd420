import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addStaffAccount, type ServerProcess, startServer, tempDataDir } from '../helpers/server-process.ts';
import { signInHeader } from '../helpers/staff-edits.ts';

const STAFF = { email: 'rebuild-editor@example.com', password: 'Edit0r!Desk' };
const dataDir = tempDataDir();
let server: ServerProcess;
/** The build's details are for staff. */
let staffAuth: { authorization: string } | undefined;

async function buildStatus() {
  staffAuth ??= await signInHeader(server.url, STAFF);
  const body = (await (await fetch(`${server.url}/api/site/build`, { headers: staffAuth })).json()) as {
    data: { state: string; currentBuild: string | null; pages: { rendered: number; unchanged: number } | null };
  };
  return body.data;
}

async function untilPublished(previous: string | null) {
  for (let i = 0; i < 600; i++) {
    const status = await buildStatus();
    if (status.state === 'idle' && status.currentBuild && status.currentBuild !== previous) return status;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('no build was published');
}

beforeAll(async () => {
  addStaffAccount({ DATA_DIR: dataDir }, STAFF);
  server = await startServer({
    DATA_DIR: dataDir,
    SITE_DIR: path.join(dataDir, 'site'),
    BUILD_SITE: 'true',
    SEED_DEMO_DATA: 'true',
    DEMO_COMPANY_COUNT: '50',
    SITE_REBUILD_DEBOUNCE_MS: '100',
    SITE_FIRST_PAGES_FIRST: 'false',
  });
  await untilPublished(null);
}, 300_000);

afterAll(async () => {
  server?.child.kill('SIGTERM');
  await server?.exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('publishing a rebuild', () => {
  it('never lets a request see a half-built site, and renders only what changed', async () => {
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(STAFF),
    });
    const auth = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
    const { news } = (await (await fetch(`${server.url}/api/news/all?limit=3`)).json()) as { news: { id: number }[] };
    const pages = ['/', '/news/', `/news/${news[1]!.id}/`, `/news/${news[2]!.id}/`, '/videos/', '/stocks/'];
    const failures: string[] = [];
    let requests = 0;
    let stop = false;

    // Readers keep loading pages and the bundles they reference while the site is rebuilt three times.
    const reader = async () => {
      while (!stop) {
        for (const page of pages) {
          const response = await fetch(`${server.url}${page}`);
          const html = await response.text();
          requests++;
          if (response.status !== 200 || !html.trimEnd().endsWith('</html>')) {
            failures.push(`${page}: ${response.status}, ${html.length} bytes`);
            continue;
          }
          for (const asset of new Set(html.match(/\/_astro\/[\w.-]+\.(js|css)/g) ?? [])) {
            const bundle = await fetch(`${server.url}${asset}`);
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
      const put = await fetch(`${server.url}/api/tools/news/${news[0]!.id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', ...auth },
        // Each round is based on the version the previous round made.
        body: JSON.stringify({ title, version: round }),
      });
      expect(put.status).toBe(200);
      last = await untilPublished(previous);
      previous = last.currentBuild;
      const article = await (await fetch(`${server.url}/news/${news[0]!.id}/`)).text();
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
