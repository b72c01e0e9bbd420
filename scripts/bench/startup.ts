/**
 * Start-up benchmark: cold start (empty data directory: migrate, seed the
 * demo universe, build the site) and warm restart, each to the first 200 of
 * the health check and of the home page (cold target: ≤ 60 s), the cold
 * start until the whole site is published, plus resident memory once
 * serving. Prints one JSON line per figure.
 */
import { createJudge, startBenchServer, type BenchServer } from './server.ts';

const { emit, judge, summarize } = createJudge('startup');

async function firstOk(url: string, deadline: number): Promise<number> {
  for (;;) {
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status === 200) return performance.now();
    } catch {
      // not listening yet
    }
    if (performance.now() > deadline) throw new Error(`no 200 from ${url} in time`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function measure(label: 'cold' | 'warm', server: BenchServer): Promise<void> {
  const deadline = server.startedAt + 15 * 60_000;
  const health = await firstOk(`${server.url}/healthz`, deadline);
  const home = await firstOk(`${server.url}/`, deadline);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  emit(`${label}_start_to_first_200_healthz`, health - server.startedAt, 'ms');
  if (label === 'cold') judge('cold_start_to_first_200_home', home - server.startedAt, 'ms', { max: 60_000 });
  else emit('warm_start_to_first_200_home', home - server.startedAt, 'ms');
  emit(`${label}_rss_after_start`, server.memory().rss, 'MiB');
}

/** Milliseconds from the start until the whole site is published (after its first pages). */
async function untilComplete(server: BenchServer): Promise<number> {
  for (;;) {
    const status = await fetch(`${server.url}/api/site/ready`)
      .then((r) => r.json() as Promise<{ data: { published: boolean; complete: boolean; building: boolean } }>)
      .then((b) => b.data)
      .catch(() => null);
    if (status?.published && status.complete && !status.building) return performance.now() - server.startedAt;
    if (performance.now() - server.startedAt > 15 * 60_000) throw new Error('the whole site was not published in time');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const cold = await startBenchServer({ SITE_FIRST_PAGES_FIRST: 'true' });
await measure('cold', cold);
emit('cold_start_to_whole_site', await untilComplete(cold), 'ms');
await cold.stop({ keepDataDir: true });
const warm = await startBenchServer({}, cold.dataDir);
try {
  await measure('warm', warm);
} finally {
  await warm.stop();
  summarize();
}
