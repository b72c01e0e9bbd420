import fs from 'node:fs';
import http from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { migratedDataDir, startServer } from '../helpers/server-process.ts';

const dataDir = migratedDataDir();
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

interface Answer {
  status: number;
  at: number;
}

interface Request {
  /** Resolves once the whole request is handed to the network. */
  sent: Promise<void>;
  /** Resolves with the answer; rejects on a reset or any other network error. */
  answer: Promise<Answer>;
}

function request(agent: http.Agent, url: string, body?: string): Request {
  let sent!: Promise<void>;
  const answer = new Promise<Answer>((resolve, reject) => {
    const req = http.request(
      url,
      {
        agent,
        method: body === undefined ? 'GET' : 'POST',
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, at: Date.now() }));
        res.on('error', reject);
      },
    );
    sent = new Promise((resolveSent) => req.once('finish', () => resolveSent()));
    req.on('error', reject);
    req.end(body);
  });
  return { sent, answer };
}

const CONNECTIONS = 150;
const SCREENER_QUERY = JSON.stringify({
  query:
    '{ filteredCompanies(data: {page: 1, pageSize: 100}) { totalCount companies { symbol name marketCap sector } } }',
});

describe('stopping under load', () => {
  it(`answers every request sent on ${CONNECTIONS} keep-alive connections and exits within a second of the last answer`, async () => {
    const server = await startServer({
      DATA_DIR: dataDir,
      SEED_DEMO_DATA: 'true',
      DEMO_COMPANY_COUNT: '300',
      EXPENSIVE_CALLS_PER_ADDRESS: '1000',
    });
    const busy = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
    const idle = new http.Agent({ keepAlive: true, maxSockets: 50 });
    try {
      // Open every connection first, so the requests below travel on kept-alive ones.
      await Promise.all(Array.from({ length: CONNECTIONS }, () => request(busy, `${server.url}/healthz`).answer));
      await Promise.all(Array.from({ length: 50 }, () => request(idle, `${server.url}/healthz`).answer));
      expect(Object.values(busy.freeSockets).flat()).toHaveLength(CONNECTIONS);
      const idleClosed = Promise.all(
        Object.values(idle.freeSockets)
          .flat()
          .map((socket) => new Promise((resolve) => socket?.once('close', resolve))),
      );

      // Each connection carries a loop of requests, one after another, until the stop is sent.
      let stopping = false;
      const answers: Promise<Answer>[] = [];
      const loops = Array.from({ length: CONNECTIONS }, async (_, i) => {
        while (!stopping) {
          const { answer } =
            i % 3 === 0
              ? request(busy, `${server.url}/api/news/all`)
              : request(busy, `${server.url}/api/graphql`, SCREENER_QUERY);
          answers.push(answer);
          await answer.catch(() => {});
        }
      });
      await new Promise((resolve) => setTimeout(resolve, 1500));
      stopping = true;
      server.child.kill('SIGTERM');
      const stopAt = Date.now();
      await Promise.all(loops);
      const settled = await Promise.allSettled(answers);
      const exitCode = await server.exited;
      const exitedAt = Date.now();

      const failures = settled.filter((outcome) => outcome.status === 'rejected');
      expect(failures.map((failure) => String(failure.reason))).toEqual([]);
      const answered = settled.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
      expect(answered.filter((answer) => answer.status !== 200)).toEqual([]);
      // The load was real: most connections had a request in flight when the stop came (the test shares the
      // cores with the servers of other files, so not every one of its loops is always on the wire).
      expect(answered.filter((answer) => answer.at > stopAt).length).toBeGreaterThan(CONNECTIONS * 0.6);
      await idleClosed;

      expect(exitCode).toBe(0);
      const lastAnswer = Math.max(...answered.map((answer) => answer.at));
      expect(exitedAt - lastAnswer).toBeLessThan(1000);
      expect(server.output()).toContain('Stopped cleanly');
    } finally {
      busy.destroy();
      idle.destroy();
      server.child.kill('SIGKILL');
    }
  });
});
