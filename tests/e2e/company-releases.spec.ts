/**
 * Company releases (docs/product.md §10.8) as readers meet them: the demo's press releases, each filed
 * with one of its company's 8-Ks, are marked as the company's own words and link to the filing on
 * the article page, in the company's news and in the news list.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { releaseTags } from '../../src/lib/eight-k-items.ts';
import { waitForIsland } from './hydration.ts';

interface Release {
  id: number;
  title: string;
  company_symbol: string;
  source: string;
  kind: 'company-release';
  release: { accession: string; form: string; items: string[]; filing_url: string };
  Company: { name: string; is_client: boolean };
}

/** A demo company release that its company's page lists among its newest news (a non-client's, when there is one). */
async function listedRelease(request: APIRequestContext): Promise<Release> {
  const { news } = (await (await request.get('/api/news/all?page=1&limit=100')).json()) as {
    news: (Release | { kind: 'editorial' })[];
  };
  const releases = news.filter((n): n is Release => n.kind === 'company-release');
  expect(releases.length).toBeGreaterThan(0);
  releases.sort((a, b) => Number(a.Company.is_client) - Number(b.Company.is_client));
  for (const release of releases) {
    const { data } = (await (
      await request.get(`/api/news/symbol/${release.company_symbol}?page=1&limit=10`)
    ).json()) as { data: { id: number }[] };
    if (data.some((n) => n.id === release.id)) return release;
  }
  throw new Error('no company release is among its company’s newest news');
}

test('a company release is marked as the company’s own, with its 8-K items and a link to its filing, on its page', async ({
  browser,
  request,
}) => {
  const release = await listedRelease(request);
  // A static page: all of it is there without JavaScript.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/news/${release.id}`);
  const article = page.getByTestId('article');
  await expect(article.getByRole('heading', { level: 1 })).toHaveText(release.title);
  await expect(article.locator('header .release-mark')).toHaveText('Company release');
  const filing = article.locator('header').getByRole('link', { name: 'SEC filing' });
  await expect(filing).toHaveAttribute('href', release.release.filing_url);
  await expect(filing).toHaveAttribute('target', '_blank');
  await expect(page.getByTestId('release-note')).toContainText(
    `This is ${release.Company.name}’s press release as filed with the SEC on Form ${release.release.form}.`,
  );
  await expect(page.getByRole('list', { name: 'Form 8-K items' }).getByRole('listitem')).toHaveText(
    releaseTags(release.release.items).map((t) => `${t.number} ${t.label}`),
  );
  await expect(article).toContainText('This press release is demo content generated for demonstration');
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(jsonLd.author).toEqual({ '@type': 'Corporation', name: release.Company.name });

  // The filing it links to is the company's 8-K, as the company page lists it.
  const text = await request.get(release.release.filing_url);
  expect(text.status()).toBe(200);
  expect(await text.text()).toContain(`ACCESSION NUMBER:\t\t${release.release.accession}`);
  await context.close();
});

test('a company release is marked, with its filing link, in its company’s news and in the news list', async ({
  page,
  request,
}) => {
  const release = await listedRelease(request);
  await page.goto(
    release.Company.is_client ? `/stocks/${release.company_symbol}/news` : `/stocks/${release.company_symbol}#news`,
  );
  await waitForIsland(page, 'company-news');
  const item = page.getByTestId('company-news').getByRole('listitem').filter({ hasText: release.title });
  await expect(item.locator('.release-mark')).toHaveText('Company release');
  await expect(item.getByRole('link', { name: 'SEC filing' })).toHaveAttribute('href', release.release.filing_url);
  await expect(item.getByRole('link', { name: release.title })).toHaveAttribute('href', `/news/${release.id}`);
  // The editors' articles beside it carry no mark.
  const marks = await page.getByTestId('company-news').locator('.release-mark').count();
  const ours = (
    (await (await request.get(`/api/news/symbol/${release.company_symbol}?page=1&limit=10`)).json()) as {
      data: { kind: string }[];
    }
  ).data.filter((n) => n.kind === 'company-release').length;
  expect(marks).toBe(ours);

  await page.goto('/news');
  await waitForIsland(page, 'lead-article');
  await page.getByPlaceholder('Search News').fill(release.title);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const card = page.getByTestId('lead-article').filter({ hasText: release.title });
  await expect(card.locator('.release-mark')).toHaveText('Company release');
});
