import { describe, expect, it } from 'vitest';
import { canRenderContent, type BuildRequest } from '../../../../src/server/features/site-build/astro-process.ts';

const warm = { sources: 'sources-a', cacheDir: '/site/cache', outDir: '/site/builds/2' };
const request: BuildRequest = {
  outDir: '/site/builds/3',
  previousDir: '/site/builds/2',
  cacheDir: '/site/cache',
  phase: 'full',
  sources: 'sources-a',
};

describe('choosing a content build', () => {
  it('renders with the loaded page bundle when the sources are the ones it was made from, on its own last build', () => {
    expect(canRenderContent(warm, request)).toBe(true);
  });

  it('builds in full when the sources changed, another build was published, or the process has built nothing', () => {
    expect(canRenderContent(warm, { ...request, sources: 'sources-b' })).toBe(false);
    expect(canRenderContent(warm, { ...request, previousDir: '/site/builds/1' })).toBe(false);
    expect(canRenderContent(warm, { ...request, cacheDir: '/elsewhere/cache' })).toBe(false);
    expect(canRenderContent(warm, { ...request, phase: 'first' })).toBe(false);
    expect(canRenderContent(null, request)).toBe(false);
  });
});
