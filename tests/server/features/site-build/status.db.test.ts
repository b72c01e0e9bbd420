import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idleBuildStatus, type SiteState } from '../../../../src/server/features/site-build/state.ts';
import { createTestApp, type TestApp } from '../../../helpers/app.ts';
import { staffHeaders } from '../../../helpers/accounts.ts';

const failed: SiteState = {
  currentDir: () => null,
  status: () => ({
    ...idleBuildStatus(),
    state: 'failed',
    currentBuild: '20261123T040000-abcdef12',
    lastError: 'astro build exited with 1: ENOENT /srv/site/src/pages/news/[id].astro',
    progress: ['building /srv/site/dist/builds/20261123T040000-abcdef12'],
    pages: { rendered: 12, unchanged: 400 },
    sections: { news: { rendered: 12, unchanged: 300, renderMs: 80 } },
  }),
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ site: failed });
});
afterAll(() => t.close());

describe('the build status', () => {
  it('tells everyone the state, times and page counts, without server paths or output', async () => {
    const { data } = (await t.call('GET', '/api/site/build')).body as { data: Record<string, unknown> };
    expect(data.state).toBe('failed');
    expect(data.pages).toEqual({ rendered: 12, unchanged: 400 });
    expect(data.lastError).toBe('The last build failed.');
    expect(data.progress).toEqual([]);
    expect(JSON.stringify(data)).not.toContain('/srv/');
  });

  it('gives staff the output and the error', async () => {
    const { data } = (await t.call('GET', '/api/site/build', { headers: await staffHeaders(t) })).body as {
      data: Record<string, unknown>;
    };
    expect(data.lastError).toContain('ENOENT');
    expect(data.progress).toHaveLength(1);
  });
});
