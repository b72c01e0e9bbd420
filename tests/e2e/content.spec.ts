import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { HOSTILE_SNIPPETS } from '../../src/server/demo/content.ts';
import { OUTBOX_DIR, uniqueEmail } from './account-helpers.ts';
import { waitForIsland } from './hydration.ts';
import { staffHeaders, waitForPage } from './staff.ts';

interface NewsItem {
  id: number;
  title: string;
  company_symbol: string | null;
  kind: 'editorial' | 'company-release';
  rc_newsletter: boolean;
  Company: { sector_name: string } | null;
}

async function scrollToEnd(page: Page, done: () => Promise<boolean>) {
  for (let i = 0; i < 40 && !(await done()); i++) {
    await page.mouse.wheel(0, 4000);
    await page.waitForTimeout(250);
  }
}

test('the news page leads with four stories, filters by chip and search, and loads more on scroll', async ({
  page,
}) => {
  await page.goto('/news');
  await waitForIsland(page, 'lead-article');
  await expect(page.getByTestId('lead-article')).toHaveCount(4);
  const firstCount = await page.getByTestId('recent-article').count();
  expect(firstCount).toBeGreaterThanOrEqual(10);
  await scrollToEnd(page, async () => (await page.getByTestId('recent-article').count()) > firstCount);
  expect(await page.getByTestId('recent-article').count()).toBeGreaterThan(firstCount);

  await page.getByRole('group', { name: 'Sectors' }).getByRole('button', { name: 'Finance', exact: true }).click();
  await expect(page.getByTestId('lead-article').first()).toContainText('Finance');
  for (const label of await page.getByTestId('recent-article').locator('span.uppercase').allTextContents()) {
    expect(label).toContain('Finance');
  }

  await page.getByPlaceholder('Search News').fill('Weekly');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByTestId('lead-article').first()).toContainText('Weekly');
  await scrollToEnd(page, async () => page.getByText('No more news available.').isVisible());
  await expect(page.getByText('No more news available.')).toBeVisible();

  await page.goto('/news?industry=Technology');
  await expect(page.getByRole('button', { name: 'Technology', exact: true })).toHaveAttribute('aria-pressed', 'true');
});

