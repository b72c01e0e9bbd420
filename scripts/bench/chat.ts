/**
 * RedChat benchmark, on the demo data:
 * - the built-in engine through POST /api/redchat/api/chat/chat/messages:
 *   time to the first streamed text (p50 target ≤ 100 ms, p99 ≤ 300 ms) and
 *   to the whole answer (p99 ≤ 1 s), at 1 and at 8 concurrent conversations,
 *   over a mix of questions (every intent, screens, comparisons, open
 *   questions), on the embedded database and on PostgreSQL when one answers
 *   on 127.0.0.1:5432 (or BENCH_DATABASE_URL);
 * - with a configured model (a local OpenAI-compatible server answering at
 *   once): the time the site adds before the model's first token (p50 target
 *   ≤ 50 ms), measured against asking that server directly;
 * - the chat page in Chromium: the JavaScript of the page and its frame
 *   (gzip, target ≤ 150 KB).
 * Prints one JSON line per figure (`<metric>_target`, `<metric>_pass` after
 * a judged one) and a PASS/FAIL summary on stderr. BENCH_PARTS=builtin,model,page
 * picks parts; BENCH_QUESTIONS sets how many questions each run asks.
 */
import { createAnswerEventReader } from '../../src/lib/chat-protocol.ts';
import { startFakeModel } from '../../tests/helpers/fake-model.ts';
import { hasChromium, launchChromium, pageScriptBytes, waitForPage } from './page.ts';
import {
  createBenchDatabase,
  createJudge,
  percentile,
  postgresAvailable,
  startBenchServer,
  type BenchServer,
} from './server.ts';

const { emit, judge, summarize } = createJudge('chat');
const parts = new Set((process.env.BENCH_PARTS ?? 'builtin,postgres,model,page').split(','));
const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 240);

/** Many questions, one client address, one process: no limit may refuse the load. */
const UNLIMITED = {
  BUILD_SITE: 'false',
  LOG_LEVEL: 'error',
  CHAT_MESSAGES_PER_MINUTE_PER_USER: '100000',
  CHAT_MESSAGES_PER_MINUTE_PER_ADDRESS: '100000',
};

interface Timing {
  firstText: number;
  whole: number;
}

/** Asks one question; the time to the first text and to the end of the answer, ms. */
async function timeQuestion(url: string, message: string): Promise<Timing> {
  const started = performance.now();
  const response = await fetch(`${url}/api/redchat/api/chat/chat/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ message }),
  });
  if (!response.ok || !response.body) throw new Error(`${response.status} for "${message}"`);
  const reader = createAnswerEventReader();
  const decoder = new TextDecoder();
  let firstText = 0;
  let done = false;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    for (const event of reader.push(decoder.decode(chunk, { stream: true }))) {
      if (event.event === 'delta' && firstText === 0) firstText = performance.now() - started;
      if (event.event === 'done') done = true;
      if (event.event === 'error') throw new Error(`answer failed for "${message}"`);
    }
  }
  if (!done || firstText === 0) throw new Error(`no complete answer for "${message}"`);
  return { firstText, whole: performance.now() - started };
}

/** Questions over the universe's companies, every kind the engine answers. */
async function questionMix(url: string): Promise<string[]> {
  const { data } = (await (await fetch(`${url}/api/stock/search?query=a&pageSize=40`)).json()) as {
    data: { symbol: string; name: string }[];
  };
  const forCompany = (c: { symbol: string; name: string }, i: number) =>
    [
      `What's ${c.symbol} trading at?`,
      `how has ${c.symbol.toLowerCase()} performed over the last 3 months`,
      `${c.name} performance`,
      `${c.symbol} market cap and float`,
      `${c.symbol} 52 week range`,
      `what do analysts think of ${c.symbol}`,
      `any insider buying at ${c.symbol}?`,
      `who owns ${c.symbol}`,
      `${c.symbol} latest SEC filings`,
      `${c.symbol} pipeline`,
      `${c.symbol} news`,
      `compare ${c.symbol} and ${data[(i + 1) % data.length]!.symbol}`,
      `should I buy ${c.symbol}?`,
    ][i % 13]!;
  const general = [
    'life-science small caps under $5 with a phase 3 drug',
    'tech stocks under $10 on nasdaq',
    'how are small caps doing today?',
    'upcoming webinars',
    'any news about contract wins?',
  ];
  const mix: string[] = [];
  for (let i = 0; i < QUESTIONS; i++)
    mix.push(i % 6 === 5 ? general[i % general.length]! : forCompany(data[i % data.length]!, i));
  return mix;
}

