import { cleanup, render, screen } from '@testing-library/react';
import { HTTPError } from 'ky';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const get = vi.fn<(path: string) => { json: () => Promise<unknown> }>();
vi.mock('../../../src/islands/api-client.ts', () => ({
  api: { get: (path: string) => get(path) },
  isHttpError: (error: unknown) => error instanceof HTTPError,
}));

const { default: ArticleFallback, ARTICLE_TEXTS } = await import('../../../src/islands/content/ArticleFallback.tsx');

const httpError = (status: number) =>
  new HTTPError(new Response(null, { status }), new Request('http://x.test/api'), {} as never);
const answer = (value: unknown) => ({ json: () => Promise.resolve(value) });
const failure = (error: unknown) => ({ json: () => Promise.reject(error) });

const article = {
  id: 7,
  title: 'Fresh headline',
  thumbnail: null,
  published_at: '2026-11-20T15:00:00Z',
  company_symbol: 'ACME',
  source: 'RedCap Newswire',
  description: '<p>Body</p><img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>',
};

beforeEach(() => {
  get.mockReset();
  window.history.replaceState(null, '', '/news/7');
});
afterEach(cleanup);

describe('an article newer than the published site', () => {
  it('loads from the API with its company’s other news', async () => {
    get.mockImplementation((path) =>
      path === 'news/7'
        ? answer({ data: article })
        : answer({ data: [article, { ...article, id: 8, title: 'Older story' }] }),
    );
    render(<ArticleFallback />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Fresh headline' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Older story' })).toBeTruthy();
    // Cleaning the body is checked in Chromium (the DOM here is not one DOMPurify can be trusted on).
    expect(screen.getByTestId('article').textContent).toContain('Body');
    expect(screen.getByRole('link', { name: 'Learn more about ACME' }).getAttribute('href')).toBe('/stocks/ACME');
  });

  it('marks a company release as the company’s own, with its filing, its 8-K’s items and the note that it is as filed', async () => {
    const filing = 'https://www.sec.gov/Archives/edgar/data/1/000000000125000001/0000000001-25-000001-index.htm';
    const release = {
      ...article,
      source: 'Acme Corp.',
      kind: 'company-release',
      release: { accession: '0000000001-25-000001', form: '8-K', items: ['2.02', '7.01', '9.01'], filing_url: filing },
      Company: { name: 'Acme Corp.' },
    };
    get.mockImplementation((path) => (path === 'news/7' ? answer({ data: release }) : answer({ data: [] })));
    render(<ArticleFallback />);
    expect(await screen.findByText('Company release')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'SEC filing' }).getAttribute('href')).toBe(filing);
    expect(screen.getByTestId('release-note').textContent).toContain(
      'This is Acme Corp.’s press release as filed with the SEC on Form 8-K.',
    );
    const tags = screen.getByRole('list', { name: 'Form 8-K items' });
    expect([...tags.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      '2.02 Results of operations',
      '7.01 Regulation FD',
    ]);
  });

  it('shows no release mark on the editors’ articles', async () => {
    get.mockImplementation((path) =>
      path === 'news/7' ? answer({ data: { ...article, kind: 'editorial', release: null } }) : answer({ data: [] }),
    );
    render(<ArticleFallback />);
    await screen.findByRole('heading', { level: 1, name: 'Fresh headline' });
    expect(screen.queryByText('Company release')).toBeNull();
    expect(screen.queryByTestId('release-note')).toBeNull();
  });

  it('says “No article found.” when the article is gone and “Could not load article.” when the call fails', async () => {
    get.mockReturnValue(failure(httpError(404)));
    render(<ArticleFallback />);
    expect((await screen.findByTestId('article-problem')).textContent).toBe(ARTICLE_TEXTS.missing);
    cleanup();
    get.mockReturnValue(failure(new TypeError('network down')));
    render(<ArticleFallback />);
    expect((await screen.findByTestId('article-problem')).textContent).toBe(ARTICLE_TEXTS.failed);
  });

  it('says “Could not load related news.” when only the sidebar fails, and “No additional news.” when there is none', async () => {
    get.mockImplementation((path) => (path === 'news/7' ? answer({ data: article }) : failure(httpError(500))));
    render(<ArticleFallback />);
    expect(await screen.findByText(ARTICLE_TEXTS.relatedFailed)).toBeTruthy();
    cleanup();
    get.mockImplementation((path) => (path === 'news/7' ? answer({ data: article }) : answer({ data: [article] })));
    render(<ArticleFallback />);
    expect(await screen.findByText(ARTICLE_TEXTS.noRelated)).toBeTruthy();
  });
});
