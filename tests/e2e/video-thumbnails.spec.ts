import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import { waitForIsland } from './hydration.ts';

interface Video {
  id: number;
  name: string;
  thumbnail_url: string | null;
}

/** The oldest video that has no thumbnail of its own. */
async function videoWithoutThumbnail(request: APIRequestContext): Promise<Video> {
  // Not the newest: videos without a picture may be ones other tests are making and deleting.
  let oldest: Video | undefined;
  for (let page = 1; page < 50; page++) {
    const response = await request.get('/api/videos/all', { params: { page, limit: 100 } });
    expect(response.status()).toBe(200);
    const { data } = (await response.json()) as { data: Video[] };
    oldest = data.findLast((v) => v.thumbnail_url === null) ?? oldest;
    if (data.length === 0) break;
  }
  if (!oldest) throw new Error('no video without a thumbnail in the demo library');
  return oldest;
}

/** Every picture in `scope` has been drawn: loaded, with something in it. */
async function expectNoBrokenImages(scope: Locator) {
  const images = await scope.locator('img').all();
  expect(images.length).toBeGreaterThan(0);
  for (const image of images) {
    await image.scrollIntoViewIfNeeded();
    const src = await image.getAttribute('src');
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { message: src! })
      .toBe(true);
  }
}

test('a video without a thumbnail shows the site’s cover, not a broken picture, on its page and its card', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const video = await videoWithoutThumbnail(request);

  await page.goto(`/video/${video.id}`);
  await waitForIsland(page, 'video-player');
  await expectNoBrokenImages(page.locator('main'));
  await expect(page.getByTestId('video-player').locator('img')).toHaveAttribute('src', /\/api\/covers\//);

  // Its card in the library, loaded twelve at a time as the reader scrolls.
  await page.goto('/videos');
  await waitForIsland(page, 'video-card');
  const card = page.getByTestId('video-card').filter({ hasText: video.name });
  while ((await card.count()) === 0) {
    const before = await page.getByTestId('video-card').count();
    await page.getByTestId('video-card').last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 4000);
    await expect.poll(() => page.getByTestId('video-card').count()).toBeGreaterThan(before);
  }
  await expectNoBrokenImages(card);
});
