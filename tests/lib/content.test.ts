import { describe, expect, it } from 'vitest';
import {
  cacheKeyOf,
  cutText,
  groupByCompany,
  newestFirst,
  relatedItems,
  videoThumbnail,
} from '../../src/lib/content.ts';
import { rssFeed, sitemap } from '../../src/lib/feeds.ts';
import { escapeXml } from '../../src/lib/markup.ts';

const item = (id: number, symbol: string | null, day: number) => ({
  id,
  company_symbol: symbol,
  published_at: `2026-11-${String(day).padStart(2, '0')}T12:00:00.000Z`,
});

describe('text cuts', () => {
  it('keep short text whole and cut long text at a word with an ellipsis', () => {
    expect(cutText('Short title', 75)).toBe('Short title');
    const cut = cutText('Acme Robotics Reports Record Third Quarter Revenue and Raises Its Outlook Again', 60);
    expect(cut.length).toBeLessThanOrEqual(61);
    expect(cut.endsWith('…')).toBe(true);
    expect(cut).not.toMatch(/\s…$/);
  });
});

describe('More News', () => {
  it('lists the newest items of the same company without the item itself', () => {
    const items = [item(1, 'AAA', 1), item(2, 'AAA', 3), item(3, 'BBB', 2), item(4, 'AAA', 2), item(5, null, 4)];
    const groups = groupByCompany(items);
    expect(relatedItems(items[0]!, groups).map((i) => i.id)).toEqual([2, 4]);
    expect(relatedItems(items[2]!, groups)).toEqual([]);
    expect(relatedItems(items[4]!, groups)).toEqual([]);
    // Same day: the newer id first.
    expect([...items].sort(newestFirst).map((i) => i.id)).toEqual([5, 2, 4, 3, 1]);
  });
});

describe('page cache keys', () => {
  it('change with any part and stay the same for the same parts', () => {
    expect(cacheKeyOf('a', 1, null)).toBe(cacheKeyOf('a', 1, null));
    expect(cacheKeyOf('a', 1)).not.toBe(cacheKeyOf('a', 2));
    expect(cacheKeyOf('ab', 'c')).not.toBe(cacheKeyOf('a', 'bc'));
  });
});

describe('video thumbnails', () => {
  it('use the video’s own picture, or the video host’s for its id', () => {
    expect(videoThumbnail({ thumbnail_url: '/api/covers/video/AAA.svg', youtubeId: 'x' })).toBe(
      '/api/covers/video/AAA.svg',
    );
    expect(videoThumbnail({ thumbnail_url: null, youtubeId: 'dQw4w9WgXcQ' })).toBe(
      'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
    );
  });
});

describe('feeds', () => {
  it('escape every value of an RSS item and a sitemap entry', () => {
    const rss = rssFeed({ title: 'A & B', link: 'https://x.test/', description: '<d>' }, [
      {
        title: '"Q" <script>',
        link: 'https://x.test/n/1',
        guid: 'https://x.test/n/1',
        description: "it's",
        published: '2026-11-20T12:00:00Z',
      },
    ]);
    expect(rss).toContain('<title>A &amp; B</title>');
    expect(rss).toContain('&quot;Q&quot; &lt;script&gt;');
    expect(rss).toContain('<pubDate>Fri, 20 Nov 2026 12:00:00 GMT</pubDate>');
    expect(rss).not.toContain('<script>');
    const map = sitemap([{ loc: 'https://x.test/a?b=1&c=2', lastmod: '2026-11-20T12:00:00Z' }]);
    expect(map).toContain('<loc>https://x.test/a?b=1&amp;c=2</loc><lastmod>2026-11-20</lastmod>');
    expect(escapeXml(`<>&'"`)).toBe('&lt;&gt;&amp;&apos;&quot;');
  });
});
