import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  FILTERS,
  SORT_FIELDS,
  FilterError,
  parseRange,
  quartileBuckets,
  type ScreenerRow,
  type SortField,
} from '../../../../src/lib/screener.ts';
import { SECTOR_CARDS, cardContains } from '../../../../src/lib/sectors.ts';
import { runScreen } from '../../../../src/server/features/screener/query.ts';
import { buildSnapshot, toScreenerRow, type Snapshot } from '../../../../src/server/features/screener/snapshot.ts';
import { generateUniverse } from '../../../../src/server/demo/universe.ts';
import type { companies } from '../../../../src/server/schema.ts';

let rows: ScreenerRow[];
let snapshot: Snapshot;
beforeAll(() => {
  const universe = generateUniverse({ seed: 'screener-props', asOf: '2026-11-20', count: 600 });
  rows = universe.companies.map((c) =>
    toScreenerRow({ ...c.row, logo: null, quoteUpdatedAt: null } as typeof companies.$inferSelect),
  );
  // Some empty snapshot values, as after the morning reset.
  for (const row of rows.slice(0, 25)) row.last_sale = null;
  snapshot = buildSnapshot(rows, 1);
});

/** The obvious, slow way: filter everything, sort everything, slice. */
function reference(
  filters: Record<string, string>,
  sortField: SortField,
  direction: 'asc' | 'desc',
  page: number,
  size: number,
) {
  let list = rows.filter((row) =>
    Object.entries(filters).every(([key, value]) => {
      if (key === 'Sector')
        return cardContains(
          SECTOR_CARDS.find((c) => c.id === value)!,
          row.sic_code,
        );
      if (key === 'symbol') return row.symbol === value.toUpperCase();
      const def = FILTERS.find((f) => f.name === key)!;
      const v = row[def.field];
      if (def.kind === 'range') {
        const range = parseRange(value);
        return range === null || (typeof v === 'number' && v >= range.min && v <= range.max);
      }
      return value
        .split(',')
        .map((x) => def.aliases?.[x] ?? x)
        .includes(v as string);
    }),
  );
  list = [...list].sort((a, b) => {
    const va = a[sortField];
    const vb = b[sortField];
    if ((va === null) !== (vb === null)) return va === null ? 1 : -1;
    if (va !== null && vb !== null && va !== vb) {
      const d = typeof va === 'number' ? va - (vb as number) : String(va).localeCompare(String(vb));
      if (d !== 0) return direction === 'asc' ? d : -d;
    }
    return a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0;
  });
  return { total: list.length, page: list.slice((page - 1) * size, page * size).map((r) => r.symbol) };
}

const rangeFilters = FILTERS.filter((f) => f.kind === 'range' && !f.dynamic);
const filterArb = fc.dictionary(
  fc.constantFrom(...rangeFilters.map((f) => f.name), 'Markets', 'Bio Phase', 'Countries', 'Sector'),
  fc.string(),
  { maxKeys: 4 },
);

