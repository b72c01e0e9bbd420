/**
 * A bulk email's links work without signing in, and their answers name an address and its lists:
 * no cache may keep them (the browser's, a proxy's, or the installed app's shared cache, which would
 * show them to the next account on the device), whether the token is good or not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailLinkSecret, signListLink } from '../../../../src/server/features/email/list-links.ts';
import { createTestApp, type TestApp } from '../../../helpers/app.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = signListLink(await mailLinkSecret(t.database.db), {
    email: 'reader@example.com',
    list: 'newsletter',
    issueId: null,
  });
});
afterAll(() => t.close());

describe('an email’s token links', () => {
  it('are answered no-store, valid or not, read, written or refused', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/email/preferences?t=${token}`],
      ['GET', '/api/email/preferences?t=not-a-token'],
      ['GET', '/api/email/preferences'],
      ['PUT', `/api/email/preferences?t=${token}`, { newsletter: true }],
      ['PUT', `/api/email/preferences?t=${token}`, { newsletter: 'yes' }],
      ['GET', `/api/email/unsubscribe?t=${token}`],
      ['POST', '/api/email/unsubscribe?t=forged.token'],
      ['POST', `/api/email/unsubscribe?t=${token}`],
    ];
    const statuses: number[] = [];
    for (const [method, path, json] of calls) {
      const answer = await t.call(method, path, json === undefined ? {} : { json });
      statuses.push(answer.status);
      expect(answer.headers.get('cache-control'), `${method} ${path}`).toBe('no-store');
    }
    expect(statuses).toEqual([200, 400, 400, 200, 400, 302, 400, 200]);
  });
});
