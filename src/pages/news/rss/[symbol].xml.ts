/** /news/rss/{symbol}.xml: one company's news. */
import type { APIRoute, GetStaticPaths } from 'astro';
import { getCollection, type CollectionEntry } from 'astro:content';
import { cacheKeyOf, groupByCompany, newestFirst } from '../../../lib/content.ts';
import { articleItems, rssFeed, xmlResponse } from '../../../lib/feeds.ts';

type Article = CollectionEntry<'news'>['data'];
const PER_FEED = 30;

export const getStaticPaths = (async () => {
  const articles = (await getCollection('news')).map((e) => e.data).sort(newestFirst);
  return [...groupByCompany(articles)].map(([symbol, items]) => {
    const latest = items.slice(0, PER_FEED);
    return {
      params: { symbol },
      props: { symbol, articles: latest },
      cacheKey: cacheKeyOf(...latest.map((a) => `${a.id}:${a.updated_at}`)),
    };
  });
}) satisfies GetStaticPaths;

export const GET: APIRoute<{ symbol: string; articles: Article[] }> = ({ props, site }) => {
  const link = (path: string) => new URL(path, site).toString();
  const name = props.articles[0]?.Company?.name ?? props.symbol;
  return xmlResponse(
    rssFeed(
      {
        title: `${name} (${props.symbol}) news on RedCap`,
        link: link(`/stocks/${props.symbol}`),
        description: `News about ${name}.`,
      },
      articleItems(props.articles, site),
    ),
    'application/rss+xml',
  );
};