describe('screen queries', () => {
  it('match a brute-force reference for random filters, sorts and pages', () => {
    fc.assert(
      fc.property(
        filterArb,
        fc.constantFrom(...SORT_FIELDS),
        fc.constantFrom('asc' as const, 'desc' as const),
        fc.integer({ min: 1, max: 6 }),
        fc.constantFrom(5, 10, 20, 50, 100),
        fc.array(fc.double({ min: 0, max: 5e9, noNaN: true }), { minLength: 2, maxLength: 2 }),
        (keys, sortField, direction, page, size, ends) => {
          const [a, b] = ends as [number, number];
          // Turn the random keys into valid values of their kind.
          const filters: Record<string, string> = {};
          for (const key of Object.keys(keys)) {
            if (key === 'Markets') filters[key] = 'NASDAQ';
            else if (key === 'Bio Phase') filters[key] = 'Phase 2,Phase 3,NDA';
            else if (key === 'Countries') filters[key] = 'US';
            else if (key === 'Sector') filters[key] = SECTOR_CARDS[Math.floor(a) % SECTOR_CARDS.length]!.id;
            else {
              const def = rangeFilters.find((f) => f.name === key)!;
              const scale = def.field === 'last_sale' ? 1e-7 : def.field === 'ipo_year' ? 0 : 1;
              filters[key] = scale === 0 ? `1980 to ${1980 + (Math.floor(b) % 45)}` : `${a * scale} to ${b * scale}`;
            }
          }
          const got = runScreen(snapshot, { page, pageSize: size, filters, sortField, sortDirection: direction });
          const want = reference(filters, sortField, direction, page, size);
          expect(got.totalItems).toBe(want.total);
          expect(got.totalPages).toBe(Math.ceil(want.total / size));
          expect(got.companies.map((r) => r.symbol)).toEqual(want.page);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('drop a range whose ends are equal', () => {
    const all = runScreen(snapshot, { page: 1, pageSize: 5, filters: {}, sortField: 'symbol', sortDirection: 'asc' });
    const same = runScreen(snapshot, {
      page: 1,
      pageSize: 5,
      filters: { 'Last Price': '5 to 5' },
      sortField: 'symbol',
      sortDirection: 'asc',
    });
    expect(same.totalItems).toBe(all.totalItems);
  });

  it('keep empty values last in both directions', () => {
    for (const direction of ['asc', 'desc'] as const) {
      const page = runScreen(snapshot, {
        page: Math.ceil(rows.length / 50),
        pageSize: 50,
        filters: {},
        sortField: 'last_sale',
        sortDirection: direction,
      });
      expect(page.companies.at(-1)!.last_sale).toBeNull();
    }
  });

  it('take a sector by its slug, its card name or the lookup sector a company page names', () => {
    const total = (Sector: string) =>
      runScreen(snapshot, { page: 1, pageSize: 5, filters: { Sector }, sortField: 'symbol', sortDirection: 'asc' })
        .totalItems;
    const bySlug = total('industrial-applications');
    expect(bySlug).toBeGreaterThan(0);
    expect(total('Industrial Applications')).toBe(bySlug);
    expect(total('Industrial Applications and Services')).toBe(bySlug);
  });

  it('refuse unknown filters, malformed ranges and impossible pages', () => {
    const screen = (filters: Record<string, string>, page = 1, pageSize = 50) =>
      runScreen(snapshot, { page, pageSize, filters, sortField: 'symbol', sortDirection: 'asc' });
    expect(() => screen({ Nope: '1 to 2' })).toThrow(new FilterError('Unknown filter: Nope'));
    expect(() => screen({ 'Market Cap': 'lots' })).toThrow(/is not a range like "10 to 500"/);
    expect(() => screen({ Sector: 'Pets' })).toThrow(/Unknown sector/);
    expect(() => screen({}, 0)).toThrow(/page must be a whole number from 1/);
    expect(() => screen({}, -1)).toThrow(/page must be/);
    expect(() => screen({}, 1, 1e9)).toThrow(/pageSize must be between 1 and 1000/);
  });
});

describe('filter buckets', () => {
  it('split min, lower median, median, upper median and max into four ranges', () => {
    expect(quartileBuckets([1, 2, 3, 4, 5])).toEqual(['1 to 2', '2 to 3', '3 to 4', '4 to 5']);
    expect(quartileBuckets([7, 7, 7])).toEqual([]);
    expect(quartileBuckets([])).toEqual([]);
  });

  it('turn "a to b" into a range in either order', () => {
    expect(parseRange('10 to 500')).toEqual({ min: 10, max: 500 });
    expect(parseRange('500 to 10')).toEqual({ min: 10, max: 500 });
    expect(parseRange('0.02 to 0.06')).toEqual({ min: 0.02, max: 0.06 });
    expect(parseRange('3 to 3')).toBeNull();
  });
});
