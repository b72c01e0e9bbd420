/**
 * Other readers, for the benchmarks that judge the API's latency while
 * background work runs: requests at evenly spaced times from a process of
 * their own, so the work measured (and the embedded database, which runs
 * on the server's thread) cannot hold back their sending.
 */
import { spawn } from 'node:child_process';

// A request is timed from when it was due, not from when a free connection took it: a stall
// counts for every request it delays. (autocannon's `overallRate` is not steady: each connection
// sends its share of a second back to back at the top of the second, and that burst's own
// queueing dominated its p99.)

export interface LoadFigures {
  p50: number;
  p99: number;
  max: number;
  requests: number;
  failed: number;
  /** Requests answered in more than 50 ms. */
  over50: number;
}

const LOAD_CLIENT = `
import http from 'node:http';
const { url, paths, rate, connections } = JSON.parse(process.argv[1]);
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const times = [];
let failed = 0, sent = 0, open = 0, running = true;
const interval = 1000 / rate;
const started = performance.now();
function fire(due) {
  const path = paths[sent++ % paths.length];
  open++;
  const done = (ok) => { open--; if (ok) times.push(performance.now() - due); else failed++; };
  http.get(url + path, { agent }, (response) => {
    response.resume();
    response.on('end', () => done(response.statusCode === 200));
  }).on('error', () => done(false));
}
function tick() {
  if (!running) return;
  const now = performance.now();
  while (started + sent * interval <= now) fire(started + sent * interval);
  setTimeout(tick, Math.max(0, started + sent * interval - performance.now()));
}
process.on('message', async (message) => {
  if (message !== 'stop') return;
  running = false;
  for (let waited = 0; open > 0 && waited < 10000; waited += 10) await new Promise((r) => setTimeout(r, 10));
  times.sort((a, b) => a - b);
  const at = (p) => times.length ? times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] : 0;
  const figures = { p50: at(50), p99: at(99), max: times.at(-1) ?? 0, requests: times.length + failed + open,
    failed: failed + open, over50: times.filter((t) => t > 50).length };
  process.send({ figures }, () => process.exit(0));
});
process.on('disconnect', () => process.exit(0));
process.send({ started: true });
tick();
`;

export async function startReaderLoad(
  url: string,
  paths: string[],
  rate: number,
  connections: number,
): Promise<{ stop(): Promise<LoadFigures> }> {
  const options = { url, paths, rate, connections };
  const child = spawn(process.execPath, ['--input-type=module', '-e', LOAD_CLIENT, JSON.stringify(options)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = <T>(key: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (message: Record<string, unknown>) => {
        if (!(key in message)) return;
        child.off('message', onMessage).off('exit', onExit);
        resolve(message[key] as T);
      };
      const onExit = (code: number | null) => reject(new Error(`the reader load ended (${code}) before ${key}`));
      child.on('message', onMessage).once('exit', onExit);
    });
  await next('started');
  return {
    stop() {
      const figures = next<LoadFigures>('figures');
      child.send('stop');
      return figures;
    },
  };
}
