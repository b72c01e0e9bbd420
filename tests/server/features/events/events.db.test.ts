import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../helpers/app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seedCompanies: 60 });
});
afterAll(() => t.close());

describe('upcoming events', () => {
  it('lists at most eight future, active, unarchived events, soonest first', async () => {
    const { data } = (await t.call('GET', '/api/events/top')).body as {
      data: { upcoming_date: string; archived: boolean; isActive: boolean }[];
    };
    expect(data.length).toBeGreaterThan(0);
    expect(data.length).toBeLessThanOrEqual(8);
    const dates = data.map((e) => e.upcoming_date);
    expect(dates).toEqual([...dates].sort());
    for (const event of data) {
      expect(event.archived).toBe(false);
      expect(event.isActive).toBe(true);
      expect(Date.parse(event.upcoming_date)).toBeGreaterThan(Date.now() - 1000);
    }
  });
});
