import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ACTIVE_FILTERS,
  SCREENER_PAGE_SIZES,
  defaultScreenState,
  filterMap,
  hasScreenParams,
  optionLabel,
  resetScreen,
  screenFromCache,
  screenFromParams,
  screenToCache,
  screenToParams,
  type ScreenState,
} from '../../src/lib/screener-state.ts';
import { FILTERS, SORT_FIELDS } from '../../src/lib/screener.ts';
import { SECTORS } from '../../src/lib/industries.ts';
import { SECTOR_CARDS } from '../../src/lib/sectors.ts';

const filterWithValue = fc
  .constantFrom(...FILTERS.filter((f) => f.options.length > 0))
  .chain((f) => fc.constantFrom(...f.options).map((value) => [f.name, value] as const));

const screenArbitrary: fc.Arbitrary<ScreenState> = fc
  .record({
    values: fc.uniqueArray(filterWithValue, { selector: ([name]) => name, maxLength: 5 }),
    sector: fc.option(fc.constantFrom(...SECTOR_CARDS.map((c) => c.id)), { nil: null }),
    industry: fc.option(fc.integer({ min: 100, max: 9999 }).map(String), { nil: null }),
    sortField: fc.constantFrom(...SORT_FIELDS),
    sortDirection: fc.constantFrom('asc' as const, 'desc' as const),
    page: fc.integer({ min: 1, max: 500 }),
    pageSize: fc.constantFrom(...SCREENER_PAGE_SIZES),
  })
  .map((r) => ({
    ...r,
    values: Object.fromEntries(r.values),
    active: [...new Set([...DEFAULT_ACTIVE_FILTERS, ...r.values.map(([name]) => name)])],
    industry: r.sector ? r.industry : null,
  }));

const sorted = (state: ScreenState) => ({ ...state, active: [...state.active].sort() });

describe('screen links', () => {
  it('reproduce any screen: filters, sector, sub-sector, sort, page and page size survive the URL', () => {
    fc.assert(
      fc.property(screenArbitrary, (state) => {
        const params = new URLSearchParams(screenToParams(state).toString());
        expect(sorted(screenFromParams(params))).toEqual(sorted(state));
      }),
    );
  });

  it('leave defaults out, so the plain screener has a plain address', () => {
    expect(screenToParams(defaultScreenState()).toString()).toBe('');
    expect(hasScreenParams(new URLSearchParams(''))).toBe(false);
    expect(hasScreenParams(new URLSearchParams('utm_source=newsletter'))).toBe(false);
    expect(hasScreenParams(new URLSearchParams('Volume=0+to+10000'))).toBe(true);
  });

  it('ignore what they cannot use: unknown filters, malformed ranges, bad pages and page sizes', () => {
    const state = screenFromParams(
      new URLSearchParams(
        'Nonsense=1+to+2&Volume=lots&Markets=MOON&page=-3&size=7&sort=password&dir=sideways&sector=moon&industry=12',
      ),
    );
    expect(state).toEqual(defaultScreenState());
  });

  it('open a sector named as people and company pages name it, not only by its slug', () => {
    const sectorOf = (query: string) => screenFromParams(new URLSearchParams(query)).sector;
    expect(sectorOf('sector=Life%20Sciences')).toBe('life-sciences');
    expect(sectorOf('sector=life+sciences')).toBe('life-sciences');
    expect(sectorOf('sector=Energy+%26+Transportation')).toBe('energy-transportation');
    // The industry lookup's sector names, as a company's breadcrumb carries them.
    for (const name of Object.values(SECTORS))
      expect(sectorOf(`sector=${encodeURIComponent(name)}`), name).not.toBeNull();
    expect(sectorOf('sector=Industrial+Applications+and+Services')).toBe('industrial-applications');
    expect(sectorOf('sector=Finance&industry=6022')).toBe('finance');
    expect(screenFromParams(new URLSearchParams('sector=Finance&industry=6022')).industry).toBe('6022');
    // The link it writes back uses the slug.
    expect(screenToParams(screenFromParams(new URLSearchParams('sector=Life%20Sciences'))).toString()).toBe(
      'sector=life-sciences',
    );
  });

  it('restore a cached sector saved under its name', () => {
    expect(screenFromCache(JSON.stringify({ values: {}, active: [], sector: 'Technology' })).sector).toBe('technology');
  });

  it('keep a custom range that is not one of the buckets', () => {
    const state = screenFromParams(new URLSearchParams('Last Price=1.5 to 3.25'));
    expect(filterMap(state)).toEqual({ 'Last Price': '1.5 to 3.25' });
  });
});

