import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idleBuildStatus, type BuildStatus, type SiteState } from '../../../../src/server/features/site-build/state.ts';
import { createTestApp, type TestApp } from '../../../helpers/app.ts';
import { bearer, staffHeaders, verifiedUser } from '../../../helpers/accounts.ts';

const failedBuild: BuildStatus = {
  ...idleBuildStatus(),
  state: 'failed',
  currentBuild: '20261123T040000-abcdef12',
  lastError: 'astro build exited with 1: ENOENT /srv/site/src/pages/news/[id].astro',
  progress: ['building /srv/site/dist/builds/20261123T040000-abcdef12'],
  pages: { rendered: 12, unchanged: 400 },
  sections: { news: { rendered: 12, unchanged: 300, renderMs: 80 } },
};
let status = failedBuild;
const site: SiteState = { currentDir: () => null, status: () => status };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ site });
});
afterAll(() => t.close());

describe('the build status', () => {
  it('is for staff only: 401 to a guest, 403 to a signed-in reader', async () => {
    const guest = await t.call('GET', '/api/site/build');
    expect(guest.status).toBe(401);
    expect(JSON.stringify(guest.body)).not.toContain('failed');
    const reader = bearer(await verifiedUser(t, 'build.reader@example.com'));
    const refused = await t.call('GET', '/api/site/build', { headers: reader });
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).not.toContain('/srv/');
  });

  it('gives staff the state, the page counts, the output and the error', async () => {
    const answer = await t.call('GET', '/api/site/build', { headers: await staffHeaders(t) });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const { data } = answer.body as { data: Record<string, unknown> };
    expect(data.state).toBe('failed');
    expect(data.pages).toEqual({ rendered: 12, unchanged: 400 });
    expect(data.lastError).toContain('ENOENT');
    expect(data.progress).toHaveLength(1);
  });

  it('tells everyone only whether a site is published, whole, and being built', async () => {
    const answer = await t.call('GET', '/api/site/ready');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ data: { published: true, complete: true, building: false } });
    status = { ...idleBuildStatus(), state: 'building', complete: false };
    try {
      expect((await t.call('GET', '/api/site/ready')).body).toEqual({
        data: { published: false, complete: false, building: true },
      });
    } finally {
      status = failedBuild;
    }
  });
});
