/**
 * The news page (docs/product.md §10.1): 'Search News', sector chips, the lead grid of the
 * first four articles and 'Recent News' that loads more on scroll until an
 * empty page, ending with 'No more news available.'. The first page comes
 * with the static HTML; the industry can be preset with ?industry=.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../api-client.ts';
import { releaseOf } from '../../lib/company-releases.ts';
import { ReleaseMark } from './ReleaseLabels.tsx';
import { LEAD_ARTICLES, NEWS_PAGE_SIZE } from '../../lib/content.ts';
import { formatNewYorkDate, formatRelativeTime } from '../../lib/time-format.ts';
import ChipRow from './ChipRow.tsx';
import SearchForm from './SearchForm.tsx';
import { useBrowserValue } from '../forms/useBrowserValue.ts';
import { useLoadMore } from './useLoadMore.ts';
import type { NewsItemRecord } from '../../lib/content-records.ts';

/** What a news card shows of an article (a company release is marked as the company's own). */
export type NewsCardItem = Pick<
  NewsItemRecord,
  'id' | 'title' | 'thumbnail' | 'summary' | 'published_at' | 'company_symbol'
> &
  Partial<Pick<NewsItemRecord, 'kind' | 'release'>> & {
    Company: Pick<NonNullable<NewsItemRecord['Company']>, 'name' | 'sector_name'> | null;
  };

const END_OF_NEWS = 'No more news available.';
const ALL = 'All';

/**
 * 'Nov 20, 2026' in the static page and '3 days ago' once the page runs, as
 * RelativeTime.astro does: a time relative to the build would go stale in the
 * published page, and two builds of the same data would differ.
 */
function PublishedAt({ iso }: { iso: string }) {
  const running = useBrowserValue(() => true, false);
  const instant = new Date(iso);
  return (
    <time className="text-xs text-muted" dateTime={iso} title={running ? formatNewYorkDate(instant) : undefined}>
      {running ? formatRelativeTime(instant) : formatNewYorkDate(instant)}
    </time>
  );
}

function NewsCard({ item, lead }: { item: NewsCardItem; lead?: boolean }) {
  return (
    <a
      href={`/news/${item.id}`}
      className={`card group flex overflow-hidden hover:border-primary ${lead ? 'flex-col' : 'flex-row gap-3 p-3'}`}
      data-testid={lead ? 'lead-article' : 'recent-article'}
    >
      {item.thumbnail && (
        <img
          src={item.thumbnail}
          alt=""
          width={lead ? 600 : 160}
          height={lead ? 315 : 84}
          // The lead pictures open the page (the largest thing on a phone's first screen): fetched at once.
          loading={lead ? 'eager' : 'lazy'}
          className={
            lead ? 'aspect-[1200/630] w-full object-cover' : 'h-[84px] w-[160px] flex-none rounded-lg object-cover'
          }
        />
      )}
      <span className={`flex min-w-0 flex-col gap-1 ${lead ? 'p-4' : ''}`}>
        <span className="text-xs font-semibold tracking-wide text-primary uppercase">
          {item.Company?.sector_name ?? 'News'}
          {item.company_symbol && <span className="text-muted"> · {item.company_symbol}</span>}
        </span>
        <span className="leading-snug font-bold group-hover:underline">{item.title}</span>
        <span className="flex flex-wrap items-center gap-2">
          {releaseOf(item) && <ReleaseMark />}
          <PublishedAt iso={item.published_at} />
        </span>
      </span>
    </a>
  );
}

interface Query {
  text: string;
  sector: string;
}

function pagePath(query: Query, page: number): string {
  if (query.text) {
    const params = new URLSearchParams({ text: query.text, page: String(page), size: String(NEWS_PAGE_SIZE) });
    return `news/search?${params}`;
  }
  if (query.sector !== ALL) {
    const params = new URLSearchParams({ sector: query.sector, page: String(page + 1), limit: String(NEWS_PAGE_SIZE) });
    return `news/sector?${params}`;
  }
  return `news/all?page=${page + 1}&limit=${NEWS_PAGE_SIZE}`;
}

