/**
 * What the company page tests share: the universe as the screener lists it,
 * the companies they pick from it (a covered stock, a client with its
 * landing page), the sections and rows a page shows, and table readers.
 */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/** A company as the screener lists it. */
export interface Listed {
  symbol: string;
  name: string;
  market: string | null;
  is_client: boolean;
  sector_name: string | null;
  totalAnalysts: number | null;
}

export interface Filing {
  filing_type: string;
  description: string;
  raw_text_link: string;
  date_as_of_change: string;
}

export interface Webinar {
  id: number;
  title: string;
  replayLink: string | null;
}

export const STOCK_SECTIONS = [
  'description',
  'chart',
  'market-stats',
  'insider',
  'filings',
  'institutional',
  'short-interest',
  'bio-phases',
  'analyst-reports',
  'news',
];

export const STATS_ROWS = [
  'Open',
  'Previous Close',
  "Day's Range",
  '52-Week Range',
  'Volume',
  'Average Volume',
  'Market Cap',
  'Shares Outstanding',
  'Exchange',
  'Sector',
  'Industry',
  'IPO Year',
  'Country',
];

export const INSIDER_FORMS = ['3', '4', '5', '144', 'SC 13D', 'SC 13G', 'SC 13G/A'];

export const STATUS_LINE = /^(Market is closed due to the holiday\.|As of .* E[SD]T|At close: .* E[SD]T)$/;

export const PHONE = { width: 390, height: 844 };

export async function getJson<T>(request: APIRequestContext, url: string, params?: Record<string, string | number>) {
  const response = await request.get(url, { params });
  expect(response.status(), url).toBe(200);
  return (await response.json()) as T;
}

/** Every listed company, by symbol, through the screener's GraphQL query. */
export async function universe(request: APIRequestContext): Promise<Listed[]> {
  const all: Listed[] = [];
  for (let page = 1; ; page++) {
    const response = await request.post('/api/graphql', {
      data: {
        query: `{ filteredCompanies(data:{page:${page},pageSize:1000}) { totalPages companies { symbol name market is_client sector_name totalAnalysts } } }`,
      },
    });
    expect(response.status()).toBe(200);
    const { companies, totalPages } = (await response.json()).data.filteredCompanies as {
      companies: Listed[];
      totalPages: number;
    };
    all.push(...companies);
    if (page >= totalPages) return all;
  }
}

export const filingTotal = async (request: APIRequestContext, symbol: string, params: Record<string, string> = {}) =>
  (await getJson<{ totalItems: number }>(request, `/api/stock/filings/${symbol}`, { pageSize: 5, ...params }))
    .totalItems;

export async function insiderCount(request: APIRequestContext, symbol: string): Promise<number> {
  const response = await request.post('/api/graphql', {
    data: { query: `{ company(symbol:${JSON.stringify(symbol)}) { insiderOwnershipRecords { purchaser } } }` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()).data.company.insiderOwnershipRecords.length;
}

/**
 * A company that is not a client, covered by analysts, with more than two
 * pages of filings of which more than one page of five are insider forms.
 */
export async function coveredStock(request: APIRequestContext): Promise<Listed> {
  for (const company of (await universe(request)).filter((c) => !c.is_client && (c.totalAnalysts ?? 0) > 0)) {
    if (
      (await filingTotal(request, company.symbol)) > 20 &&
      (await filingTotal(request, company.symbol, { types: 'Insider transactions' })) > 5 &&
      (await insiderCount(request, company.symbol)) > 0
    )
      return company;
  }
  throw new Error('no covered company with enough filings in the demo universe');
}

/**
 * A client company with its landing page, a team, a webinar replay and more than five insider records. `last`:
 * the last such client in ticker order rather than the first, away from the clients the console's tests edit
 * (staff.ts, EDITED_CLIENT), for tests that may run after them.
 */
export async function clientCompany(request: APIRequestContext, { last = false } = {}) {
  const clients = (await universe(request)).filter((c) => c.is_client);
  for (const company of last ? clients.reverse() : clients) {
    if ((await request.get(`/api/stock/landing/${company.symbol}`)).status() !== 200) continue;
    const team = (await getJson<{ data: { name: string }[] }>(request, `/api/stock/team/${company.symbol}`)).data;
    const webinars = (await getJson<{ data: Webinar[] }>(request, `/api/events/company/${company.symbol}`)).data;
    const bioPhases = await getJson<unknown[]>(request, `/api/stock/bio-phases/${company.symbol}`);
    const insider = await insiderCount(request, company.symbol);
    if (team.length > 0 && webinars.some((w) => w.replayLink) && insider > 5) {
      return { ...company, webinars, insider, hasBioPhases: bioPhases.length > 0 };
    }
  }
  throw new Error('no client company with a team, a replay and insider records in the demo universe');
}

export const section = (page: Page, id: string) => page.locator(`section[data-section="${id}"]`);

/** The '1–10 of 34' line under a paged table. */
export const rangeText = (table: Locator) => table.getByText(/^\d+–\d+ of [\d,]+$/);

export const bodyRows = (table: Locator) => table.locator('tbody tr');

/** The texts of one column (1-based) of a paged table, top to bottom. */
export const columnTexts = (table: Locator, column: number) =>
  table.locator(`tbody tr td:nth-child(${column})`).allTextContents();

export const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
