/**
 * The stock search box: matches by symbol or name 500 ms after typing stops,
 * a keyboard-navigable list (arrows, Enter, Escape), and a choice opens the
 * company page, or the assistant for that stock in the installed app.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { describeChange, formatPrice } from '../../lib/format.ts';
import { searchStocks, type SearchHit } from './screener-api.ts';
import { SEARCH_DEBOUNCE_MS } from '../../lib/screener-state.ts';

export const SEARCH_PLACEHOLDER = 'Choose any stock on the NYSE or NASDAQ';

/** Where a chosen stock opens: the company page, or the assistant in an installed standalone app. */
export function stockDestination(symbol: string, standalone: boolean): string {
  const encoded = encodeURIComponent(symbol);
  return standalone ? `/redchat?symbol=${encoded}` : `/stocks/${encoded}`;
}

const isStandalone = () =>
  window.matchMedia?.('(display-mode: standalone)').matches ||
  (navigator as Navigator & { standalone?: boolean }).standalone === true;

type Status = 'idle' | 'loading' | 'done' | 'failed';

export default function StockSearch() {
  const [query, setQuery] = useState('');
  const [hits, setHits] = useState<SearchHit[]>([]);
  const [status, setStatus] = useState<Status>('idle');
  const [open, setOpen] = useState(false);
  const [highlighted, setHighlighted] = useState(-1);
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const text = query.trim();
    if (!text) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setStatus('loading');
      searchStocks(text, controller.signal)
        .then((found) => {
          setHits(found);
          setHighlighted(found.length ? 0 : -1);
          setStatus('done');
        })
        .catch(() => {
          if (!controller.signal.aborted) setStatus('failed');
        });
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  useEffect(() => {
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, []);

  const choose = (hit: SearchHit) => {
    setOpen(false);
    location.assign(stockDestination(hit.symbol, isStandalone()));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (hits.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setHighlighted((i) => (i + step + hits.length) % hits.length);
    } else if (event.key === 'Enter') {
      const hit = hits[highlighted];
      if (open && hit && status === 'done') {
        event.preventDefault();
        choose(hit);
      }
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  };

  const showList = open && query.trim() !== '' && status !== 'idle';
  const activeId = showList && highlighted >= 0 ? `${listId}-${highlighted}` : undefined;

  return (
    <div className="relative w-full" ref={root} data-testid="stock-search">
      <label htmlFor={`${listId}-input`} className="sr-only">
        Search stocks
      </label>
      <svg
        className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted"
        viewBox="0 0 24 24"
        width="20"
        height="20"
        aria-hidden="true"
      >
        <path
          fill="currentColor"
          d="M10 2a8 8 0 0 1 6.32 12.9l5.39 5.39-1.42 1.42-5.39-5.39A8 8 0 1 1 10 2zm0 2a6 6 0 1 0 0 12 6 6 0 0 0 0-12z"
        />
      </svg>
      <input
        id={`${listId}-input`}
        type="search"
        role="combobox"
        className="input w-full py-3! pl-10! text-sm sm:text-base"
        placeholder={SEARCH_PLACEHOLDER}
        autoComplete="off"
        spellCheck={false}
        maxLength={100}
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeId}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
          if (!event.target.value.trim()) {
            setHits([]);
            setStatus('idle');
          }
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      {showList && (
        <ul
          id={listId}
          role="listbox"
          aria-label="Matching stocks"
          className="absolute top-[calc(100%+0.25rem)] z-40 w-full overflow-hidden rounded-lg border border-line bg-surface shadow-xl"
        >
          {status === 'loading' && hits.length === 0 && <li className="p-3 text-sm text-muted">Searching…</li>}
          {status === 'failed' && <li className="p-3 text-sm text-down">Search is unavailable. Please try again.</li>}
          {status === 'done' && hits.length === 0 && (
            <li className="p-3 text-sm text-muted">No stocks match “{query.trim()}”.</li>
          )}
          {hits.map((hit, index) => {
            const change = describeChange(hit.change_pre);
            return (
              <li
                key={hit.symbol}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === highlighted}
                className={`flex cursor-pointer items-center gap-3 px-3 py-2 ${index === highlighted ? 'bg-surface-2' : ''}`}
                onPointerEnter={() => setHighlighted(index)}
                onClick={() => choose(hit)}
              >
                <span className="w-16 font-bold">{hit.symbol}</span>
                <span className="min-w-0 flex-1 truncate text-sm">
                  {hit.name}
                  {hit.market && <span className="text-muted"> · {hit.market}</span>}
                </span>
                <span className="text-sm whitespace-nowrap">${formatPrice(hit.last_sale)}</span>
                {hit.change_pre !== null && (
                  <span className={`text-xs whitespace-nowrap ${change.direction === 'up' ? 'text-up' : 'text-down'}`}>
                    {change.text}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
