/** RSS 2.0 and sitemap XML, written by hand: small, and every value escaped. */
import { escapeXml } from './markup.ts';

export interface FeedItem {
  title: string;
  link: string;
  description: string;
  published: string;
  guid: string;
}

export function rssFeed(channel: { title: string; link: string; description: string }, items: FeedItem[]): string {
  const entries = items
    .map(
      (item) =>
        `<item><title>${escapeXml(item.title)}</title><link>${escapeXml(item.link)}</link><guid isPermaLink="true">${escapeXml(item.guid)}</guid><pubDate>${new Date(item.published).toUTCString()}</pubDate><description>${escapeXml(item.description)}</description></item>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>${escapeXml(channel.title)}</title><link>${escapeXml(channel.link)}</link><description>${escapeXml(channel.description)}</description><language>en-us</language>
${entries}
</channel></rss>
`;
}

/** Articles as feed items, linking to their pages on the site. */
export function articleItems(
  articles: readonly { id: number; title: string; summary: string | null; published_at: string }[],
  site: URL | undefined,
): FeedItem[] {
  return articles.map((a) => {
    const link = new URL(`/news/${a.id}`, site).toString();
    return { title: a.title, link, guid: link, description: a.summary ?? '', published: a.published_at };
  });
}

export function sitemap(urls: { loc: string; lastmod?: string }[]): string {
  const body = urls
    .map(
      (u) =>
        `<url><loc>${escapeXml(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod.slice(0, 10)}</lastmod>` : ''}</url>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${body}
</urlset>
`;
}

export const xmlResponse = (body: string, type = 'application/xml') =>
  new Response(body, { headers: { 'Content-Type': `${type}; charset=utf-8` } });
