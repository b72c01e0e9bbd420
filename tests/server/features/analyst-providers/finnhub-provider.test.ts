/**
 * The Finnhub adapter against a local server answering Finnhub's paths with recorded answers: it
 * sends the key in the X-Finnhub-Token header (never in the address), gives a company's newest month
 * with the price targets, nothing for a symbol Finnhub does not cover (and asks no targets of it),
 * keeps the counts when the plan refuses the targets (403) and asks them no more for a while, stops
 * at once with Finnhub's words when the key is refused (401), waits out a 429, and stops when Finnhub
 * keeps answering 429. Its requests start evenly spaced at the configured rate.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createFinnhubProvider, ProviderUnavailable } from '../../../../src/server/features/analyst-providers/index.ts';

const fixture = (name: string) => fs.readFileSync(new URL(`../../../fixtures/finnhub/${name}`, import.meta.url));

interface Asked {
  path: string;
  token: string | undefined;
}

/** What the local Finnhub answers at a path with its query: a status and a body, once or always. */
const answers = new Map<string, { status: number; body: Buffer | string }[]>();
const asked: Asked[] = [];
let server: http.Server;
let url: string;

const answer = (path: string, ...replies: { status: number; body: Buffer | string }[]) => answers.set(path, replies);

beforeAll(async () => {
  server = http.createServer((req, res) => {
    asked.push({ path: req.url ?? '', token: req.headers['x-finnhub-token'] as string | undefined });
    const replies = answers.get(req.url ?? '');
    // The last reply of a path stands for every later request.
    const reply = replies && (replies.length > 1 ? replies.shift()! : replies[0]!);
    if (!reply) {
      res.writeHead(404, { 'Content-Type': 'application/json' });
      return res.end('{"error":"Not found"}');
    }
    res.writeHead(reply.status, { 'Content-Type': 'application/json; charset=utf-8' });
    res.end(reply.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => {
  answers.clear();
  asked.length = 0;
});

const ok = (name: string) => ({ status: 200, body: fixture(name) });
const provider = (extra: Partial<Parameters<typeof createFinnhubProvider>[0]> = {}) =>
  createFinnhubProvider({
    url,
    apiKey: 'test-key-1',
    requestsPerMinute: 1800,
    userAgent: 'RedCap Research admin@redcap.example',
    sleep: async () => {},
    ...extra,
  });

describe('the Finnhub adapter', () => {
  it('gives the newest month and the price targets, the key sent in a header only', async () => {
    answer('/api/v1/stock/recommendation?symbol=TSLA', ok('recommendation-TSLA-2021-11-16.json'));
    answer('/api/v1/stock/price-target?symbol=TSLA', ok('price-target-NFLX-documented.json'));
    const finnhub = provider();
    expect(await finnhub.consensusOf('tsla')).toEqual({
      period: '2021-11-01',
      strongBuy: 13,
      buy: 10,
      hold: 13,
      sell: 6,
      strongSell: 4,
      targets: { mean: 364.37, median: 359.04, high: 462, low: 217.15, analysts: 39, updatedOn: '2023-04-06' },
    });
    expect(asked.map((a) => a.path)).toEqual([
      '/api/v1/stock/recommendation?symbol=TSLA',
      '/api/v1/stock/price-target?symbol=TSLA',
    ]);
    expect(asked.every((a) => a.token === 'test-key-1' && !a.path.includes('test-key-1'))).toBe(true);
    expect(finnhub.requests).toBe(2);
  });

  it('gives nothing for a symbol Finnhub does not cover, and asks no targets of it', async () => {
    answer('/api/v1/stock/recommendation?symbol=INVALID_TICKER', ok('recommendation-INVALID_TICKER-2021-11-16.json'));
    expect(await provider().consensusOf('INVALID_TICKER')).toBeNull();
    expect(asked).toHaveLength(1);
  });

  it('keeps the counts when the plan refuses the targets, and asks them no more for a while', async () => {
    for (const symbol of ['TSLA', 'BRK.B']) {
      answer(`/api/v1/stock/recommendation?symbol=${symbol}`, ok('recommendation-TSLA-2021-11-16.json'));
      answer(`/api/v1/stock/price-target?symbol=${symbol}`, { status: 403, body: fixture('no-access-403.json') });
    }
    const finnhub = provider();
    const first = await finnhub.consensusOf('TSLA');
    expect(first).toMatchObject({ period: '2021-11-01', strongBuy: 13, targets: null });
    const second = await finnhub.consensusOf('BRK.B');
    expect(second).toMatchObject({ period: '2021-11-01', targets: null });
    expect(asked.map((a) => a.path)).toEqual([
      '/api/v1/stock/recommendation?symbol=TSLA',
      '/api/v1/stock/price-target?symbol=TSLA',
      '/api/v1/stock/recommendation?symbol=BRK.B',
    ]);
  });

  it('stops at once with Finnhub’s words when the key is refused', async () => {
    answer('/api/v1/stock/recommendation?symbol=TSLA', {
      status: 401,
      body: fixture('invalid-api-key-2023-02-03.json'),
    });
    const refused = provider().consensusOf('TSLA');
    await expect(refused).rejects.toBeInstanceOf(ProviderUnavailable);
    await expect(refused).rejects.toThrow('Finnhub refused the API key ("Invalid API key"): check FINNHUB_API_KEY.');
    expect(asked).toHaveLength(1);
  });

  it('waits out a 429 and asks again', async () => {
    answer(
      '/api/v1/stock/recommendation?symbol=TSLA',
      { status: 429, body: '' },
      ok('recommendation-TSLA-2021-11-16.json'),
    );
    answer('/api/v1/stock/price-target?symbol=TSLA', ok('price-target-NFLX-documented.json'));
    const waits: number[] = [];
    const finnhub = provider({ sleep: async (ms) => void waits.push(ms) });
    expect((await finnhub.consensusOf('TSLA'))?.targets?.mean).toBe(364.37);
    expect(asked.map((a) => a.path)).toEqual([
      '/api/v1/stock/recommendation?symbol=TSLA',
      '/api/v1/stock/recommendation?symbol=TSLA',
      '/api/v1/stock/price-target?symbol=TSLA',
    ]);
    expect(waits.some((ms) => ms >= 2000)).toBe(true);
  });

  it('stops, saying Finnhub asked it to slow down, when 429s go on', async () => {
    answer('/api/v1/stock/recommendation?symbol=TSLA', { status: 429, body: '' });
    const refused = provider({ tries: 3 }).consensusOf('TSLA');
    await expect(refused).rejects.toBeInstanceOf(ProviderUnavailable);
    await expect(refused).rejects.toThrow(/Finnhub asked this client to slow down/);
    expect(asked).toHaveLength(3);
  });

  it('starts its requests evenly spaced at the requests a minute it is given', async () => {
    answer('/api/v1/stock/recommendation?symbol=TSLA', ok('recommendation-TSLA-2021-11-16.json'));
    answer('/api/v1/stock/price-target?symbol=TSLA', ok('price-target-NFLX-documented.json'));
    let clock = 0;
    const starts: number[] = [];
    const finnhub = provider({
      requestsPerMinute: 60,
      now: () => clock,
      sleep: async (ms) => {
        clock += ms;
      },
      fetch: (input, init) => {
        starts.push(clock);
        return fetch(input, init);
      },
    });
    await finnhub.consensusOf('TSLA');
    await finnhub.consensusOf('TSLA');
    expect(starts).toEqual([0, 1000, 2000, 3000]);
  });
});
