/**
 * News articles and newsletters as readers get them: the lists (all, by
 * sector, by company, client news, newsletters, search), one article, the
 * records the site build reads, and the user's favorites.
 */
import { and, asc, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { NewsArticleRecord, NewsItemRecord, NewsKind, ReleaseFilingRecord } from '../../../lib/content-records.ts';
import type { Db } from '../../platform/db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { anyWordQuery, fullTextMatch } from '../../platform/db/full-text.ts';
import { paged, rowCount, type PageRequest } from '../../platform/db/paged.ts';
import { everyWordIn } from '../../platform/db/search.ts';
import { companiesView, requireCompany } from '../companies/index.ts';
import { favoriteIds, type FavoriteKind } from '../favorites/index.ts';
import { favoriteNews, news } from './tables.ts';

// The favorite flag is per reader: part of API answers, not of the records the site builds from.
export type NewsItem = NewsItemRecord & { isFavorite: boolean };
export type NewsArticle = NewsArticleRecord & { isFavorite: boolean };

export const FAVORITE_NEWS: FavoriteKind<number> = {
  table: favoriteNews,
  user: favoriteNews.userId,
  item: favoriteNews.newsId,
  key: news.id,
  missing: (id) => `No news article ${id}`,
};

const listColumns = {
  id: news.id,
  title: news.title,
  thumbnail: news.thumbnail,
  summary: news.summary,
  publishedAt: news.publishedAt,
  companySymbol: news.companySymbol,
  source: news.source,
  url: news.url,
  rcNewsletter: news.rcNewsletter,
  newsletterUrl: news.newsletterUrl,
  kind: news.kind,
  accession: news.accession,
  filingForm: news.filingForm,
  filingItems: news.filingItems,
  version: news.version,
  companyName: companiesView.name,
  sectorName: companiesView.sectorName,
  isClient: companiesView.isClient,
};

type ListRow = { [K in keyof typeof listColumns]: (typeof listColumns)[K]['_']['data'] | null } & {
  id: number;
  title: string;
  publishedAt: Date;
  rcNewsletter: boolean;
  kind: NewsKind;
  version: number;
};

/**
 * An article's picture: the one staff gave, else its generated cover, so
 * every card has one and a row of cards lines up (docs/product.md §10.1). The
 * version makes an edited title a new picture.
 */
const pictureOf = (row: Pick<ListRow, 'id' | 'thumbnail' | 'version'>) =>
  row.thumbnail ?? `/api/covers/news/${row.id}.svg?v=${row.version}`;

/** A company release's filing (docs/product.md §10.8): its `url` is the filing on EDGAR. */
const releaseOf = (row: ListRow): ReleaseFilingRecord | null =>
  row.kind === 'company-release' && row.accession
    ? {
        accession: row.accession,
        form: row.filingForm ?? '8-K',
        items: row.filingItems ?? [],
        filing_url: row.url ?? '',
      }
    : null;

function toItem(row: ListRow, favorites: Set<number>): NewsItem {
  return {
    id: row.id,
    title: row.title,
    thumbnail: pictureOf(row),
    summary: row.summary,
    published_at: row.publishedAt.toISOString(),
    company_symbol: row.companySymbol,
    source: row.source,
    url: row.url,
    rc_newsletter: row.rcNewsletter,
    newsLetterURL: row.newsletterUrl,
    kind: row.kind,
    release: releaseOf(row),
    isFavorite: favorites.has(row.id),
    Company: row.companyName
      ? {
          name: row.companyName,
          sector_name: row.sectorName ?? '',
          is_client: row.isClient ?? false,
          client: row.isClient ? { active: true, news_alert_form_url: null } : null,
        }
      : null,
  };
}

export interface NewsPage {
  items: NewsItem[];
  total: number;
}

/** One page of news matching `where`, newest first. */
async function listWhere(db: Db, where: SQL | undefined, page: PageRequest, userId?: number): Promise<NewsPage> {
  const { rows, total } = await paged(
    db
      .select(listColumns)
      .from(news)
      .leftJoin(companiesView, eq(news.companySymbol, companiesView.symbol))
      .where(where)
      .orderBy(desc(news.publishedAt), desc(news.id)),
    rowCount(db).from(news).leftJoin(companiesView, eq(news.companySymbol, companiesView.symbol)).where(where),
    page,
  );
  const favorites = await favoriteIds(
    db,
    FAVORITE_NEWS,
    userId,
    rows.map((r) => r.id),
  );
  return { items: rows.map((r) => toItem(r as ListRow, favorites)), total };
}

export const listNews = (db: Db, page: number, limit: number, userId?: number) =>
  listWhere(db, undefined, { page, pageSize: limit }, userId);

export const sectorNews = (db: Db, sector: string, page: number, limit: number, userId?: number) =>
  listWhere(db, eq(companiesView.sectorName, sector), { page, pageSize: limit }, userId);

/** News of client companies; `page` counts from 0 (docs/product.md §21.1). */
export const clientNews = (db: Db, page: number, limit: number, userId?: number) =>
  listWhere(db, eq(companiesView.isClient, true), { page: page + 1, pageSize: limit }, userId);

export const newsletters = (db: Db, userId?: number) =>
  listWhere(db, eq(news.rcNewsletter, true), { page: 1, pageSize: 1000 }, userId);

/** A listed company's news (not-found for a symbol that is not listed). */
export async function companyNews(db: Db, symbol: string, page: number, limit: number, userId?: number) {
  const company = await requireCompany(db, symbol);
  return listWhere(db, eq(news.companySymbol, company.symbol), { page, pageSize: limit }, userId);
}

/** Search by words in the title or summary; `page` counts from 0. */
export function searchNews(
  db: Db,
  options: { text: string; type: 'newsletter' | 'all'; page: number; size: number },
  userId?: number,
) {
  const conditions = everyWordIn(options.text, [news.title, news.summary, news.companySymbol]);
  if (options.type === 'newsletter') conditions.push(eq(news.rcNewsletter, true));
  return listWhere(
    db,
    conditions.length ? and(...conditions) : undefined,
    { page: options.page + 1, pageSize: options.size },
    userId,
  );
}

/** The newest items of every sector, sectors in alphabetical order (the home page's news by category). */
export async function newsBySector(db: Db, perSector: number, userId?: number) {
  const ranked = db.$with('ranked').as(
    db
      .select({
        ...listColumns,
        rank: sql<number>`row_number() over (partition by ${companiesView.sectorName} order by ${news.publishedAt} desc, ${news.id} desc)`.as(
          'rank',
        ),
      })
      .from(news)
      .innerJoin(companiesView, eq(news.companySymbol, companiesView.symbol))
      .where(eq(news.rcNewsletter, false)),
  );
  const rows = await db
    .with(ranked)
    .select()
    .from(ranked)
    .where(sql`${ranked.rank} <= ${perSector}`)
    .orderBy(ranked.sectorName, ranked.rank);
  const favorites = await favoriteIds(
    db,
    FAVORITE_NEWS,
    userId,
    rows.map((r) => r.id),
  );
  const groups = new Map<string, NewsItem[]>();
  for (const row of rows) {
    const sector = row.sectorName ?? '';
    if (!groups.has(sector)) groups.set(sector, []);
    groups.get(sector)!.push(toItem(row as unknown as ListRow, favorites));
  }
  return [...groups].map(([sector, items]) => ({ sector, news: items }));
}

const articleColumns = { ...listColumns, description: news.description, updatedAt: news.updatedAt };

type ArticleRow = ListRow & { description: string; updatedAt: Date };

// Bodies are stored sanitized (see toColumns) and cleaned again at build; reads return them as stored.
const toArticle = (row: ArticleRow, favorites: Set<number>): NewsArticle => ({
  ...toItem(row, favorites),
  description: row.description,
  updated_at: row.updatedAt.toISOString(),
});

export async function newsArticle(db: Db, id: number, userId?: number): Promise<NewsArticle | null> {
  const [row] = await db
    .select(articleColumns)
    .from(news)
    .leftJoin(companiesView, eq(news.companySymbol, companiesView.symbol))
    .where(eq(news.id, id));
  if (!row) return null;
  return toArticle(row as ArticleRow, await favoriteIds(db, FAVORITE_NEWS, userId, [id]));
}

/** What an article's generated cover is drawn from: its company, or its title. */
export async function newsCoverFacts(db: Db, id: number) {
  const [row] = await db
    .select({
      title: news.title,
      symbol: news.companySymbol,
      companyName: companiesView.name,
      sectorName: companiesView.sectorName,
      rcNewsletter: news.rcNewsletter,
    })
    .from(news)
    .leftJoin(companiesView, eq(news.companySymbol, companiesView.symbol))
    .where(eq(news.id, id));
  if (!row) throw notFound('No article found.');
  return { id, ...row };
}

export async function newsExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: news.id }).from(news).where(eq(news.id, id));
  return row !== undefined;
}

