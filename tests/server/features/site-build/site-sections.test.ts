import { describe, expect, it } from 'vitest';
import { sectionOf } from '../../../../src/server/features/site-build/state.ts';

describe('build status by site section', () => {
  it.each([
    ['/stocks/ABCD/index.html', 'company'],
    ['/stocks/ABCD/team/index.html', 'company'],
    ['/stocks/ABCD/videos/index.html', 'company'],
    ['/stocks/ABCD/videos/12/index.html', 'video'],
    ['/stocks/ABCD/financials/index.html', 'financials'],
    ['/stocks/index.html', 'stocks'],
    ['/stocks/Screener/index.html', 'stocks'],
    ['/stocks/IPO/index.html', 'stocks'],
    ['/news/12/index.html', 'news'],
    ['/index.html', 'home'],
    ['/rss.xml', 'rss'],
  ])('counts %s as part of %s', (page, section) => {
    expect(sectionOf(page)).toBe(section);
  });
});
