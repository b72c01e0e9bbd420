import { act, cleanup, render, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInReader } from '../reader-session.ts';

// The favorites calls: what the server holds, and whether the next PATCH fails.
const held = new Set<string>(['ACME']);
let failNext = false;
let releasePatch: (() => void) | null = null;
const get = vi.fn((path: string) => ({
  json: () =>
    Promise.resolve(
      path === 'stock/favorites'
        ? {
            data: [...held].map((symbol) => ({
              symbol,
              name: `${symbol} Corp`,
              last_sale: 2,
              change_pre: 1,
              sector_name: 'Technology',
              market: 'NASDAQ',
            })),
          }
        : path === 'events/favorites'
          ? { data: [] }
          : { data: [] },
    ),
}));
const patch = vi.fn((_path: string, { json }: { json: { symbol: string } }) => ({
  json: () =>
    new Promise((resolve, reject) => {
      const settle = () => {
        if (failNext) {
          failNext = false;
          reject(new Error('offline'));
          return;
        }
        if (held.has(json.symbol)) held.delete(json.symbol);
        else held.add(json.symbol);
        resolve({ data: { symbol: json.symbol, isFavorite: held.has(json.symbol) } });
      };
      releasePatch = settle;
    }),
}));
vi.mock('../../../src/islands/api-client.ts', () => ({
  api: {
    get: (path: string) => get(path),
    patch: (path: string, options: { json: { symbol: string } }) => patch(path, options),
  },
  serverMessage: () => null,
}));

const { default: FavoriteToggle } = await import('../../../src/islands/content/FavoriteToggle.tsx');
const { default: FavoritesList } = await import('../../../src/islands/favorites/FavoritesList.tsx');

/** Two islands are two React roots on one page: render each into a container of its own. */
const island = (ui: React.ReactElement, name: string) => {
  const container = document.body.appendChild(document.createElement('section'));
  container.setAttribute('aria-label', name);
  render(ui, { container });
  return within(container);
};

const settlePatch = async () => {
  await vi.waitFor(() => expect(releasePatch).not.toBeNull());
  await act(async () => {
    releasePatch!();
    releasePatch = null;
    await Promise.resolve();
  });
};

beforeEach(signInReader);
afterEach(cleanup);

describe('one favorites store for every island on a page', () => {
  it('shows a heart toggled in one island in the others and in the favorites list at once', async () => {
    const header = island(<FavoriteToggle kind="company" id="ZETA" label="Zeta" />, 'header');
    const row = island(<FavoriteToggle kind="company" id="ZETA" label="ZETA" initial={false} size={20} />, 'row');
    const list = island(<FavoritesList kind="company" />, 'favorites');
    expect(await list.findByText('ACME')).toBeTruthy();
    expect(list.queryByText('ZETA')).toBeNull();

    await act(async () => header.getByRole('button').click());
    // Optimistic: both hearts flip before the server answers.
    expect(header.getByRole('button').getAttribute('aria-pressed')).toBe('true');
    expect(row.getByRole('button').getAttribute('aria-pressed')).toBe('true');
    await settlePatch();
    expect(row.getByRole('button').getAttribute('aria-pressed')).toBe('true');
    expect(held.has('ZETA')).toBe(true);
  });

  it('takes an item out of the list when its heart is switched off, and puts it back if the call fails', async () => {
    const list = island(<FavoritesList kind="company" />, 'favorites');
    const rows = () => list.queryAllByTestId('favorite-company').map((r) => within(r).getByRole('link').textContent);
    await vi.waitFor(() => expect(rows()).toContain('ACME'));

    failNext = true;
    const heart = within(
      list.getAllByTestId('favorite-company').find((r) => r.textContent?.includes('ACME'))!,
    ).getByRole('button');
    await act(async () => heart.click());
    expect(rows()).not.toContain('ACME');
    await settlePatch();
    // The call failed: the company is back, still a favorite on the server.
    expect(rows()).toContain('ACME');
    expect(held.has('ACME')).toBe(true);
  });
});
