import { expect, test } from '@playwright/test';

for (const path of ['/not-found', '/no/such/page', '/stocks/nope/deeper/still']) {
  test(`${path} shows the 404 page with status 404`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '404 - Page Not Found' })).toBeVisible();
    await expect(page.getByText('The page you are looking for does not exist.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });
}

test('unknown API paths answer JSON, not the 404 page', async ({ request }) => {
  const response = await request.get('/api/nothing-here');
  expect(response.status()).toBe(404);
  expect(await response.json()).toEqual({ message: 'No API route for GET /api/nothing-here' });
});

test('static assets are served compressed with long caching, pages with revalidation', async ({ request }) => {
  const page = await request.get('/', { headers: { 'accept-encoding': 'br' } });
  expect(page.headers()['cache-control']).toBe('no-cache');
  expect(page.headers()['content-encoding']).toBe('br');
  const html = await page.text();
  const asset = /\/_astro\/[^"]+\.(?:js|css)/.exec(html)?.[0];
  expect(asset).toBeTruthy();
  const assetResponse = await request.get(asset!, { headers: { 'accept-encoding': 'gzip' } });
  expect(assetResponse.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  const etag = page.headers()['etag']!;
  const again = await request.get('/', { headers: { 'if-none-match': etag } });
  expect(again.status()).toBe(304);
});
