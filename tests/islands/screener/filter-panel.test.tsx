import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultScreenState, filterMap } from '../../../src/lib/screener-state.ts';

vi.mock('../../../src/islands/api-client.ts', () => ({
  api: {
    get: () => ({
      json: () =>
        Promise.resolve({
          data: [
            { name: 'Market Cap', options: ['500000 to 50000000', '50000000 to 300000000'], group: 'Size' },
            { name: 'Volume', options: ['0 to 10000'], group: 'Trading' },
            { name: 'Shares Outstanding', options: ['200000 to 10000000'], group: 'Size' },
            { name: 'Bio Phase', options: ['Phase 1', 'Phase 2'], group: 'Life Sciences' },
            { name: 'RSI', options: ['10 to 30', '30 to 70'], group: 'Technicals' },
          ],
        }),
    }),
  },
}));

const { default: FilterPanel } = await import('../../../src/islands/screener/FilterPanel.tsx');
const { $screen } = await import('../../../src/stores/screener.ts');

beforeEach(() => $screen.set(defaultScreenState()));
afterEach(cleanup);

async function renderPanel() {
  render(<FilterPanel exportHref="/api/stock/export" />);
  await act(async () => {});
}

describe('the filter panel', () => {
  it('shows Market Cap, Volume, Shares Outstanding and Bio Phase to begin with', async () => {
    await renderPanel();
    const names = screen.getAllByTestId('filter-chip').map((chip) => chip.querySelector('label')?.textContent);
    expect(names).toEqual(['Market Cap', 'Volume', 'Shares Outstanding', 'Bio Phase']);
  });

  it('applies a bucket, and removing the chip deactivates the filter and clears its value', async () => {
    await renderPanel();
    fireEvent.change(screen.getByLabelText('Market Cap'), { target: { value: '50000000 to 300000000' } });
    expect(filterMap($screen.get())).toEqual({ 'Market Cap': '50000000 to 300000000' });
    expect((screen.getByLabelText('Market Cap') as HTMLSelectElement).selectedOptions[0]?.textContent).toBe(
      '$50.00M – $300.00M',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove filter Market Cap' }));
    expect($screen.get().active).not.toContain('Market Cap');
    expect($screen.get().values).toEqual({});
    expect(screen.queryByLabelText('Market Cap')).toBeNull();
  });

  it('adds an inactive filter from its group with Add', async () => {
    await renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Add filter' }));
    const group = screen.getByRole('group', { name: 'Technicals' });
    fireEvent.click(within(group).getByRole('button', { name: 'RSI' }));
    expect($screen.get().active).toContain('RSI');
    expect(screen.getByLabelText('RSI')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Technicals' })).toBeNull();
  });

  it('Reset clears the values and the sector and deactivates every filter', async () => {
    $screen.set({ ...defaultScreenState(), values: { Volume: '0 to 10000' }, sector: 'technology', industry: '7372' });
    await renderPanel();
    expect(screen.getByTestId('sector-chip').textContent).toContain('Technology');
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(filterMap($screen.get())).toEqual({});
    expect($screen.get().active).toEqual([]);
    expect(screen.queryAllByTestId('filter-chip')).toHaveLength(0);
    expect(screen.queryByTestId('sector-chip')).toBeNull();
  });

  it('links Export CSV to the export of the current screen', async () => {
    await renderPanel();
    const link = screen.getByRole('link', { name: 'Export CSV' });
    expect(link.getAttribute('href')).toBe('/api/stock/export');
    expect(link.hasAttribute('download')).toBe(true);
  });
});
