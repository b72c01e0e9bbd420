/**
 * Start-up benchmark: cold start (empty data directory: migrate, seed the
 * demo universe, build the site) and warm restart, each to the first 200 of
 * the health check and of the home page, plus resident memory once serving.
 * Prints one JSON line per figure.
 */
import { emitter, startBenchServer, type BenchServer } from './server.ts';

const emit = emitter('startup');

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
  emit(`${label}_start_to_first_200_home`, home - server.startedAt, 'ms');
  emit(`${label}_rss_after_start`, server.memory().rss, 'MiB');
}

const cold = await startBenchServer();
await measure('cold', cold);
await cold.stop({ keepDataDir: true });
const warm = await startBenchServer({}, cold.dataDir);
try {
  await measure('warm', warm);
} finally {
  await warm.stop();
}
