/** One page of each kind of the site, for the checks that go over every kind (weight, headers, accessibility). */
import type { APIRequestContext } from '@playwright/test';

export type PageKind = 'home' | 'article' | 'company' | 'screener' | 'events' | 'other';

/** What the demo data gives the pages below: found through the API, so the checks follow the data. */
interface DemoPicks {
  article: number;
  /** A company's press release, as filed with its 8-K. */
  release: number;
  clientArticle: { id: number; company_symbol: string };
  company: string;
  video: number;
  event: { form_url: string; zoom_id: string };
}

/** The pages checked, in order: each with its kind, what it is (for test names) and its address. */
export const PAGES: readonly { kind: PageKind; what: string; path: (picks: DemoPicks) => string }[] = [
  { kind: 'home', what: 'the home page', path: () => '/' },
  { kind: 'article', what: 'an article', path: (p) => `/news/${p.article}/` },
  { kind: 'article', what: 'a client’s article', path: (p) => `/news/${p.clientArticle.id}/` },
  { kind: 'article', what: 'a company release', path: (p) => `/news/${p.release}/` },
  { kind: 'company', what: 'a company page', path: (p) => `/stocks/${p.company}/` },
  { kind: 'company', what: 'a client’s company page', path: (p) => `/stocks/${p.clientArticle.company_symbol}/` },
  {
    kind: 'company',
    what: 'a client’s Market Data tab',
    path: (p) => `/stocks/${p.clientArticle.company_symbol}/marketdata/`,
  },
  { kind: 'company', what: 'a client’s team page', path: (p) => `/stocks/${p.clientArticle.company_symbol}/team/` },
  { kind: 'company', what: 'a company’s Financials tab', path: (p) => `/stocks/${p.company}/financials/` },
  { kind: 'screener', what: 'the screener', path: () => '/stocks/' },
  // The screener's other tabs show the same grid.
  { kind: 'screener', what: 'the leaders', path: () => '/stocks/Leaders/' },
  { kind: 'screener', what: 'the IPO calendar', path: () => '/stocks/IPO/' },
  { kind: 'events', what: 'the events page', path: () => '/events/' },
  {
    kind: 'events',
    what: 'a webinar’s registration page',
    path: (p) => `/events/form/${p.event.form_url}/${p.event.zoom_id}`,
  },
  { kind: 'other', what: 'the news page', path: () => '/news/' },
  { kind: 'other', what: 'the newsletter archive', path: () => '/newsletters/' },
  { kind: 'other', what: 'the video library', path: () => '/videos/' },
  { kind: 'other', what: 'a video page', path: (p) => `/video/${p.video}/` },
  { kind: 'other', what: 'the login page', path: () => '/login/' },
  { kind: 'other', what: 'the sign-up page', path: () => '/signup/' },
  { kind: 'other', what: 'the profile page a guest opens', path: () => '/settings/Profile_Info/' },
  { kind: 'other', what: 'the terms', path: () => '/terms/' },
  { kind: 'other', what: 'RedChat', path: () => '/redchat/' },
  { kind: 'other', what: 'the chat frame', path: (p) => `/redchat/frame/?symbol=${p.company}` },
];

async function demoPicks(request: APIRequestContext): Promise<DemoPicks> {
  const all = (await (await request.get('/api/news/all?limit=100')).json()) as {
    news: { id: number; company_symbol: string | null; rc_newsletter: boolean; kind: string }[];
  };
  const clients = (await (await request.get('/api/news/top/clients?limit=1')).json()) as {
    news: { id: number; company_symbol: string }[];
  };
  const search = (await (await request.get('/api/stock/search?query=a&pageSize=20')).json()) as {
    data: { symbol: string }[];
  };
  const clientArticle = clients.news[0]!;
  const article = all.news.find(
    (n) => !n.rc_newsletter && n.kind === 'editorial' && n.company_symbol !== clientArticle.company_symbol,
  )!;
  const release = all.news.find((n) => n.kind === 'company-release')!;
  const company = search.data.find((c) => c.symbol !== clientArticle.company_symbol)!.symbol;
  const videos = (await (await request.get('/api/videos/all?limit=1')).json()) as { data: { id: number }[] };
  const events = (await (await request.get('/api/events/all?tab=upcoming&pageSize=1')).json()) as {
    data: { form_url: string; zoom_id: string }[];
  };
  return {
    article: article.id,
    release: release.id,
    clientArticle,
    company,
    video: videos.data[0]!.id,
    event: events.data[0]!,
  };
}

/** The address of every page of PAGES, in its order. */
export async function pagePaths(request: APIRequestContext): Promise<string[]> {
  const picks = await demoPicks(request);
  return PAGES.map((page) => page.path(picks));
}

/** One page of each kind (several of some), with its kind. */
export async function pagesByKind(request: APIRequestContext): Promise<[PageKind, string][]> {
  const paths = await pagePaths(request);
  return PAGES.map((page, i) => [page.kind, paths[i]!]);
}
