import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBulkWorker } from '../../../../src/server/features/email/bulk/bulk-worker.ts';
import { enqueue } from '../../../../src/server/platform/outbox/enqueue.ts';
import type { Delivery, Transport } from '../../../../src/server/platform/outbox/transport.ts';
import { createLogger } from '../../../../src/server/platform/logger.ts';
import { createTestDatabase, type TestDatabase } from '../../../helpers/database.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the bulk mail worker', () => {
  it('sends each message once when a slow server holds a batch up for longer than its lease', async () => {
    const recipients = Array.from({ length: 30 }, (_, i) => `slow-server-${String(i).padStart(2, '0')}@example.com`);
    for (const recipient of recipients)
      await enqueue(t.database.db, {
        channel: 'email',
        list: 'announcements',
        dedupeKey: `slow-server:${recipient}`,
        recipient,
        subject: 'An announcement',
        text: 'Hello.',
      });
    const sent: Delivery[] = [];
    let first = true;
    const transport: Transport = {
      name: 'slow',
      async send(message) {
        // The first message waits on the server for 2.5 leases.
        if (first) {
          first = false;
          await sleep(2500);
        }
        sent.push(message);
      },
    };
    const worker = createBulkWorker({
      db: t.database.db,
      transport,
      logger: createLogger('silent'),
      siteUrl: 'https://redcap.example',
      postalAddress: null,
      ratePerSecond: 1000,
      concurrency: 2,
      leaseRows: 10,
      leaseSeconds: 1,
      renderers: {},
    });
    await worker.runOnce();
    expect(sent.map((m) => m.to).sort()).toEqual(recipients);
  });
});
