import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, tempDataDir, type ServerProcess } from '../helpers/server-process.ts';

const dataDir = tempDataDir();
let server: ServerProcess | undefined;

afterAll(async () => {
  server?.child.kill('SIGTERM');
  await server?.exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

interface Status {
  published: boolean;
  complete: boolean;
  building: boolean;
}

const status = async () => ((await (await fetch(`${server!.url}/api/site/ready`)).json()) as { data: Status }).data;

async function until(check: (s: Status) => boolean, timeoutMs: number): Promise<Status> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const now = await status();
    if (check(now)) return now;
    if (Date.now() > deadline) throw new Error(`not in time; last status ${JSON.stringify(now)}\n${server!.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the first start of a new site', () => {
  it('publishes the pages readers arrive on first, says the others are being prepared, then publishes the rest', async () => {
    server = await startServer({
      DATA_DIR: dataDir,
      SITE_DIR: path.join(dataDir, 'site'),
      BUILD_SITE: 'true',
      SEED_DEMO_DATA: 'true',
      // Enough companies that most are not clients (the demo has 30 clients whatever its size), and a full
      // build long enough to find a page still being prepared.
      DEMO_COMPANY_COUNT: '120',
    });
    const first = await until((s) => s.published, 240_000);
    expect(first.complete).toBe(false);
    // Said as the first build is published (the status may show the build a moment before).
    for (let tries = 0; tries < 100 && !server.output().includes('the rest of the site follows'); tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(server.output()).toContain('the rest of the site follows in the background');
    for (const page of ['/', '/news/', '/videos/', '/stocks/Screener/', '/terms/']) {
      expect((await fetch(`${server.url}${page}`)).status, page).toBe(200);
    }
    // The client companies' pages are among the first; another company's page is being prepared.
    const published = fs.readdirSync(path.join(dataDir, 'site', 'current', 'stocks'));
    const { data } = (await (await fetch(`${server.url}/api/stock/search?query=a&pageSize=100`)).json()) as {
      data: { symbol: string }[];
    };
    const later = data.map((c) => c.symbol).find((symbol) => !published.includes(symbol))!;
    expect(later, `${published.length} published, ${data.length} found`).toBeTruthy();
    const preparing = await fetch(`${server.url}/stocks/${later}/`);
    expect(preparing.status).toBe(503);
    expect(preparing.headers.get('retry-after')).toBe('5');
    expect(await preparing.text()).toContain('This page is being prepared');

    await until((s) => !s.building && s.complete, 240_000);
    expect((await fetch(`${server.url}/stocks/${later}/`)).status).toBe(200);
    expect((await fetch(`${server.url}/no/such/page/`)).status).toBe(404);
  }, 480_000);
});