describe('the filter map sent to the server', () => {
  it('carries active filters with a value, the sector and the sub-sector, and nothing else', () => {
    const state: ScreenState = {
      ...defaultScreenState(),
      values: { Volume: '0 to 10000', Markets: 'NASDAQ', 'Ipo Year': '2002 to 2015' },
      active: ['Volume', 'Market Cap', 'Ipo Year'],
      sector: 'technology',
      industry: '7372',
    };
    expect(filterMap(state)).toEqual({
      Volume: '0 to 10000',
      'Ipo Year': '2002 to 2015',
      Sector: 'technology',
      Industries: '7372',
    });
  });
});

describe('the local cache of the screen', () => {
  it('starts with Market Cap, Volume, Shares Outstanding and Bio Phase active and nothing chosen', () => {
    const state = screenFromCache(null);
    expect(state.active).toEqual(['Market Cap', 'Volume', 'Shares Outstanding', 'Bio Phase']);
    expect(state.values).toEqual({});
    expect(state.pageSize).toBe(50);
    expect(state.sortField).toBe('symbol');
    expect(state.sortDirection).toBe('asc');
  });

  it('restores values, active filters, sector and page size', () => {
    const state: ScreenState = {
      ...defaultScreenState(),
      values: { RSI: '30 to 70' },
      active: ['RSI', 'Volume'],
      sector: 'finance',
      industry: '6022',
      pageSize: 100,
    };
    const restored = screenFromCache(screenToCache(state));
    expect(restored).toMatchObject({ values: { RSI: '30 to 70' }, active: ['RSI', 'Volume'], sector: 'finance' });
    expect(restored.industry).toBe('6022');
    expect(restored.pageSize).toBe(100);
  });

  it('falls back to the default screen when the entry is unreadable or tampered with', () => {
    for (const raw of ['{', '[]', '{"values":5}', 'null', JSON.stringify({ values: {}, active: 'Volume' })]) {
      expect(screenFromCache(raw)).toEqual(defaultScreenState());
    }
    const tampered = screenFromCache(
      JSON.stringify({ values: { Volume: 'DROP TABLE', Ghost: '1 to 2' }, active: ['Volume', 'Ghost'] }),
    );
    expect(tampered.active).toEqual(['Volume']);
    expect(tampered.values).toEqual({});
  });
});

describe('Reset', () => {
  it('clears every value and the sub-sector and deactivates every filter, back on page 1', () => {
    const state: ScreenState = {
      ...defaultScreenState(),
      values: { Volume: '0 to 10000' },
      sector: 'technology',
      industry: '7372',
      page: 4,
      sortField: 'volume',
    };
    const reset = resetScreen(state);
    expect(reset).toMatchObject({ values: {}, active: [], sector: null, industry: null, page: 1 });
    expect(reset.sortField).toBe('volume');
    expect(filterMap(reset)).toEqual({});
  });
});

describe('bucket labels', () => {
  it('read as money, percentages or years', () => {
    expect(optionLabel('Market Cap', '50000000 to 300000000')).toBe('$50.00M – $300.00M');
    expect(optionLabel('Last Price', '0 to 2')).toBe('$0.00 – $2.00');
    expect(optionLabel('Volume', '1000000 to 500000000')).toBe('1.00M – 500.00M');
    expect(optionLabel('Insider Ownership', '0.02 to 0.06')).toBe('2.00% – 6.00%');
    expect(optionLabel('Ipo Year', '2002 to 2015')).toBe('2002 – 2015');
    expect(optionLabel('Bio Phase', 'Phase 2')).toBe('Phase 2');
  });

  it('read share counts whole', () => {
    expect(optionLabel('Volume', '0 to 100000')).toBe('0 – 100.00K');
  });
});
