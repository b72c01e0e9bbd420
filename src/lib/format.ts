/** Number formats shared by pages, islands and the server (docs/product.md §21.4). Times are in time-format.ts. */

const UNITS: readonly (readonly [number, string])[] = [
  [1e12, 'T'],
  [1e9, 'B'],
  [1e6, 'M'],
  [1e3, 'K'],
];

/**
 * Values at or above 1K, 1M, 1B or 1T are abbreviated with 2 decimals, in the
 * largest unit they reach once rounded (999,999 is '1.00M', never '1000.00K');
 * values below 0.01 keep 3 decimals so penny moves stay visible.
 */
export function formatCompact(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  const abs = Math.abs(value);
  for (const [size, unit] of UNITS) {
    // At or above what rounds to 1000.00 of the unit below.
    if (abs / size >= 0.999995) return `${(value / size).toFixed(2)}${unit}`;
  }
  if (abs > 0 && abs < 0.01) return value.toFixed(3);
  return value.toFixed(2);
}

/**
 * A sum of money shown with its scale: market caps, holdings' values, deal
 * sizes. One rule everywhere (docs/product.md §21.4): '$182.40M' below
 * $1,000M, '$1.20B' from there, '$950.00K' below a million.
 */
export function formatMoney(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return `${value < 0 ? '-' : ''}$${formatCompact(Math.abs(value))}`;
}

/**
 * A number of shares (traded, held, bought, outstanding): shares are whole,
 * so below 1,000 the count itself ('800'), from there the scale of large
 * numbers ('12.50K', '1.23M').
 */
export function formatShares(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  const whole = Math.round(value);
  return Math.abs(whole) < 1000 ? String(whole) : formatCompact(whole);
}

/**
 * A whole count with thousands separators: '4,200'. Written out rather than through Intl, whose first use
 * on a page loads the locale's data (tens of milliseconds of a phone's work): a page that only counts things
 * never pays for it.
 */
export function formatCount(value: number): string {
  const whole = String(Math.round(Math.abs(value))).replace(/\B(?=(\d{3})+$)/g, ',');
  return value < 0 && whole !== '0' ? `-${whole}` : whole;
}

/** Made at the first price shown, then kept: a number's toLocaleString with options makes a new one each time. */
let twoDecimals: Intl.NumberFormat | null = null;

/** Prices show two decimals (three below one cent). */
export function formatPrice(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  if (Math.abs(value) > 0 && Math.abs(value) < 0.01) return value.toFixed(3);
  twoDecimals ??= new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return twoDecimals.format(value);
}

/** A price in dollars: '$4.25', '—' when there is none. */
export function formatDollars(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return `$${formatPrice(value)}`;
}

export interface ChangeDisplay {
  text: string;
  direction: 'up' | 'down';
}

/** Percent change: up (green, ▲) when above 0, otherwise down (red, ▼). */
export function describeChange(percent: number | null | undefined): ChangeDisplay {
  const value = percent !== null && percent !== undefined && Number.isFinite(percent) ? percent : 0;
  const direction = value > 0 ? 'up' : 'down';
  const sign = value > 0 ? '+' : '';
  return { text: `${direction === 'up' ? '▲' : '▼'} ${sign}${value.toFixed(2)}%`, direction };
}