/**
 * Full articles for the site build, in id order: the ones with the given ids,
 * or a page of those after an id.
 */
export async function newsForBuild(
  db: Db,
  select: { ids: number[] } | { after: number; limit: number } | { newest: number },
): Promise<NewsArticle[]> {
  const query = db
    .select(articleColumns)
    .from(news)
    .leftJoin(companiesView, eq(news.companySymbol, companiesView.symbol))
    .$dynamic();
  // The newest articles: what a new site's first pages need (see the site build's first phase).
  const rows = await ('newest' in select
    ? query.orderBy(desc(news.publishedAt), desc(news.id)).limit(select.newest)
    : 'ids' in select
      ? query.where(inArray(news.id, select.ids)).orderBy(asc(news.id))
      : query.where(gt(news.id, select.after)).orderBy(asc(news.id)).limit(select.limit));
  return rows.map((row) => toArticle(row as ArticleRow, new Set()));
}

export async function favoriteNewsList(db: Db, userId: number): Promise<NewsItem[]> {
  const rows = await db
    .select(listColumns)
    .from(favoriteNews)
    .innerJoin(news, eq(favoriteNews.newsId, news.id))
    .leftJoin(companiesView, eq(news.companySymbol, companiesView.symbol))
    .where(eq(favoriteNews.userId, userId))
    .orderBy(desc(favoriteNews.createdAt));
  const all = new Set(rows.map((r) => r.id));
  return rows.map((r) => toItem(r as ListRow, all));
}

