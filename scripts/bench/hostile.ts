/**
 * Hostile-load benchmark: how fast the costly GraphQL alias query (40 aliases
 * of a thousand companies with their descriptions and insider records) is
 * refused, and how much a stream of such queries delays an ordinary request
 * (`/api/news/all`) made at the same time, against its latency alone.
 */
import { emitter, percentile, startBenchServer } from './server.ts';

const emit = emitter('hostile');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const ATTACKERS = 4;

const aliases = (count: number) =>
  `{ ${Array.from(
    { length: count },
    (_, i) =>
      `a${i}: filteredCompanies(data: {page: 1, pageSize: 1000}) { companies { description insiderOwnershipRecords { purchaser } } }`,
  ).join(' ')} }`;
const HOSTILE = JSON.stringify({ query: aliases(40) });

const server = await startBenchServer({ BUILD_SITE: 'false', DEMO_COMPANY_COUNT: '1000' });
const timed = async (path: string, init?: RequestInit): Promise<{ ms: number; status: number; body: string }> => {
  const t0 = performance.now();
  const res = await fetch(`${server.url}${path}`, init);
  const body = await res.text();
  return { ms: performance.now() - t0, status: res.status, body };
};
const hostile = () =>
  timed('/api/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: HOSTILE });

async function newsLatencies(): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < ROUNDS; i++) out.push((await timed('/api/news/all?limit=10')).ms);
  return out.sort((a, b) => a - b);
}

try {
  // The site is ready when the seed is done.
  while ((await timed('/readyz')).status !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
  for (let i = 0; i < 20; i++) await timed('/api/news/all?limit=10');

  const refusals: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const answer = await hostile();
    if (!answer.body.includes('QUERY_TOO_COSTLY')) throw new Error(`the alias query was not refused: ${answer.status}`);
    refusals.push(answer.ms);
  }
  refusals.sort((a, b) => a - b);
  emit('alias_query_refusal_p50', percentile(refusals, 50), 'ms');
  emit('alias_query_refusal_p99', percentile(refusals, 99), 'ms');

  const alone = await newsLatencies();
  let attacking = true;
  const attackers = Array.from({ length: ATTACKERS }, async () => {
    while (attacking) await hostile();
  });
  const underAttack = await newsLatencies();
  attacking = false;
  await Promise.all(attackers);
  emit('news_p50_alone', percentile(alone, 50), 'ms');
  emit('news_p99_alone', percentile(alone, 99), 'ms');
  emit('news_p50_under_attack', percentile(underAttack, 50), 'ms');
  emit('news_p99_under_attack', percentile(underAttack, 99), 'ms');
  emit('news_p99_delay', percentile(underAttack, 99) - percentile(alone, 99), 'ms');
  emit('attackers', ATTACKERS, 'connections');
} finally {
  await server.stop();
}
