/**
 * Login benchmark: latency (p50, p99) and throughput of POST /api/auth/login
 * with 8 logins in flight, and the server's peak memory. Each login runs
 * Argon2id (19 MiB, 2 passes), so this is the capacity figure for sign-ins.
 * Requests carry distinct client addresses (behind a trusted proxy) so the
 * per-address rate limit does not cap the measurement.
 */
import { emitter, percentile, startBenchServer } from './server.ts';

const CONCURRENCY = 8;
const USERS = 40;
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 15_000);
const PASSWORD = 'Bench!mark42';
const emit = emitter('auth');

const server = await startBenchServer({ BUILD_SITE: 'false', SEED_DEMO_DATA: 'false', TRUST_PROXY: 'true' });
let ip = 0;
const nextIp = () => {
  ip++;
  return `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`;
};
const post = (path: string, body: unknown) =>
  fetch(`${server.url}/api/auth/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': nextIp() },
    body: JSON.stringify(body),
  });

try {
  for (let i = 0; i < USERS; i++) {
    const res = await post('register', {
      name: `Bench User ${i}`,
      email: `bench${i}@example.com`,
      password: PASSWORD,
      message_preference: 'email',
      terms_accepted: true,
    });
    if (res.status !== 201) throw new Error(`register answered ${res.status}: ${await res.text()}`);
  }
  const latencies: number[] = [];
  let failures = 0;
  const deadline = performance.now() + DURATION_MS;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, worker) => {
      let n = worker;
      while (performance.now() < deadline) {
        const t0 = performance.now();
        const res = await post('login', { email: `bench${n % USERS}@example.com`, password: PASSWORD });
        await res.arrayBuffer();
        if (res.status === 200) latencies.push(performance.now() - t0);
        else failures++;
        n += CONCURRENCY;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  emit('login_p50', percentile(latencies, 50), 'ms');
  emit('login_p99', percentile(latencies, 99), 'ms');
  emit('login_throughput', latencies.length / elapsed, 'req/s');
  emit('login_failures', failures, 'count');
  emit('concurrency', CONCURRENCY, 'connections');
  emit('server_peak_rss', server.memory().peak, 'MiB');
} finally {
  await server.stop();
}
