import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/platform/db/client.ts';
import { countSubscriptions } from '../../src/server/features/email/lists/newsletter-signup.ts';
import { migratedDataDir, startServer } from '../helpers/server-process.ts';

const dataDir = migratedDataDir();
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function subscribe(url: string, email: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/api/email-subscriptions/subscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    return res.status === 201;
  } catch {
    return false;
  }
}

describe('embedded database durability', () => {
  it('keeps every acknowledged write when the server is killed with SIGKILL mid-write, and restarts cleanly', async () => {
    const first = await startServer({ DATA_DIR: dataDir });
    const acknowledged: string[] = [];
    // Four writers in parallel; the kill lands while requests are in flight.
    let n = 0;
    const writer = async () => {
      while (n < 10_000) {
        const email = `user${n++}@example.com`;
        if (await subscribe(first.url, email)) acknowledged.push(email);
        else break;
      }
    };
    const writers = Promise.all([writer(), writer(), writer(), writer()]);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    first.child.kill('SIGKILL');
    await writers;
    expect(await first.exited).toBe('SIGKILL');
    expect(acknowledged.length).toBeGreaterThan(20);
    // The killed process leaves PGlite's pid file behind: the next open must not hang on it.
    expect(fs.existsSync(path.join(dataDir, 'pglite', 'postmaster.pid'))).toBe(true);

    const second = await startServer({ DATA_DIR: dataDir });
    expect(second.output()).toContain('did not shut down cleanly');
    const health = await fetch(`${second.url}/readyz`);
    expect(health.status).toBe(200);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      for (const email of acknowledged) {
        expect(await countSubscriptions(database.db, email), email).toBe(1);
      }
    } finally {
      await database.close();
    }
  });
});
