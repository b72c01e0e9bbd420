/**
 * The newsletter archive (docs/product.md §10.3): 'Search News' (the server's newsletter
 * search), date chips from one week to two years back, the first four
 * results in a 2×2 grid beside the sign-up card and the rest below. Cards
 * open the newsletter's web version in a new tab, or the article.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { api } from '../api-client.ts';
import { NEWSLETTER_TITLE_GRID, NEWSLETTER_TITLE_LEAD, cutText } from '../../lib/content.ts';
import { formatNewYorkDate } from '../../lib/time-format.ts';
import { cleanHtml } from '../clean-html.ts';
import ChipRow from './ChipRow.tsx';
import SearchForm from './SearchForm.tsx';
import type { NewsItemRecord } from '../../lib/content-records.ts';

/** What a newsletter card shows of a newsletter. */
export type NewsletterItem = Pick<
  NewsItemRecord,
  'id' | 'title' | 'summary' | 'thumbnail' | 'published_at' | 'newsLetterURL'
>;

export const DATE_CHIPS = [
  { label: 'All', days: null },
  { label: 'One Week Ago', days: 7 },
  { label: 'One Month Ago', days: 30 },
  { label: 'Three Months Ago', days: 91 },
  { label: 'Six Months Ago', days: 182 },
  { label: 'One Year Ago', days: 365 },
  { label: 'Two Years Ago', days: 730 },
] as const;

/** Items published within the chip's span before `now` (everything for All). */
export function withinChip<T extends { published_at: string }>(items: T[], days: number | null, now = Date.now()): T[] {
  if (days === null) return items;
  const since = now - days * 86_400_000;
  return items.filter((item) => Date.parse(item.published_at) >= since);
}

function Card({ item, titleCut }: { item: NewsletterItem; titleCut: number }) {
  const external = Boolean(item.newsLetterURL);
  return (
    <a
      href={item.newsLetterURL ?? `/news/${item.id}`}
      target={external ? '_blank' : undefined}
      rel={external ? 'noopener' : undefined}
      className="card group flex flex-col overflow-hidden hover:border-primary"
      data-testid="newsletter-card"
    >
      {item.thumbnail && (
        <img
          src={item.thumbnail}
          alt=""
          width="600"
          height="315"
          loading="lazy"
          className="aspect-[1200/630] w-full object-cover"
        />
      )}
      <span className="flex flex-col gap-1 p-3">
        <time className="text-xs text-muted" dateTime={item.published_at}>
          {formatNewYorkDate(new Date(item.published_at))}
        </time>
        <span className="leading-snug font-bold group-hover:underline" title={item.title}>
          {cutText(item.title, titleCut)}
        </span>
        {item.summary && (
          <span className="text-sm text-muted" dangerouslySetInnerHTML={{ __html: cleanHtml(item.summary) }} />
        )}
      </span>
    </a>
  );
}

export default function NewsletterArchive({ items, signup }: { items: NewsletterItem[]; signup?: ReactNode }) {
  const [chip, setChip] = useState<(typeof DATE_CHIPS)[number]>(DATE_CHIPS[0]);
  const [found, setFound] = useState<NewsletterItem[] | null>(null);
  const [searching, setSearching] = useState(false);
  const [failed, setFailed] = useState(false);

  const shown = useMemo(() => withinChip(found ?? items, chip.days), [found, items, chip]);
  const lead = shown.slice(0, 4);
  const rest = shown.slice(4);

  const search = async (text: string) => {
    if (!text) {
      setFound(null);
      return;
    }
    setSearching(true);
    setFailed(false);
    try {
      const params = new URLSearchParams({ text, type: 'newsletter', page: '0', size: '100' });
      const body = await api.get(`news/search?${params}`).json<{ news: NewsletterItem[] }>();
      setFound(body.news);
    } catch {
      setFailed(true);
    } finally {
      setSearching(false);
    }
  };

  return (
    <div className="flex flex-col gap-5">
      <SearchForm busy={searching} onSearch={(text) => void search(text)} />
      <ChipRow
        label="Published"
        chips={DATE_CHIPS.map((c) => c.label)}
        selected={chip.label}
        onSelect={(label) => setChip(DATE_CHIPS.find((c) => c.label === label) ?? DATE_CHIPS[0])}
      />
      {failed && <p role="alert">Search is unavailable. Please try again.</p>}
      <div className="grid gap-4 lg:grid-cols-4">
        <div className="lg:col-span-2">{signup}</div>
        <div className="grid gap-4 sm:grid-cols-2 lg:col-span-2">
          {lead.map((item) => (
            <Card key={item.id} item={item} titleCut={NEWSLETTER_TITLE_LEAD} />
          ))}
          {shown.length === 0 && <p className="text-muted">No newsletters match.</p>}
        </div>
      </div>
      {rest.length > 0 && (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {rest.map((item) => (
            <Card key={item.id} item={item} titleCut={NEWSLETTER_TITLE_GRID} />
          ))}
        </div>
      )}
    </div>
  );
}
