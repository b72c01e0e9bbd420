/**
 * The data behind every company page: the company's record, its newest
 * news and its latest interview and overview videos from the other
 * collections, and a cache key that changes only when one of those does, so
 * an incremental build renders again only the pages of a company that changed.
 */
import { getCollection, type CollectionEntry } from 'astro:content';
import { RESERVED_STOCK_PATHS, tabsFor, type CompanyTab } from '../../lib/company.ts';
import { cacheKeyOf, groupByCompany, newestVideoFirst } from '../../lib/content.ts';
import type { StoredCompanyRecord } from '../../build/record-details.ts';
import type { NewsLink } from '../../islands/company/CompanyNews.tsx';

type Video = CollectionEntry<'videos'>['data'];

export const COMPANY_NEWS_ON_PAGE = 10;

export interface CompanyPageProps {
  /** The company's record without its details (its filings and insider trades, read as a page renders). */
  company: StoredCompanyRecord;
  news: NewsLink[];
  newsPages: number;
  videos: { interview: Video | null; overview: Video | null };
}

export async function companyPages(): Promise<{ props: CompanyPageProps; cacheKey: string }[]> {
  const [companies, articles, videos] = await Promise.all([
    getCollection('companies'),
    getCollection('news'),
    getCollection('videos'),
  ]);
  const newsBySymbol = groupByCompany(articles.map((e) => e.data));
  const videosBySymbol = new Map<string, Video[]>();
  for (const { data } of videos) {
    if (!data.company_symbol || data.disabled) continue;
    const list = videosBySymbol.get(data.company_symbol) ?? [];
    list.push(data);
    videosBySymbol.set(data.company_symbol, list);
  }
  const latest = (list: Video[], type: string) => list.filter((v) => v.type === type).sort(newestVideoFirst)[0] ?? null;

  return companies
    .filter((entry) => !RESERVED_STOCK_PATHS.has(entry.data.symbol.toUpperCase()))
    .map((entry) => {
      const company = entry.data;
      const all = newsBySymbol.get(company.symbol) ?? [];
      const news = all.slice(0, COMPANY_NEWS_ON_PAGE).map((a) => ({
        id: a.id,
        title: a.title,
        published_at: a.published_at,
        source: a.source,
        kind: a.kind,
        release: a.release,
      }));
      const own = videosBySymbol.get(company.symbol) ?? [];
      const picked = { interview: latest(own, 'Interview'), overview: latest(own, 'Overview') };
      return {
        props: { company, news, newsPages: Math.ceil(all.length / COMPANY_NEWS_ON_PAGE), videos: picked },
        cacheKey: cacheKeyOf(
          entry.digest,
          all.length,
          ...news.map((n) => `${n.id}:${n.title}:${n.published_at}:${n.release?.filing_url ?? ''}`),
          ...[picked.interview, picked.overview].map((v) => (v ? `${v.id}:${v.updated_at}` : '-')),
        ),
      };
    });
}

/**
 * The tab pages of client companies built by /stocks/{symbol}/{tab}: every tab but Financials, which
 * every company has and its own route builds (/stocks/{symbol}/financials).
 */
export function clientTabs(company: StoredCompanyRecord): CompanyTab[] {
  return company.client
    ? tabsFor(company.bio_phases.length > 0)
        .map((t) => t.slug)
        .filter((slug) => slug !== 'financials')
    : [];
}
