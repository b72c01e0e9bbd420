/**
 * Figures as the site shows them (docs/product.md §21.4): the company page's and the
 * screener's own formats, so a number in an answer reads exactly as it does
 * on the page it links to.
 */
import { describeChange, formatDollars, formatMoney, formatShares } from '../../../../lib/format.ts';
import { formatCell } from '../../../../lib/screener-columns.ts';
import { formatNewYorkDate } from '../../../../lib/time-format.ts';

export const price = (value: number | null | undefined) => formatDollars(value);
/** '▲ +0.82%' or '▼ -1.20%'. */
export const change = (percent: number | null | undefined) => describeChange(percent).text;
/** Shares traded, held or outstanding, whole: '800', '12.50K'. */
export const shares = (value: number | null | undefined) => formatShares(value);
/** A sum of money with its scale, as the market stats show a market cap: '$182.40M', '$1.19B'. */
export const money = (value: number | null | undefined) => formatMoney(value);
export const percent = (value: number | null | undefined) => formatCell('percent', value);
export const signedPercent = (value: number | null | undefined) => formatCell('signed-percent', value);
export const decimal = (value: number | null | undefined) => formatCell('decimal', value);
/** A net change in dollars with its sign: '+$0.02', '-$1.10'. */
export const signedDollars = (value: number | null | undefined) =>
  value === null || value === undefined ? '—' : `${value > 0 ? '+' : value < 0 ? '-' : ''}${price(Math.abs(value))}`;
/** A calendar date 'YYYY-MM-DD' as readers see dates: 'Mar 29, 2024'. */
export const day = (date: string) => formatNewYorkDate(new Date(`${date}T12:00:00Z`));
/** An instant's New York date. */
export const dayOf = (instant: string | Date) => formatNewYorkDate(new Date(instant));
/** A count with its noun: '1 analyst', '8 analysts'. */
export const count = (n: number, noun: string, plural = `${noun}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? noun : plural}`;
