/**
 * A local stand-in for EDGAR: it serves EDGAR's own paths (www.sec.gov's archives, indexes and
 * feed, data.sec.gov's submissions) from files the test places, as EDGAR answers them (gzip when
 * asked, ETag and Last-Modified, 304 to a conditional request, 404 for what it does not have), and
 * can be told to fail as EDGAR does: 429 with Retry-After, 503, the rate-threshold page, an answer
 * that stalls or breaks off. It records every request with its time and headers.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { createEdgarClient, type EdgarClient } from '../../src/server/features/edgar/client.ts';
import { dailyIndexPath } from '../../src/server/features/edgar/filing-lists.ts';

export { dailyIndexPath };

export interface EdgarRequest {
  path: string;
  at: number;
  headers: http.IncomingHttpHeaders;
}

export type EdgarFailure =
  | { kind: 'status'; status: number; retryAfter?: string; body?: string }
  | { kind: 'stall' }
  | { kind: 'cut'; bytes: number };

export interface EdgarServer {
  url: string;
  requests: EdgarRequest[];
  /** Serves `body` at `path` (a path with its query, as the client asks it). */
  put(path: string, body: string | Buffer, lastModified?: Date): void;
  remove(path: string): void;
  /** The next `times` requests for `path` fail this way. */
  fail(path: string, failure: EdgarFailure, times?: number): void;
  close(): Promise<void>;
}

const RATE_PAGE =
  '<html><head><title>SEC.gov | Request Rate Threshold Exceeded</title></head><body><h1>Your Request Originates from an Undeclared Automated Tool</h1></body></html>';
export const THRESHOLD_PAGE = RATE_PAGE;

export async function startEdgarServer(): Promise<EdgarServer> {
  const files = new Map<string, { body: Buffer; etag: string; lastModified: string }>();
  const failures = new Map<string, { failure: EdgarFailure; times: number }>();
  const requests: EdgarRequest[] = [];
  const server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    requests.push({ path, at: Date.now(), headers: req.headers });
    const failing = failures.get(path);
    if (failing && failing.times > 0) {
      failing.times--;
      const { failure } = failing;
      if (failure.kind === 'stall') return; // never answers
      if (failure.kind === 'status') {
        res.writeHead(failure.status, {
          'Content-Type': 'text/html',
          ...(failure.retryAfter && { 'Retry-After': failure.retryAfter }),
        });
        return res.end(failure.body ?? `<html><body>${failure.status}</body></html>`);
      }
      const file = files.get(path);
      res.writeHead(200, { 'Content-Length': String(file?.body.length ?? 1000) });
      res.write((file?.body ?? Buffer.alloc(1000)).subarray(0, failure.bytes));
      return res.destroy();
    }
    const file = files.get(path);
    if (!file) {
      res.writeHead(404, { 'Content-Type': 'application/xml' });
      return res.end(
        '<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>',
      );
    }
    if (req.headers['if-none-match'] === file.etag || req.headers['if-modified-since'] === file.lastModified) {
      res.writeHead(304, { ETag: file.etag, 'Last-Modified': file.lastModified });
      return res.end();
    }
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    const body = gzip ? gzipSync(file.body) : file.body;
    res.writeHead(200, {
      ETag: file.etag,
      'Last-Modified': file.lastModified,
      'Content-Length': String(body.length),
      ...(gzip && { 'Content-Encoding': 'gzip' }),
    });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    put(path, body, lastModified = new Date()) {
      const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body);
      files.set(path, {
        body: bytes,
        etag: `"${createHash('sha1').update(bytes).digest('hex').slice(0, 16)}"`,
        lastModified: lastModified.toUTCString(),
      });
    },
    remove: (path) => void files.delete(path),
    fail(path, failure, times = 1) {
      failures.set(path, { failure, times });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A client of `edgar` that asks as fast as the SEC allows and never waits out a Retry-After. */
export function testEdgarClient(edgar: EdgarServer): EdgarClient {
  return createEdgarClient({
    userAgent: 'RedCap Research admin@redcap.example',
    requestsPerSecond: 10,
    wwwUrl: edgar.url,
    dataUrl: edgar.url,
    sleep: async () => {},
  });
}

/**
 * A daily master index as EDGAR writes it for `day` (YYYY-MM-DD), listing these filings
 * (`CIK|Company Name|Form Type|Date Filed|File Name`).
 */
export function masterIndex(day: string, lines: readonly string[]): string {
  const received = new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return [
    'Description:           Daily Index of EDGAR Dissemination Feed',
    `Last Data Received:    ${received}`,
    'Comments:              webmaster@sec.gov',
    'Anonymous FTP:         ftp://ftp.sec.gov/edgar/',
    '',
    'CIK|Company Name|Form Type|Date Filed|File Name',
    '--------------------------------------------------------------------------------',
    ...lines,
    '',
  ].join('\n');
}
