/** One page of each kind of the site, for the checks that go over every kind (weight, headers, accessibility). */
import type { APIRequestContext } from '@playwright/test';

export type PageKind = 'home' | 'article' | 'company' | 'screener' | 'events' | 'other';

/** One page of each kind, found through the API so the test follows the demo data. */
export async function pagesByKind(request: APIRequestContext): Promise<[PageKind, string][]> {
  const all = (await (await request.get('/api/news/all?limit=20')).json()) as {
    news: { id: number; company_symbol: string | null; rc_newsletter: boolean }[];
  };
  const clients = (await (await request.get('/api/news/top/clients?limit=1')).json()) as {
    news: { id: number; company_symbol: string }[];
  };
  const search = (await (await request.get('/api/stock/search?query=a&pageSize=20')).json()) as {
    data: { symbol: string }[];
  };
  const clientArticle = clients.news[0]!;
  const article = all.news.find((n) => !n.rc_newsletter && n.company_symbol !== clientArticle.company_symbol)!;
  const company = search.data.find((c) => c.symbol !== clientArticle.company_symbol)!.symbol;
  const videos = (await (await request.get('/api/videos/all?limit=1')).json()) as { data: { id: number }[] };
  const events = (await (await request.get('/api/events/all?tab=upcoming&pageSize=1')).json()) as {
    data: { form_url: string; zoom_id: string }[];
  };
  return [
    ['home', '/'],
    ['article', `/news/${article.id}/`],
    ['article', `/news/${clientArticle.id}/`],
    ['company', `/stocks/${company}/`],
    ['company', `/stocks/${clientArticle.company_symbol}/`],
    ['company', `/stocks/${clientArticle.company_symbol}/team/`],
    ['screener', '/stocks/'],
    // The screener's other tabs show the same grid.
    ['screener', '/stocks/Leaders/'],
    ['screener', '/stocks/IPO/'],
    ['events', '/events/'],
    ['events', `/events/form/${events.data[0]!.form_url}/${events.data[0]!.zoom_id}`],
    ['other', '/news/'],
    ['other', '/newsletters/'],
    ['other', '/videos/'],
    ['other', `/video/${videos.data[0]!.id}/`],
    ['other', '/login/'],
    ['other', '/signup/'],
    ['other', '/settings/Profile_Info/'],
    ['other', '/terms/'],
    ['other', '/redchat/'],
    ['other', `/redchat/frame/?symbol=${company}`],
  ];
}
