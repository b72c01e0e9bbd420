/** /sitemap.xml: every public page: articles and videos with their last change, company pages and client tabs. */
import type { APIRoute } from 'astro';
import { getCollection } from 'astro:content';
import { sitemap, xmlResponse } from '../lib/feeds.ts';
import { clientTabs } from '../components/company/company-data.ts';

const STATIC_PAGES = [
  '/',
  '/stocks',
  '/stocks/Leaders',
  '/stocks/Laggards',
  '/stocks/IPO',
  '/news',
  '/newsletters',
  '/videos',
  '/events',
  '/redchat',
  '/terms',
  '/privacypolicy',
  '/userpolicy',
  '/legal/privacy_policy',
];

export const GET: APIRoute = async ({ site }) => {
  const link = (path: string) => new URL(path, site).toString();
  const news = (await getCollection('news')).map((e) => e.data);
  const videos = (await getCollection('videos')).map((e) => e.data).filter((v) => !v.disabled);
  const companies = (await getCollection('companies')).map((e) => e.data);
  return xmlResponse(
    sitemap([
      ...STATIC_PAGES.map((path) => ({ loc: link(path) })),
      ...news.map((a) => ({ loc: link(`/news/${a.id}`), lastmod: a.updated_at })),
      ...videos.map((v) => ({ loc: link(`/video/${v.id}`), lastmod: v.updated_at })),
      ...companies.flatMap((c) => [
        { loc: link(`/stocks/${c.symbol}`) },
        { loc: link(`/stocks/${c.symbol}/financials`) },
        ...clientTabs(c)
          .filter((tab) => tab !== 'about')
          .map((tab) => ({ loc: link(`/stocks/${c.symbol}/${tab}`) })),
      ]),
    ]),
  );
};
