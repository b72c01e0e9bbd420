/**
 * The filter panel: one chip per active filter with its bucket choice and a
 * remove button, Add for the inactive filters (grouped), Reset, and Export
 * CSV of the whole screen.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import * as z from 'zod/mini';
import { api } from '../api-client.ts';
import { optionLabel } from '../../lib/screener-state.ts';
import { FILTERS } from '../../lib/screener.ts';
import { SECTOR_CARDS } from '../../lib/sectors.ts';
import { industryFor } from '../../lib/industries.ts';
import {
  $screen,
  activateFilter,
  removeFilter,
  resetFilters,
  selectSector,
  setFilterValue,
} from '../../stores/screener.ts';
import Popover from './Popover.tsx';

interface FilterInfo {
  name: string;
  options: string[];
  group: string;
}

const filtersResponse = z.object({
  data: z.array(z.object({ name: z.string(), options: z.array(z.string()), group: z.string() })),
});

/** The fixed buckets are known without asking; the data-driven ones arrive from the server. */
const STATIC_FILTERS: FilterInfo[] = FILTERS.map((f) => ({ name: f.name, options: f.options, group: f.group }));

function useFilterOptions(): { filters: FilterInfo[]; loaded: boolean } {
  const [filters, setFilters] = useState<FilterInfo[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    api
      .get('stock/filters', { signal: controller.signal })
      .json()
      .then((body) => setFilters(filtersResponse.parse(body).data))
      .catch(() => {
        // The fixed buckets still work; the data-driven ones stay empty.
      });
    return () => controller.abort();
  }, []);
  return { filters: filters ?? STATIC_FILTERS, loaded: filters !== null };
}

function FilterChip({ filter, value, loaded }: { filter: FilterInfo; value: string; loaded: boolean }) {
  const selectId = `filter-${filter.name.replace(/\W+/g, '-').toLowerCase()}`;
  // A value from a shared link may not be one of today's buckets; keep it selectable.
  const options = value && !filter.options.includes(value) ? [value, ...filter.options] : filter.options;
  return (
    <div
      className={`flex max-w-full min-w-0 items-center gap-1 rounded-full border py-1 pr-1 pl-3 ${
        value ? 'border-primary bg-primary/10' : 'border-line bg-surface'
      }`}
      data-testid="filter-chip"
    >
      <label htmlFor={selectId} className="text-sm font-semibold whitespace-nowrap">
        {filter.name}
      </label>
      <select
        id={selectId}
        className="max-w-44 min-w-0 flex-1 rounded-md bg-transparent py-1 text-sm text-fg"
        value={value}
        onChange={(event) => setFilterValue(filter.name, event.target.value)}
      >
        <option value="">{options.length === 0 && !loaded ? 'Loading…' : 'Any'}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(filter.name, option)}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="flex h-7 w-7 items-center justify-center rounded-full text-muted hover:bg-surface-2 hover:text-fg"
        aria-label={`Remove filter ${filter.name}`}
        onClick={() => removeFilter(filter.name)}
      >
        ×
      </button>
    </div>
  );
}

export default function FilterPanel({ exportHref }: { exportHref: string }) {
  const screen = useStore($screen);
  const { filters, loaded } = useFilterOptions();
  const byName = useMemo(() => new Map(filters.map((f) => [f.name, f])), [filters]);
  const inactive = filters.filter((f) => !screen.active.includes(f.name));
  const groups = [...new Set(inactive.map((f) => f.group))];
  const sector = SECTOR_CARDS.find((c) => c.id === screen.sector);
  const industry = screen.industry ? industryFor(Number(screen.industry)) : undefined;

  return (
    <section className="card p-3 sm:p-4" aria-labelledby="filters-title">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="filters-title" className="mr-auto text-lg font-bold">
          Filters
        </h2>
        <Popover label="+ Add" buttonClass="btn-secondary py-1.5!" ariaLabel="Add filter" align="right">
          {inactive.length === 0 ? (
            <p className="p-2 text-sm text-muted">Every filter is already in the panel.</p>
          ) : (
            groups.map((group) => (
              <div key={group} role="group" aria-label={group} className="mb-1">
                <p className="px-2 pt-2 pb-1 text-xs font-semibold tracking-wide text-muted uppercase">{group}</p>
                {inactive
                  .filter((f) => f.group === group)
                  .map((f) => (
                    <button
                      key={f.name}
                      type="button"
                      className="menu-item text-sm"
                      data-closes
                      onClick={() => activateFilter(f.name)}
                    >
                      {f.name}
                    </button>
                  ))}
              </div>
            ))
          )}
        </Popover>
        <button type="button" className="btn-secondary py-1.5!" onClick={() => resetFilters()}>
          Reset
        </button>
        <a className="btn-primary py-1.5!" href={exportHref} download>
          Export CSV
        </a>
      </div>
      <div className="mt-3 flex flex-wrap gap-2" aria-live="polite">
        {sector && (
          <div
            className="flex items-center gap-1 rounded-full border border-primary bg-primary/10 py-1 pr-1 pl-3 text-sm"
            data-testid="sector-chip"
          >
            <span className="font-semibold">{sector.name}</span>
            {industry && <span className="text-muted">· {industry.description}</span>}
            <button
              type="button"
              className="flex h-7 w-7 items-center justify-center rounded-full text-muted hover:bg-surface-2 hover:text-fg"
              aria-label={`Remove sector ${sector.name}`}
              onClick={() => selectSector(null)}
            >
              ×
            </button>
          </div>
        )}
        {screen.active.map((name) => {
          const filter = byName.get(name);
          return filter ? (
            <FilterChip key={name} filter={filter} value={screen.values[name] ?? ''} loaded={loaded} />
          ) : null;
        })}
        {screen.active.length === 0 && !sector && (
          <p className="text-sm text-muted">No filters: every company is listed. Use Add to narrow the list.</p>
        )}
      </div>
    </section>
  );
}
