import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPolygonQuoteProvider, polygonTicker } from '../../../../src/server/features/market/polygon.ts';

/** What the fake provider does with the next calls, in order (then it answers normally). */
type Behaviour = 'ok' | 'fail' | 'slow' | 'limit' | 'refuse';
let script: Behaviour[] = [];
let calls: { tickers: string[]; key: string | null }[] = [];
let server: http.Server;
let baseUrl: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const tickers = (url.searchParams.get('tickers') ?? '').split(',').filter(Boolean);
    calls.push({ tickers, key: url.searchParams.get('apiKey') });
    const behaviour = script.shift() ?? 'ok';
    if (url.pathname !== '/v2/snapshot/locale/us/markets/stocks/tickers') return res.writeHead(404).end();
    if (behaviour === 'fail') return res.writeHead(502).end('bad gateway');
    if (behaviour === 'slow') return setTimeout(() => res.writeHead(200).end('{}'), 500);
    if (behaviour === 'limit') return res.writeHead(429, { 'retry-after': '30' }).end('{"status":"ERROR"}');
    if (behaviour === 'refuse') return res.writeHead(401).end('{"status":"NOT_AUTHORIZED"}');
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({
        status: 'OK',
        tickers: tickers.map((ticker, i) =>
          // Every third ticker has no trade on this plan: its day's close stands in.
          i % 3 === 2
            ? { ticker, day: { c: 20 + i, v: 1000 + i }, lastTrade: null }
            : { ticker, day: { c: 10 + i, v: 500 + i }, lastTrade: { p: 10.5 + i } },
        ),
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  script = [];
  calls = [];
});

const list = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    symbol: `S${String(i).padStart(4, '0')}`,
    preClose: 10,
    volumeAvg: 1000,
  }));

function provider(now = () => 0) {
  const problems: string[] = [];
  const log = (level: string) => (fields: object, message: string) => problems.push(`${level}: ${message}`);
  const quotes = createPolygonQuoteProvider({
    baseUrl,
    apiKey: 'test-key',
    callsPerMinute: 2,
    batchSize: 3,
    timeoutMs: 200,
    retries: 2,
    logger: { warn: log('warn'), error: log('error') } as never,
    sleep: async () => {},
    now,
  });
  return { quotes, problems };
}

describe("quotes from Polygon.io's snapshot API", () => {
  it('asks for as many batches as the plan allows a minute, and goes on from there at the next run', async () => {
    const { quotes } = provider();
    const first = await quotes.quotes(list(8), new Date());
    expect(calls.map((c) => c.tickers)).toEqual([
      ['S0000', 'S0001', 'S0002'],
      ['S0003', 'S0004', 'S0005'],
    ]);
    expect(calls[0]?.key).toBe('test-key');
    expect(first[0]).toEqual({ symbol: 'S0000', price: 10.5, volume: 500 });
    // No trade: the day's close and volume.
    expect(first[2]).toEqual({ symbol: 'S0002', price: 22, volume: 1002 });
    calls = [];
    await quotes.quotes(list(8), new Date());
    // The rest, then round again from the start.
    expect(calls.map((c) => c.tickers)).toEqual([
      ['S0006', 'S0007'],
      ['S0000', 'S0001', 'S0002'],
    ]);
  });

  it('retries a failed or slow call with backoff and leaves a batch that keeps failing for its next turn', async () => {
    const { quotes, problems } = provider();
    script = ['fail', 'slow', 'ok'];
    const first = await quotes.quotes(list(6), new Date());
    expect(calls).toHaveLength(4);
    expect(first.map((q) => q.symbol)).toEqual(['S0000', 'S0001', 'S0002', 'S0003', 'S0004', 'S0005']);
    calls = [];
    script = ['fail', 'fail', 'fail'];
    const second = await quotes.quotes(list(6), new Date());
    // Three tries of the first batch, then the second batch goes on.
    expect(calls.map((c) => c.tickers[0])).toEqual(['S0000', 'S0000', 'S0000', 'S0003']);
    expect(second.map((q) => q.symbol)).toEqual(['S0003', 'S0004', 'S0005']);
    expect(problems).toEqual(['warn: quote batch failed after retries']);
  });

  it('pauses for as long as a rate-limit answer asks, then goes on', async () => {
    let clock = 0;
    const { quotes, problems } = provider(() => clock);
    script = ['limit'];
    expect(await quotes.quotes(list(6), new Date())).toEqual([]);
    expect(calls).toHaveLength(1);
    clock = 29_000;
    expect(await quotes.quotes(list(6), new Date())).toEqual([]);
    expect(calls).toHaveLength(1);
    clock = 30_000;
    expect(await quotes.quotes(list(6), new Date())).toHaveLength(6);
    expect(problems).toEqual(['warn: quote provider rate limit reached; pausing']);
  });

  it('stops the run without retrying when the key is refused', async () => {
    const { quotes, problems } = provider();
    script = ['refuse'];
    expect(await quotes.quotes(list(6), new Date())).toEqual([]);
    expect(calls).toHaveLength(1);
    expect(problems).toEqual(['error: quote provider refused the API key']);
  });

  it('writes symbols as Polygon does: class shares with a dot, preferred series with a small p', () => {
    expect(polygonTicker('BRK.B')).toBe('BRK.B');
    expect(polygonTicker('ABR-PA')).toBe('ABRpA');
    expect(polygonTicker('AAPL')).toBe('AAPL');
  });
});
