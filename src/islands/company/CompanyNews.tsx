/**
 * A company's news (docs/product.md §9.2): the build's newest stories, then more pages
 * from the API on request ({data, currentPage, totalPages}).
 */
import { useState } from 'react';
import { COMPANY_TEXT } from '../../lib/company.ts';
import { releaseOf } from '../../lib/company-releases.ts';
import { ReleaseMark, ReleaseFilingLink } from '../content/ReleaseLabels.tsx';
import { formatNewYorkDate } from '../../lib/time-format.ts';
import { getJson } from '../../stores/company.ts';
import type { NewsItemRecord } from '../../lib/content-records.ts';

/** What the company page's news list shows of an article: a company release is marked and links to its filing. */
export type NewsLink = Pick<NewsItemRecord, 'id' | 'title' | 'published_at' | 'source'> &
  Partial<Pick<NewsItemRecord, 'kind' | 'release'>>;

export default function CompanyNews({
  symbol,
  items,
  totalPages,
}: {
  symbol: string;
  items: NewsLink[];
  totalPages: number;
}) {
  const [list, setList] = useState(items);
  const [page, setPage] = useState(1);
  const [pages, setPages] = useState(totalPages);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const more = () => {
    setBusy(true);
    setFailed(false);
    getJson<{ data: NewsLink[]; currentPage: number; totalPages: number }>(
      `news/symbol/${encodeURIComponent(symbol)}?page=${page + 1}&limit=10`,
    )
      .then((body) => {
        setList((l) => [...l, ...body.data.filter((n) => !l.some((x) => x.id === n.id))]);
        setPage(body.currentPage);
        setPages(body.totalPages);
      })
      .catch(() => setFailed(true))
      .finally(() => setBusy(false));
  };

  if (list.length === 0) return <p className="text-sm text-muted">{COMPANY_TEXT.noNews}</p>;
  return (
    <div className="flex flex-col gap-3" data-testid="company-news">
      <ul className="flex flex-col divide-y divide-line">
        {list.map((n) => {
          const release = releaseOf(n);
          return (
            <li key={n.id} className="py-2.5">
              <a href={`/news/${n.id}`} className="font-semibold hover:text-primary hover:underline">
                {n.title}
              </a>
              <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted">
                {release && <ReleaseMark />}
                <span>
                  {n.source ? `${n.source} · ` : ''}
                  {formatNewYorkDate(new Date(n.published_at))}
                </span>
                {release && <ReleaseFilingLink url={release.filing_url} />}
              </span>
            </li>
          );
        })}
      </ul>
      {failed && (
        <p className="text-sm text-down" role="alert">
          {COMPANY_TEXT.loadFailed}
        </p>
      )}
      {page < pages && (
        <button type="button" className="btn-secondary self-start" disabled={busy} onClick={more}>
          {busy ? 'Loading…' : 'More news'}
        </button>
      )}
    </div>
  );
}