test('an article shows its body, the company link and More News without itself, even without JavaScript', async ({
  browser,
  request,
}) => {
  // An older demo article, well below the newest: the other browser tests write articles of their own, without the
  // demo's figures, while this one runs.
  const { news } = (await (await request.get('/api/news/all?page=5&limit=20')).json()) as { news: NewsItem[] };
  // One of the editors' articles: not a newsletter issue, nor a company release (laid out as the company filed it).
  const article = news.findLast((n) => n.company_symbol && n.kind === 'editorial' && !n.rc_newsletter)!;
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/news/${article.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(article.title);
  await expect(page.getByRole('link', { name: `Learn more about ${article.company_symbol}` })).toHaveAttribute(
    'href',
    `/stocks/${article.company_symbol}`,
  );
  await expect(page.getByTestId('article').getByRole('heading', { name: 'Key figures' })).toBeVisible();
  await expect(page.getByTestId('article').locator('table')).toBeVisible();
  const more = page.getByRole('complementary').getByRole('link');
  const hrefs = await more.evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(hrefs).not.toContain(`/news/${article.id}`);
  if (hrefs.length === 0) await expect(page.getByText('No additional news.')).toBeVisible();
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(jsonLd['@type']).toBe('NewsArticle');
  await context.close();
});

test('staff edits reach the static pages: a new article, its new title, then its removal', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const headers = await staffHeaders(request);
  const { news } = (await (await request.get('/api/news/all?limit=1')).json()) as { news: NewsItem[] };
  const symbol = news[0]!.company_symbol!;
  const created = await request.post('/api/tools/news', {
    headers,
    data: { title: 'Browser test headline', company_symbol: symbol, description: '<p>Fresh from the desk.</p>' },
  });
  expect(created.status()).toBe(201);
  const { id, version } = (await created.json()).data as { id: number; version: number };
  // Readable at once (from the API) while its own page is being built.
  await page.goto(`/news/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Browser test headline');
  await waitForPage(page, `/news/${id}/`, 200, 'Browser test headline');
  await page.goto(`/news/${id}`);
  await expect(page.getByTestId('article')).toContainText('Fresh from the desk.');

  expect(
    (
      await request.put(`/api/tools/news/${id}`, { headers, data: { title: 'Browser test, edited', version } })
    ).status(),
  ).toBe(200);
  await waitForPage(page, `/news/${id}/`, 200, 'Browser test, edited');

  expect((await request.delete(`/api/tools/news/${id}`, { headers })).status()).toBe(204);
  await waitForPage(page, `/news/${id}/`, 404);
});

test('an article staff gave no picture shows its generated cover, so the top stories line up', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const headers = await staffHeaders(request);
  const { news } = (await (await request.get('/api/news/all?limit=1')).json()) as { news: NewsItem[] };
  const created = await request.post('/api/tools/news', {
    headers,
    data: {
      title: 'Cover check headline',
      company_symbol: news[0]!.company_symbol!,
      description: '<p>No picture.</p>',
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()).data as { id: number };
  try {
    await waitForPage(page, '/news/', 200, 'Cover check headline');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/news');
    await waitForIsland(page, 'lead-article');
    const lead = page.getByTestId('lead-article');
    await expect(lead.first()).toContainText('Cover check headline');
    const cover = lead.first().locator('img');
    await expect(cover).toHaveAttribute('src', new RegExp(`^/api/covers/news/${id}\\.svg`));
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    // Every card of the row has its picture, so their texts start at one height.
    await expect(lead.locator('img')).toHaveCount(4);
    const textTops = await lead.evaluateAll((cards) =>
      cards.map((card) => Math.round(card.querySelector('span.uppercase')!.getBoundingClientRect().top)),
    );
    expect(new Set(textTops).size).toBe(1);
  } finally {
    await request.delete(`/api/tools/news/${id}`, { headers });
  }
});

test('hostile HTML in an article never runs in the browser', async ({ page, request }) => {
  test.setTimeout(120_000);
  const headers = await staffHeaders(request);
  const { news } = (await (await request.get('/api/news/all?limit=1')).json()) as { news: NewsItem[] };
  const created = await request.post('/api/tools/news', {
    headers,
    data: {
      title: 'Hostile markup check',
      company_symbol: news[0]!.company_symbol,
      description: `<p>Visible text.</p>${HOSTILE_SNIPPETS.join('\n')}`,
    },
  });
  const { id, version } = (await created.json()).data as { id: number; version: number };
  let dialogs = 0;
  page.on('dialog', async (dialog) => {
    dialogs++;
    await dialog.dismiss();
  });
  await waitForPage(page, `/news/${id}/`, 200, 'Hostile markup check');
  await page.goto(`/news/${id}`);
  await expect(page.getByTestId('article')).toContainText('Visible text.');
  // Give handlers a chance: hover and click everything in the body.
  for (const element of await page.getByTestId('article').locator('.article-body *').all()) {
    await element.hover({ trial: false }).catch(() => {});
  }
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => document.body.dataset.pwned ?? null)).toBeNull();
  expect(dialogs).toBe(0);
  expect(
    await page.locator('.article-body script, .article-body iframe, .article-body svg, .article-body form').count(),
  ).toBe(0);
  await request.delete(`/api/tools/news/${id}?version=${version}`, { headers });
});

test('the video library filters by search and sector chip and loads twelve more on scroll', async ({ page }) => {
  await page.goto('/videos');
  await waitForIsland(page, 'video-card');
  await expect(page.getByTestId('video-card')).toHaveCount(12);
  await scrollToEnd(page, async () => (await page.getByTestId('video-card').count()) > 12);
  expect(await page.getByTestId('video-card').count()).toBeGreaterThan(12);

  await page.getByPlaceholder('Search Media').fill('CEO Interview');
  for (const name of await page.getByTestId('video-card').locator('span.font-bold').allTextContents()) {
    expect(name.toLowerCase()).toContain('ceo interview');
  }
  await page.getByPlaceholder('Search Media').fill('no such video title');
  await expect(page.getByTestId('no-videos')).toHaveText(
    'No videos available. Try searching or selecting a different category.',
  );
  await page.getByPlaceholder('Search Media').fill('');

  const chips = page.getByRole('group', { name: 'Sectors' }).getByRole('button');
  const chip = chips.nth(1);
  await chip.click();
  await expect(chip).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('video-card').first()).toBeVisible();

  await page.getByTestId('video-card').first().getByRole('button').click();
  await expect(page.getByTestId('snackbar')).toContainText('Log in to keep favorites.');
});

test('an exclusive video asks before it plays; unknown ids show the newest video', async ({ page, request }) => {
  const { data } = (await (await request.get('/api/videos/all?limit=100')).json()) as {
    data: { id: number; exclusive: boolean; name: string; company_symbol: string }[];
  };
  const exclusive = data.find((v) => v.exclusive)!;
  await page.goto(`/video/${exclusive.id}`);
  await waitForIsland(page, 'video-player');
  await page.getByRole('button', { name: `Play ${exclusive.name}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Exclusive Content');
  await expect(dialog).toContainText('Please submit to access this video.');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByTestId('video-player').locator('iframe')).toHaveAttribute(
    'src',
    /youtube-nocookie\.com\/embed\//,
  );
  await expect(page.getByRole('link', { name: `Learn More About ${exclusive.company_symbol}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Most Recent Videos' })).toBeVisible();
  await expect(page.getByTestId('share-buttons').getByRole('link', { name: /Share by email/ })).toHaveAttribute(
    'href',
    /^mailto:/,
  );

  const unknown = await page.goto('/video/987654321');
  expect(unknown?.status()).toBe(200);
  await expect(page.getByTestId('video')).toBeVisible();
  await page.goto(`/videos/${exclusive.id}`);
  await expect(page).toHaveURL(new RegExp(`/video/${exclusive.id}$`));
});

test('the newsletter page narrows by date and its sign-up is confirmed by an emailed link', async ({ page }) => {
  await page.goto('/newsletters');
  await waitForIsland(page, 'newsletter-card');
  const all = await page.getByTestId('newsletter-card').count();
  expect(all).toBeGreaterThan(50);
  await page.getByRole('button', { name: 'One Month Ago' }).click();
  const month = await page.getByTestId('newsletter-card').count();
  expect(month).toBeGreaterThan(0);
  expect(month).toBeLessThanOrEqual(5);

  const email = uniqueEmail('letters');
  const signup = page.getByTestId('newsletter-signup');
  await waitForIsland(page, 'newsletter-signup');
  await signup.getByLabel('First Name').fill('Riley');
  await signup.getByLabel('Last Name').fill('Investor');
  await signup.getByLabel('Email Address').fill(email);
  await signup.getByLabel('Phone Number').fill('(212) 555-0142');
  await signup.getByLabel('I agree to receive updates').check();
  await signup.getByRole('button', { name: 'Subscribe to weekly newsletter' }).click();
  await expect(page.getByTestId('signup-confirmation')).toContainText('almost complete');
  await expect(page.getByTestId('signup-confirmation')).toContainText(email);

  let link = '';
  await expect
    .poll(() => {
      const files = fs.existsSync(OUTBOX_DIR) ? fs.readdirSync(OUTBOX_DIR) : [];
      // Quoted-printable: soft line breaks joined, '=3D' back to '='.
      const decode = (text: string) => text.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const message = files
        .map((f) => decode(fs.readFileSync(path.join(OUTBOX_DIR, f), 'utf8')))
        .find((t) => t.includes(email));
      link = /(https?:\/\/\S+\/api\/email-subscriptions\/confirm\?token=[\w-]+)/.exec(message ?? '')?.[1] ?? '';
      return link;
    })
    .not.toBe('');
  await page.goto(link);
  await expect(page).toHaveURL(/\/newsletters\?confirmed=1/);
  await expect(page.getByText('Your subscription is active.')).toBeVisible();
});

for (const [label, viewport] of [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`the home page has events, four latest stories, news by category and the TV show (${label})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    await expect(page.getByTestId('home-events').getByRole('listitem').first()).toBeVisible();
    await expect(page.getByTestId('home-latest-news').getByRole('listitem')).toHaveCount(4);
    const groups = page.getByTestId('home-categories').locator('section');
    const names = await groups.locator('a[href^="/news?industry="]').allTextContents();
    expect(names.length).toBeGreaterThan(3);
    expect(names).toEqual([...names].sort());
    for (const group of await groups.all()) expect(await group.getByRole('listitem').count()).toBeLessThanOrEqual(2);
    await expect(page.getByText('Saturdays 7PM EST')).toBeVisible();
    await expect(page.getByTestId('tv-show')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });
}

test('an article about a client company offers news alerts, confirmed by email', async ({ page, request }) => {
  const { news } = (await (await request.get('/api/news/top/clients?limit=1')).json()) as { news: NewsItem[] };
  const article = news[0]!;
  await page.goto(`/news/${article.id}`);
  const form = page.getByTestId('news-alert-form');
  const email = uniqueEmail('alerts');
  await form.getByRole('textbox').fill(email);
  await form.getByRole('button', { name: 'Receive News Alerts' }).click();
  await expect(form.getByRole('status')).toContainText(`we sent a confirmation link to ${email}`);
});

test('an article newer than the site loads from the API, cleaned before it reaches the page', async ({ page }) => {
  const shell = await (await page.request.get('/news/article/')).text();
  const id = 987_654;
  await page.route(`**/news/${id}`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: shell }));
  await page.route(`**/api/news/${id}`, (route) =>
    route.fulfill({
      json: {
        data: {
          id,
          title: 'Straight from the API',
          thumbnail: null,
          published_at: '2026-11-20T15:00:00Z',
          company_symbol: null,
          source: 'RedCap Newswire',
          description: `<p>Readable body.</p>${HOSTILE_SNIPPETS.join('')}`,
        },
      },
    }),
  );
  let dialogs = 0;
  page.on('dialog', async (dialog) => {
    dialogs++;
    await dialog.dismiss();
  });
  await page.goto(`/news/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Straight from the API');
  await expect(page.getByTestId('article')).toContainText('Readable body.');
  await expect(page.getByText('No additional news.')).toBeVisible();
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => document.body.dataset.pwned ?? null)).toBeNull();
  expect(dialogs).toBe(0);
  expect(
    await page.locator('.article-body script, .article-body iframe, .article-body svg, .article-body form').count(),
  ).toBe(0);
});