/** An article that matched a full-text search, with its text to quote from. */
export interface NewsTextHit {
  id: number;
  title: string;
  summary: string | null;
  /** The body as stored (sanitized HTML). */
  description: string;
  published_at: string;
  company_symbol: string | null;
  rank: number;
}

/**
 * Articles matching any word of a question, best first (RedChat's retrieval):
 * ranked by the database's full-text search over headline, summary and body,
 * optionally of one company.
 */
export async function searchNewsText(
  db: Db,
  question: string,
  options: { symbol?: string; limit: number },
): Promise<NewsTextHit[]> {
  const query = anyWordQuery(question);
  if (!query) return [];
  const { matches, rank } = fullTextMatch(news.search, query);
  const rows = await db
    .select({
      id: news.id,
      title: news.title,
      summary: news.summary,
      description: news.description,
      publishedAt: news.publishedAt,
      companySymbol: news.companySymbol,
      rank,
    })
    .from(news)
    .where(options.symbol ? and(matches, eq(news.companySymbol, options.symbol)) : matches)
    .orderBy(desc(rank), desc(news.publishedAt))
    .limit(options.limit);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    summary: r.summary,
    description: r.description,
    published_at: r.publishedAt.toISOString(),
    company_symbol: r.companySymbol,
    rank: Number(r.rank),
  }));
}