/** Asks the questions in `conversations` parallel streams; the sorted timings. */
async function run(url: string, questions: string[], conversations: number) {
  const timings: Timing[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: conversations }, async () => {
      while (next < questions.length) timings.push(await timeQuestion(url, questions[next++]!));
    }),
  );
  return {
    firstText: timings.map((t) => t.firstText).sort((a, b) => a - b),
    whole: timings.map((t) => t.whole).sort((a, b) => a - b),
  };
}

async function measureBuiltin(label: string, server: BenchServer) {
  const questions = await questionMix(server.url);
  await run(server.url, questions.slice(0, 30), 1); // warm-up: snapshot, directory, query plans
  for (const conversations of [1, 8]) {
    const t = await run(server.url, questions, conversations);
    const name = `${label}_builtin_${conversations}conv`;
    judge(`${name}_first_text_p50`, percentile(t.firstText, 50), 'ms', { max: 100 });
    judge(`${name}_first_text_p99`, percentile(t.firstText, 99), 'ms', { max: 300 });
    emit(`${name}_whole_p50`, percentile(t.whole, 50), 'ms');
    judge(`${name}_whole_p99`, percentile(t.whole, 99), 'ms', { max: 1000 });
    emit(`${name}_questions`, t.whole.length, 'count');
  }
  emit(`${label}_peak_rss`, server.memory().peak, 'MiB');
}

if (parts.has('builtin')) {
  const server = await startBenchServer(UNLIMITED);
  try {
    await measureBuiltin('pglite', server);
  } finally {
    await server.stop();
  }
}

const pgUrl = parts.has('postgres') ? await postgresAvailable() : null;
if (pgUrl) {
  const database = await createBenchDatabase(pgUrl);
  const server = await startBenchServer({ ...UNLIMITED, DATABASE_URL: database.url });
  try {
    await measureBuiltin('postgres', server);
  } finally {
    await server.stop();
    await database.drop();
  }
} else if (parts.has('postgres')) {
  emit('postgres_skipped', 1, 'flag');
}

if (parts.has('model')) {
  // A model that answers at once, so what is measured is the site's own work before its first token.
  const model = await startFakeModel(() => ({ text: 'Small caps rose today, led by the Russell 2000.', chunk: 16 }));
  const server = await startBenchServer({ ...UNLIMITED, CHAT_MODEL_BASE_URL: model.url, CHAT_MODEL: 'bench-model' });
  try {
    const direct: number[] = [];
    const through: number[] = [];
    const ask = async () => {
      const started = performance.now();
      const response = await fetch(`${model.url}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'bench-model', stream: true, messages: [{ role: 'user', content: 'hi' }] }),
      });
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      let seen = '';
      let first = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        seen += decoder.decode(value, { stream: true });
        if (!first && seen.includes('"content":"Small')) first = performance.now() - started;
      }
      return first;
    };
    for (let i = 0; i < 20; i++) await timeQuestion(server.url, 'How are small caps doing?');
    for (let i = 0; i < 100; i++) {
      direct.push(await ask());
      through.push((await timeQuestion(server.url, 'How are small caps doing?')).firstText);
    }
    direct.sort((a, b) => a - b);
    through.sort((a, b) => a - b);
    emit('model_direct_first_token_p50', percentile(direct, 50), 'ms');
    emit('model_site_first_token_p50', percentile(through, 50), 'ms');
    judge('model_overhead_p50', percentile(through, 50) - percentile(direct, 50), 'ms', { max: 50 });
    emit('model_overhead_p99', percentile(through, 99) - percentile(direct, 99), 'ms');
  } finally {
    await server.stop();
    await model.close();
  }
}

if (parts.has('page') && hasChromium()) {
  // The page as a visitor gets it: the real server with its built site (a smaller universe builds sooner).
  const server = await startBenchServer({ LOG_LEVEL: 'error', DEMO_COMPANY_COUNT: '400' });
  const browser = await launchChromium();
  try {
    const { data } = (await (await fetch(`${server.url}/api/stock/search?query=a&pageSize=1`)).json()) as {
      data: { symbol: string }[];
    };
    const url = `${server.url}/redchat?symbol=${data[0]!.symbol}`;
    await waitForPage(`${server.url}/redchat/`, 20 * 60_000);
    // The page and its chat frame, as the browser loads them.
    const weight = await pageScriptBytes(browser, url);
    emit('page_js_files', weight.files, 'count');
    judge('page_js_gzip', weight.gzipBytes / 1024, 'KB', { max: 150 });
  } finally {
    await browser.close();
    await server.stop();
  }
} else if (parts.has('page')) {
  emit('page_skipped_no_chromium', 1, 'flag');
}

summarize();
