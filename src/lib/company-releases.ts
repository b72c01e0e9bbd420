/**
 * How the site shows a company release (docs/product.md §10.8): a press release the company filed
 * with the SEC, published as filed, is marked as the company's own words wherever a news item is
 * listed, and links to its filing.
 */
import type { NewsKind, ReleaseFilingRecord } from './content-records.ts';

export const RELEASE_TEXT = {
  /** The mark beside a company release in lists and on its page. */
  mark: 'Company release',
  markTitle: 'The company’s own press release, as filed with the SEC',
  /** The link to the filing on EDGAR. */
  filing: 'SEC filing',
  /** What the 8-K's item tags are called. */
  items: 'Form 8-K items',
  /** The article page's note above the release. */
  note: (company: string, form: string) =>
    `This is ${company}’s press release as filed with the SEC on Form ${form}. It is published as the company filed it; RedCap did not write or edit it.`,
} as const;

/** A news item's filing when it is a company release (its mark and link), else null. */
export const releaseOf = (item: { kind?: NewsKind; release?: ReleaseFilingRecord | null }) =>
  item.kind === 'company-release' && item.release ? item.release : null;
