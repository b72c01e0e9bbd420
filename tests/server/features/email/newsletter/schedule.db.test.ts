/**
 * Staff schedule an issue in Eastern Time (docs/product.md §21.5, §17.4): a day the calendar does not
 * have is refused, not rolled into the next month, and a time the spring change skips is read an hour on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffHeaders } from '../../../../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../../../../helpers/app.ts';

let t: TestApp;
let staff: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ seedCompanies: 20 });
  staff = await staffHeaders(t, 'desk@example.com');
});
afterAll(() => t.close());

async function draft(): Promise<number> {
  const made = await t.call('POST', '/api/tools/newsletter/issues', { headers: staff });
  expect(made.status).toBe(200);
  return (made.body as { data: { id: number } }).data.id;
}

const schedule = (id: number, at: string) =>
  t.call('POST', `/api/tools/newsletter/issues/${id}/actions`, { headers: staff, json: { action: 'schedule', at } });

describe('scheduling an issue', () => {
  it('refuses a day the calendar does not have, in Eastern Time or with an offset', async () => {
    const id = await draft();
    for (const at of ['2027-02-31T10:00', '2027-02-29T09:00', '2027-04-31T10:00Z', '2027-02-31T10:00:00-05:00']) {
      const answer = await schedule(id, at);
      expect(answer.status, at).toBe(400);
      expect(answer.body).toEqual({ message: 'at: not a date and time' });
    }
  });

  it('reads a time the spring change skips as the same time an hour on', async () => {
    const id = await draft();
    const answer = await schedule(id, '2027-03-14T02:30');
    expect(answer.status).toBe(200);
    // 2:30 does not happen on March 14th, 2027: 3:30 EDT does.
    expect((answer.body as { data: { scheduledAt: string } }).data.scheduledAt).toBe('2027-03-14T07:30:00.000Z');
  });
});