export default function NewsBrowser({ sectors, initial }: { sectors: string[]; initial: NewsCardItem[] }) {
  const [query, setQuery] = useState<Query>({ text: '', sector: ALL });
  // A chip starts a new search box (its text no longer applies).
  const [searchBox, setSearchBox] = useState(0);
  const [items, setItems] = useState<NewsCardItem[]>(initial);
  // Pages are counted from 0; the static page already holds page 0 of 'All'.
  const [nextPage, setNextPage] = useState(Math.ceil(initial.length / NEWS_PAGE_SIZE));
  const [done, setDone] = useState(false);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const sentinel = useRef<HTMLDivElement>(null);
  const generation = useRef(0);

  const load = useCallback(async (q: Query, page: number, replace: boolean) => {
    const mine = ++generation.current;
    setLoading(true);
    setFailed(false);
    try {
      const body = await api.get(pagePath(q, page)).json<{ news: NewsCardItem[] }>();
      if (mine !== generation.current) return;
      setItems((current) => (replace ? body.news : [...current, ...body.news]));
      setNextPage(page + 1);
      // The list ends at the first empty (or short) page.
      setDone(body.news.length < NEWS_PAGE_SIZE);
    } catch {
      if (mine === generation.current) setFailed(true);
    } finally {
      if (mine === generation.current) setLoading(false);
    }
  }, []);

  const apply = useCallback(
    (next: Query) => {
      setQuery(next);
      setDone(false);
      setItems([]);
      void load(next, 0, true);
    },
    [load],
  );

  // ?industry=Technology (links from the home page and articles) presets the chip.
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const preset = params.get('industry') ?? (history.state as { industry?: string } | null)?.industry;
    const match = preset && sectors.find((s) => s.toLowerCase() === preset.toLowerCase());
    // After hydration (the server rendered 'All'), never during the effect itself.
    if (match) void Promise.resolve().then(() => apply({ text: '', sector: match }));
  }, [apply, sectors]);

  useLoadMore(
    sentinel,
    !done && !loading && !failed,
    useCallback(() => void load(query, nextPage, false), [load, query, nextPage]),
  );

  const lead = items.slice(0, LEAD_ARTICLES);
  const recent = items.slice(LEAD_ARTICLES);
  return (
    <div className="flex flex-col gap-6">
      <SearchForm
        key={searchBox}
        onSearch={(text) => {
          if (text || query.text) apply({ text, sector: ALL });
        }}
      />
      <ChipRow
        label="Sectors"
        chips={[ALL, ...sectors]}
        selected={query.text ? null : query.sector}
        onSelect={(sector) => {
          setSearchBox((n) => n + 1);
          apply({ text: '', sector });
        }}
      />
      {lead.length > 0 && (
        <section aria-label="Top stories" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {lead.map((item) => (
            <NewsCard key={item.id} item={item} lead />
          ))}
        </section>
      )}
      <section aria-labelledby="recent-news" className="flex flex-col gap-3">
        <h2 id="recent-news" className="text-xl font-bold">
          Recent News
        </h2>
        <div className="grid gap-3 lg:grid-cols-2">
          {recent.map((item) => (
            <NewsCard key={item.id} item={item} />
          ))}
        </div>
        <div ref={sentinel} aria-live="polite" className="py-4 text-center text-sm text-muted">
          {loading && 'Loading…'}
          {failed && (
            <button type="button" className="btn-secondary" onClick={() => void load(query, nextPage, false)}>
              Could not load more news. Try again
            </button>
          )}
          {done && !loading && (items.length === 0 && query.text ? `No news matches “${query.text}”.` : END_OF_NEWS)}
        </div>
      </section>
    </div>
  );
}
