import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchHit } from '../../../src/islands/screener/screener-api.ts';

const searchStocks = vi.fn<(query: string) => Promise<SearchHit[]>>();
vi.mock('../../../src/islands/screener/screener-api.ts', () => ({ searchStocks: (q: string) => searchStocks(q) }));

const {
  default: StockSearch,
  SEARCH_PLACEHOLDER,
  stockDestination,
} = await import('../../../src/islands/screener/StockSearch.tsx');

const hit = (symbol: string, name: string): SearchHit => ({
  symbol,
  name,
  market: 'NASDAQ',
  sector_name: 'Technology',
  last_sale: 4.2,
  change_pre: 1.5,
  logo: null,
});

const assign = vi.fn();

beforeEach(() => {
  vi.useFakeTimers();
  searchStocks.mockReset();
  assign.mockReset();
  vi.stubGlobal('location', { ...window.location, assign });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function typeAndWait(text: string) {
  fireEvent.change(screen.getByPlaceholderText(SEARCH_PLACEHOLDER), { target: { value: text } });
  await act(async () => {
    await vi.advanceTimersByTimeAsync(500);
  });
}

describe('the stock search box', () => {
  it('waits 500 ms after the last keystroke before searching, once', async () => {
    searchStocks.mockResolvedValue([hit('ACME', 'Acme Robotics Inc.')]);
    render(<StockSearch />);
    const input = screen.getByPlaceholderText(SEARCH_PLACEHOLDER);
    fireEvent.change(input, { target: { value: 'a' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(300);
    });
    fireEvent.change(input, { target: { value: 'ac' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(499);
    });
    expect(searchStocks).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(searchStocks).toHaveBeenCalledTimes(1);
    expect(searchStocks).toHaveBeenCalledWith('ac');
    expect(screen.getByRole('option', { name: /ACME/ })).toBeTruthy();
  });

  it('moves through the results with the arrow keys and opens the chosen company with Enter', async () => {
    searchStocks.mockResolvedValue([hit('ACME', 'Acme Robotics Inc.'), hit('ACMB', 'Acme Bio Corp.')]);
    render(<StockSearch />);
    await typeAndWait('acm');
    const input = screen.getByRole('combobox');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(screen.getByRole('option', { selected: true }).textContent).toContain('ACMB');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(assign).toHaveBeenCalledWith('/stocks/ACMB');
  });

  it('closes the list with Escape and says when nothing matches', async () => {
    searchStocks.mockResolvedValue([]);
    render(<StockSearch />);
    await typeAndWait('zzzz');
    expect(screen.getByRole('listbox').textContent).toContain('No stocks match “zzzz”.');
    fireEvent.keyDown(screen.getByRole('combobox'), { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('says so when the search fails', async () => {
    searchStocks.mockRejectedValue(new Error('offline'));
    render(<StockSearch />);
    await typeAndWait('acme');
    expect(screen.getByRole('listbox').textContent).toContain('Search is unavailable. Please try again.');
  });
});

describe('where a chosen stock opens', () => {
  it('is the company page, or the assistant for that stock in the installed app', () => {
    expect(stockDestination('ACME', false)).toBe('/stocks/ACME');
    expect(stockDestination('BRK.B', true)).toBe('/redchat?symbol=BRK.B');
  });
});
