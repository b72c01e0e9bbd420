/**
 * One favorites list (docs/product.md §14.1, §20.8): companies with their price and
 * day change, favorite news, events, or videos (Resources). The items are read on
 * the data layer and shown while the page's favorites store marks them, so a heart
 * toggled here or anywhere else on the page takes the item out at once; it stays
 * out if the call succeeds and comes back if it fails.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { MARKET_DATA_REFRESH_MS } from '../../lib/company.ts';
import type { NewsItemRecord, VideoRecord } from '../../lib/content-records.ts';
import { FAVORITE_VIDEO_WORDS, cutWords } from '../../lib/content.ts';
import { describeChange, formatDollars } from '../../lib/format.ts';
import { MESSAGES } from '../../lib/messages.ts';
import { formatNewYorkDate } from '../../lib/time-format.ts';
import { $favorites, FAVORITE_CALLS, loadFavorites, type FavoriteKind } from '../../stores/favorites.ts';
import { $session } from '../../stores/session.ts';
import FavoriteToggle from '../content/FavoriteToggle.tsx';
import { VideoCard } from '../content/VideoLibrary.tsx';
import LoadFailed from '../LoadFailed.tsx';
import { useServerRead } from '../use-server-read.ts';
import EventCard, { EventCardSkeleton, type EventCardItem } from '../events/EventCard.tsx';

const EMPTY_TEXT: Record<FavoriteKind, string> = {
  company: MESSAGES.favorites.companies,
  news: MESSAGES.favorites.news,
  event: MESSAGES.favorites.events,
  video: MESSAGES.favorites.videos,
};

/** A kind's favorites, read afresh each time the list is shown or read again. */
const readFavorites = (kind: string) => loadFavorites(kind as FavoriteKind, { fresh: true });

interface FavoriteCompany {
  symbol: string;
  name: string;
  last_sale: number | null;
  change_pre: number | null;
  sector_name: string;
  market: string;
}

export default function FavoritesList({ kind }: { kind: FavoriteKind }) {
  const session = useStore($session);
  const { ids } = useStore($favorites, { keys: [kind] })[kind];
  const read = useServerRead('favorites', session ? kind : null, readFavorites);
  // A refresh that failed keeps the list on screen.
  const listed = read.latest;
  const [now] = useState(() => Date.now());

  useEffect(() => {
    if (!session || kind !== 'company') return;
    // Prices move: the companies list reads its figures again as the company pages do.
    const timer = setInterval(read.retry, MARKET_DATA_REFRESH_MS);
    return () => clearInterval(timer);
  }, [session, kind, read.retry]);

  if (read.status === 'failed' && !listed) {
    return (
      <LoadFailed
        text="Failed to load your favorites. Please try again."
        onRetry={read.retry}
        className="flex flex-col items-start gap-3"
      />
    );
  }
  if (!listed) {
    return (
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label="Loading your favorites">
        {Array.from({ length: kind === 'event' ? 8 : 6 }, (_, i) => (
          <EventCardSkeleton key={i} />
        ))}
      </ul>
    );
  }
  const { idOf } = FAVORITE_CALLS[kind];
  // What is still a favorite: a heart switched off here or elsewhere takes the item out at once.
  const items = listed.filter((item) => ids.has(idOf(item)));
  if (items.length === 0) {
    return (
      <p className="py-10 text-center text-muted" data-testid="favorites-empty">
        {EMPTY_TEXT[kind]}
      </p>
    );
  }
  return (
    <ul
      className={
        kind === 'company' || kind === 'news' ? 'flex flex-col gap-3' : 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3'
      }
      data-testid="favorites-list"
    >
      {items.map((item) =>
        kind === 'company' ? (
          <CompanyRow key={idOf(item)} company={item as unknown as FavoriteCompany} />
        ) : kind === 'news' ? (
          <NewsRow key={idOf(item)} article={item as unknown as NewsItemRecord} />
        ) : kind === 'event' ? (
          <EventCard key={idOf(item)} event={item as unknown as EventCardItem} now={now} />
        ) : (
          <VideoCard
            key={idOf(item)}
            video={item as unknown as VideoRecord}
            summary={cutWords((item as unknown as VideoRecord).description, FAVORITE_VIDEO_WORDS)}
          />
        ),
      )}
    </ul>
  );
}

function CompanyRow({ company }: { company: FavoriteCompany }) {
  const change = describeChange(company.change_pre);
  return (
    <li className="card flex items-center gap-3 p-4" data-testid="favorite-company">
      <div className="min-w-0 flex-1">
        <a href={`/stocks/${company.symbol}`} className="font-bold text-primary hover:underline">
          {company.symbol}
        </a>
        <p className="truncate text-sm">{company.name}</p>
        <p className="text-xs text-muted">
          {company.market} · {company.sector_name}
        </p>
      </div>
      <div className="text-right tabular-nums">
        <p className="font-bold">{formatDollars(company.last_sale)}</p>
        <p className={`text-sm font-semibold ${change.direction === 'up' ? 'text-up' : 'text-down'}`}>{change.text}</p>
      </div>
      <FavoriteToggle kind="company" id={company.symbol} label={company.name} initial />
    </li>
  );
}

function NewsRow({ article }: { article: NewsItemRecord }) {
  return (
    <li className="card flex items-start gap-3 p-4" data-testid="favorite-news">
      {article.thumbnail && (
        <img
          src={article.thumbnail}
          alt=""
          width="160"
          height="84"
          loading="lazy"
          className="hidden aspect-[1200/630] w-32 flex-none rounded object-cover sm:block"
        />
      )}
      <div className="min-w-0 flex-1">
        <a href={`/news/${article.id}`} className="leading-snug font-bold hover:underline">
          {article.title}
        </a>
        <p className="mt-1 text-xs text-muted">
          {formatNewYorkDate(new Date(article.published_at))}
          {article.source ? ` · ${article.source}` : ''}
          {article.company_symbol ? ` · ${article.company_symbol}` : ''}
        </p>
      </div>
      <FavoriteToggle kind="news" id={article.id} label={article.title} initial />
    </li>
  );
}
