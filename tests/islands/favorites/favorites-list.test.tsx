/**
 * A favorites list's read on the data layer: its load-failed panel and Try again, and the
 * favorite companies' refresh, whose failure keeps the list on screen.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInReader } from '../reader-session.ts';
import { MARKET_DATA_REFRESH_MS } from '../../../src/lib/company.ts';
import { Refused, calls, reset, routes } from '../alerts/fake-api.ts';

vi.mock('../../../src/islands/api-client.ts', async () => (await import('../alerts/fake-api.ts')).fakeClient);

const { default: FavoritesList } = await import('../../../src/islands/favorites/FavoritesList.tsx');

const settle = () => act(async () => {});
const FAILED = 'Failed to load your favorites. Please try again.';
const down = () => {
  throw new Refused(500, 'Down');
};
const acme = {
  symbol: 'ACME',
  name: 'Acme Corp',
  last_sale: 2,
  change_pre: 1,
  sector_name: 'Technology',
  market: 'NASDAQ',
};

beforeEach(() => {
  reset();
  signInReader();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('a favorites list', () => {
  it('shows the load-failed panel when the list does not load, and the list after Try again', async () => {
    routes.set('GET news/favorites', down);
    render(<FavoritesList kind="news" />);
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(FAILED);

    routes.set('GET news/favorites', () => ({ news: [] }));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await settle();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('favorites-empty').textContent).toBe('No favorite news available.');
  });

  it('reads the companies again as prices move, and keeps them on screen when that read fails', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    routes.set('GET stock/favorites', () => ({ data: [acme] }));
    render(<FavoritesList kind="company" />);
    await settle();
    expect(screen.getByTestId('favorite-company').textContent).toContain('Acme Corp');

    routes.set('GET stock/favorites', down);
    await act(async () => vi.advanceTimersByTime(MARKET_DATA_REFRESH_MS));
    await settle();
    expect(calls.filter((c) => c.path === 'stock/favorites')).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('favorite-company').textContent).toContain('Acme Corp');
  });
});
