/**
 * The transaction codes of Forms 3, 4 and 5 (docs/product.md §9.2, the SEC's list in the Form 4
 * instructions and the ownership XML specification), worded for readers, and which of them are an
 * insider's own trades in the market: only an open-market or private purchase (P) or sale (S) says
 * what an insider thinks of the stock; grants, option exercises, tax withholding and gifts do not,
 * and are never counted as buying or selling.
 */

export const INSIDER_CODES: Readonly<Record<string, string>> = {
  P: 'Open-market or private purchase',
  S: 'Open-market or private sale',
  A: 'Grant or award from the company',
  D: 'Sale or transfer back to the company',
  F: 'Shares withheld to pay the exercise price or tax',
  I: 'Discretionary trade under a company plan',
  M: 'Exercise or conversion of an option or right',
  C: 'Conversion of a derivative security',
  E: 'Expiration of a short derivative position',
  H: 'Expiration or cancellation of a long derivative position',
  O: 'Exercise of an out-of-the-money option',
  X: 'Exercise of an in-the-money or at-the-money option',
  G: 'Gift',
  L: 'Small acquisition',
  W: 'Acquired or disposed of by will or inheritance',
  Z: 'Deposit into or withdrawal from a voting trust',
  J: 'Other acquisition or disposition (see the footnotes)',
  K: 'Equity swap or similar instrument',
  U: 'Tendered in a change of control',
  V: 'Reported voluntarily, earlier than required',
};

/** A code as readers see it: 'P — Open-market or private purchase'; an unknown code as it is. */
export const insiderCodeMeaning = (code: string | null): string | null =>
  code ? (INSIDER_CODES[code] ?? `Code ${code}`) : null;

/**
 * Whether a row is an insider buying or selling in the market: P and S only. A row without a code
 * (records made before codes were kept) is a purchase or a sale as its `isBuy` says.
 */
export function insiderTrade(code: string | null, isBuy: boolean): 'buy' | 'sell' | null {
  if (code === null) return isBuy ? 'buy' : 'sell';
  if (code === 'P') return 'buy';
  if (code === 'S') return 'sell';
  return null;
}
