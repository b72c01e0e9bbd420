/** /rss.xml: the newest news, all companies. */
import type { APIRoute } from 'astro';
import { getCollection } from 'astro:content';
import { newestFirst } from '../lib/content.ts';
import { articleItems, rssFeed, xmlResponse } from '../lib/feeds.ts';

export const GET: APIRoute = async ({ site }) => {
  const articles = (await getCollection('news'))
    .map((e) => e.data)
    .sort(newestFirst)
    .slice(0, 50);
  const link = (path: string) => new URL(path, site).toString();
  return xmlResponse(
    rssFeed(
      { title: 'RedCap small-cap news', link: link('/news'), description: 'The latest news on US small-cap stocks.' },
      articleItems(articles, site),
    ),
    'application/rss+xml',
  );
};
