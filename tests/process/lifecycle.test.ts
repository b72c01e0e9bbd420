import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migratedDataDir, startServer } from '../helpers/server-process.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});
/** A data directory a server has started on before: these tests are about what a start and a stop do. */
const newDir = () => {
  const dir = migratedDataDir();
  dirs.push(dir);
  return dir;
};

describe('server lifecycle', () => {
  it('refuses to open a data directory another running server holds, with a clear message', async () => {
    const dataDir = newDir();
    const first = await startServer({ DATA_DIR: dataDir });
    try {
      const second = await startServer({ DATA_DIR: dataDir }, { waitForListening: false });
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain(
        `The database in ${dataDir} is in use by another process (pid ${first.child.pid})`,
      );
      expect((await fetch(`${first.url}/readyz`)).status).toBe(200);
    } finally {
      first.child.kill('SIGTERM');
      await first.exited;
    }
  });

  it('stops on SIGTERM within 10 s, finishing the request in flight and releasing the database', async () => {
    const dataDir = newDir();
    const server = await startServer({ DATA_DIR: dataDir });
    const inFlight = fetch(`${server.url}/api/email-subscriptions/subscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'last@example.com' }),
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const started = Date.now();
    server.child.kill('SIGTERM');
    const res = await inFlight;
    expect([200, 201]).toContain(res.status);
    expect(await server.exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(server.output()).toContain('Stopped cleanly');
    expect(fs.existsSync(path.join(dataDir, 'owner.lock'))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'pglite', 'postmaster.pid'))).toBe(false);
  });

  it('warns once at the start, a line each, when it sends email by SMTP without https links, DKIM or a postal address', async () => {
    // Nothing listens on port 9: the start does not wait for the mail server, and nothing is queued to send.
    const server = await startServer({ DATA_DIR: newDir(), SMTP_URL: 'smtp://127.0.0.1:9' });
    try {
      const warnings = () =>
        server
          .output()
          .split('\n')
          .filter((line) => line.startsWith('⚠ WARNING: '));
      await expect
        .poll(warnings)
        .toEqual([
          expect.stringMatching(/^⚠ WARNING: SITE_URL is http:\/\/localhost:\d+, not https: /),
          expect.stringMatching(/^⚠ WARNING: MAIL_DKIM_DOMAIN, MAIL_DKIM_SELECTOR and MAIL_DKIM_PRIVATE_KEY /),
          expect.stringMatching(/^⚠ WARNING: MAIL_POSTAL_ADDRESS is not set: /),
        ]);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });

  it('stops with a message naming the bad setting when the configuration is invalid', async () => {
    const server = await startServer({ DATA_DIR: newDir(), PORT: 'eighty' }, { waitForListening: false });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('Invalid configuration');
    expect(server.output()).toContain('PORT="eighty": must be a number');
  });
});
