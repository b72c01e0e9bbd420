/**
 * The EDGAR client against a local server answering EDGAR's paths, as the SEC's fair-access policy
 * asks it to behave: it says who it is, never passes its rate, asks only for what changed, waits
 * out 429s and 503s as told, stops for ten minutes when told it went too fast, and gives up a
 * document too large or an answer that stalls.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EdgarNotConfigured,
  EdgarUnavailable,
  NO_USER_AGENT,
  createEdgarClient,
  retryAfterMs,
  type EdgarClientOptions,
} from '../../../../src/server/features/edgar/client.ts';
import { EdgarDocumentError } from '../../../../src/server/features/edgar/document-error.ts';
import { THRESHOLD_PAGE, startEdgarServer, type EdgarServer } from '../../../helpers/edgar-server.ts';

const AGENT = 'RedCap Research admin@redcap.example';
let edgar: EdgarServer;
beforeAll(async () => {
  edgar = await startEdgarServer();
});
afterAll(() => edgar.close());

const client = (options: Partial<EdgarClientOptions> = {}) =>
  createEdgarClient({
    userAgent: AGENT,
    requestsPerSecond: 8,
    wwwUrl: edgar.url,
    dataUrl: edgar.url,
    ...options,
  });

describe('the EDGAR client', () => {
  it('is not made without a User-Agent, and says what to set', () => {
    expect(() => client({ userAgent: null })).toThrow(EdgarNotConfigured);
    expect(() => client({ userAgent: '  ' })).toThrow(NO_USER_AGENT);
  });

  it('says who it is, asks for gzip, and reads the answer', async () => {
    edgar.put('/submissions/CIK0000933972.json', JSON.stringify({ cik: '0000933972', name: '374Water Inc.' }));
    const answer = await client().get('data', '/submissions/CIK0000933972.json');
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body!.toString('utf8'))).toMatchObject({ name: '374Water Inc.' });
    const request = edgar.requests.at(-1)!;
    expect(request.headers['user-agent']).toBe(AGENT);
    expect(request.headers['accept-encoding']).toMatch(/gzip/);
  });

  it('asks again only for what changed: its validators given back are answered 304', async () => {
    edgar.put('/submissions/CIK0000001750.json', '{"cik":"0000001750"}');
    const edgarClient = client();
    const first = await edgarClient.get('data', '/submissions/CIK0000001750.json');
    const again = await edgarClient.get('data', '/submissions/CIK0000001750.json', {
      etag: first.etag,
      lastModified: first.lastModified,
    });
    expect(again).toMatchObject({ status: 304, body: null });
    expect(edgar.requests.at(-1)!.headers['if-none-match']).toBe(first.etag);
  });

  it('answers 404 for a document EDGAR does not have', async () => {
    expect((await client().get('www', '/Archives/edgar/data/1/0000000001-25-000001.txt')).status).toBe(404);
  });

  it('starts its requests evenly at its rate, so EDGAR never sees more than 10 in a second', async () => {
    edgar.put('/rate', 'ok');
    const before = edgar.requests.length;
    const shared = client();
    const started = Date.now();
    await Promise.all(Array.from({ length: 25 }, () => shared.get('www', '/rate')));
    const elapsed = Date.now() - started;
    const times = edgar.requests.slice(before).map((r) => r.at);
    expect(times).toHaveLength(25);
    for (const at of times) expect(times.filter((t) => t >= at && t < at + 1000).length).toBeLessThanOrEqual(10);
    // 25 requests at 8 a second: 24 gaps of 125 ms.
    expect(elapsed).toBeGreaterThanOrEqual(2900);
    expect(shared.requests).toBe(25);
  });

  it('waits out a 429 as its Retry-After says, and a 503, then reads the answer', async () => {
    edgar.put('/busy', 'done');
    edgar.fail('/busy', { kind: 'status', status: 429, retryAfter: '1' });
    const waits: number[] = [];
    let clock = 0;
    // A clock the waits move on; the waits beyond the requests' own spacing (an eighth of a second) are noted.
    const sleepy = client({
      now: () => clock,
      sleep: async (ms) => {
        clock += ms;
        if (ms > 200) waits.push(ms);
      },
    });
    expect((await sleepy.get('www', '/busy')).body!.toString()).toBe('done');
    expect(waits).toEqual([1000]);
    edgar.fail('/busy', { kind: 'status', status: 503 }, 2);
    expect((await sleepy.get('www', '/busy')).body!.toString()).toBe('done');
    expect(waits).toEqual([1000, 2000, 4000]);
  });

  it('stops for ten minutes when EDGAR says the rate was exceeded, without asking again meanwhile', async () => {
    edgar.put('/limited', 'x');
    edgar.fail('/limited', { kind: 'status', status: 403, body: THRESHOLD_PAGE });
    let clock = 1_000_000;
    const limited = client({ now: () => clock, sleep: async () => {} });
    await expect(limited.get('www', '/limited')).rejects.toThrow(EdgarUnavailable);
    const asked = edgar.requests.length;
    await expect(limited.get('www', '/limited')).rejects.toThrow(/waits 10 more minute/);
    expect(edgar.requests.length).toBe(asked);
    clock += 10 * 60 * 1000;
    expect((await limited.get('www', '/limited')).status).toBe(200);
  });

  it('gives up an answer that stalls after its tries, and refuses a document larger than its cap', async () => {
    edgar.put('/slow', 'late');
    edgar.fail('/slow', { kind: 'stall' }, 2);
    const impatient = client({ timeoutMs: 200, tries: 2, sleep: async () => {} });
    await expect(impatient.get('www', '/slow')).rejects.toThrow(/after 2 tries \(no answer in time\)/);
    edgar.put('/large', Buffer.alloc(3000, 'a'));
    await expect(client({ maxBytes: 2000 }).get('www', '/large')).rejects.toThrow(EdgarDocumentError);
  });

  it('reads a document larger than its cap when one request asks for more (a large manager’s 13F)', async () => {
    edgar.put('/larger', Buffer.alloc(3000, 'a'));
    const capped = client({ maxBytes: 2000 });
    expect((await capped.get('www', '/larger', {}, undefined, { maxBytes: 4000 })).body!.length).toBe(3000);
    await expect(capped.get('www', '/larger')).rejects.toThrow('is more than the 0.002 MB read.');
  });

  it('reads only the opening of a document when asked for it (a registration statement’s cover)', async () => {
    edgar.put('/prospectus', Buffer.concat([Buffer.from('<SEC-DOCUMENT>cover'), Buffer.alloc(200_000, 'x')]));
    const answer = await client({ maxBytes: 2000 }).get('www', '/prospectus', {}, undefined, {
      maxBytes: 1000,
      opening: true,
    });
    expect(answer.status).toBe(200);
    expect(answer.body!.length).toBe(1000);
    expect(answer.body!.toString('latin1').startsWith('<SEC-DOCUMENT>cover')).toBe(true);
  });

  it('asks again for an answer that broke off, and reads it whole', async () => {
    edgar.put('/cut', 'a whole answer');
    edgar.fail('/cut', { kind: 'cut', bytes: 3 });
    const answer = await client({ sleep: async () => {} }).get('www', '/cut');
    expect(answer.body!.toString()).toBe('a whole answer');
  });
});

describe('a Retry-After', () => {
  it('is read as seconds or as a date', () => {
    expect(retryAfterMs('120', 0)).toBe(120_000);
    expect(retryAfterMs('Wed, 21 Oct 2026 07:28:00 GMT', Date.parse('2026-10-21T07:27:00Z'))).toBe(60_000);
    expect(retryAfterMs('soon', 0)).toBeNull();
    expect(retryAfterMs(null, 0)).toBeNull();
  });
});
