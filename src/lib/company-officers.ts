/**
 * The officers and directors named in a company's SEC ownership filings (docs/product.md §9.5), as
 * the Leadership tab and RedChat show them where staff have written no team: which are shown, and
 * the words said of them. The list is only as current as the filings: an insider files when they
 * take the role (Form 3) and when they trade, so someone who has filed nothing for two years has
 * likely left, and is no longer shown.
 */

/** Those whose latest ownership filing is older than this many months are not shown. */
export const OFFICER_WINDOW_MONTHS = 24;

/** The first day (YYYY-MM-DD) a latest filing may be of for its owner to be shown on `today` (YYYY-MM-DD). */
export function officersShownSince(today: string): string {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const since = new Date(Date.UTC(year, month - 1 - OFFICER_WINDOW_MONTHS, day));
  return since.toISOString().slice(0, 10);
}

export const OFFICER_TEXT = {
  heading: (name: string) => `Officers and directors named in ${name}'s SEC ownership filings`,
  /** Under the list: what "since" counts from, and why the list may differ from the company's own. */
  note: 'Since: the first ownership filing (Form 3, 4 or 5) naming them that RedCap holds. Names and titles as filed with the SEC; those who have filed nothing for two years are not listed.',
  /** The accessible name of the link to an owner's filings (it reads 'SEC filings'). */
  filings: (name: string) => `SEC filings of ${name}`,
} as const;

const monthYear = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** 'since March 2021', from a filing day (YYYY-MM-DD). */
export const officerSince = (firstFiled: string) => `since ${monthYear.format(new Date(`${firstFiled}T12:00:00Z`))}`;
