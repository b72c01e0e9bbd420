/**
 * The staff console in Chromium (docs/product.md §17): each tab's list (create, edit in
 * place, cancel, delete, a stale edit refused), the broadcast form, and
 * Clients Management (a client updated, a company made a client, a landing
 * page edit and a leader seen on the public pages). Readers are sent away.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { PASSWORD, logIn, uniqueEmail, verifiedAccount } from './account-helpers.ts';
import { EDITED_CLIENT, STAFF, demoClient, staffHeaders, waitForPage, waitForPageWithout } from './staff.ts';

/** What a client company's public page has and another company's has not. */
const CLIENT_HEADER = 'data-testid="client-header"';

/** Saves go live through the site rebuild, which takes a while on a busy machine. */
const LIVE_TIMEOUT = 180_000;

async function staffConsole(page: Page, path: string) {
  await logIn(page, STAFF.email, STAFF.password);
  await page.goto(path);
}

/** A client's ticker, read with a staff session's headers (one login per test: the request keeps its cookie). */
async function aClient(
  request: APIRequestContext,
  headers?: Record<string, string>,
  position?: number,
): Promise<string> {
  return demoClient(request, headers ?? (await staffHeaders(request)), position);
}

/** The row of the open list showing this title. */
const rowOf = (page: Page, title: string): Locator => page.getByTestId('tools-row').filter({ hasText: title });

/** A row by its record's id: it keeps matching while the row is an edit form. */
async function rowById(page: Page, title: string): Promise<Locator> {
  await expect(rowOf(page, title)).toHaveCount(1);
  const id = await rowOf(page, title).getAttribute('data-id');
  return page.locator(`[data-testid="tools-row"][data-id="${id}"]`);
}

test('a signed-in reader who is not staff is sent from the console to the home page', async ({ page, request }) => {
  const email = uniqueEmail('not-staff');
  await verifiedAccount(request, email);
  await logIn(page, email, PASSWORD);
  await page.goto('/tools');
  await expect(page).toHaveURL(/localhost:\d+\/$/);
  await page.goto('/tools/client');
  await expect(page).toHaveURL(/localhost:\d+\/$/);
});

test('staff write an article in the console, see it go live, edit it in place, cancel an edit and delete it', async ({
  page,
  request,
}) => {
  test.setTimeout(LIVE_TIMEOUT * 2);
  const symbol = await aClient(request);
  const title = `Console article ${Date.now()}`;
  await staffConsole(page, '/tools');
  await expect(page.getByRole('tab', { name: 'News', exact: true })).toHaveAttribute('aria-selected', 'true');

  await page.getByRole('button', { name: 'New news' }).click();
  const form = page.getByTestId('create-form');
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form.getByText('Title is required')).toBeVisible();
  await expect(form.getByText('Company symbol is required')).toBeVisible();
  await form.getByLabel('Title *', { exact: true }).fill(title);
  await form.getByLabel('Company symbol *', { exact: true }).fill(symbol.toLowerCase());
  await form.getByLabel('Thumbnail URL').fill('javascript:alert(1)');
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form.getByText('Thumbnail URL must be an http(s) URL')).toBeVisible();
  await form.getByLabel('Thumbnail URL').fill('');
  await form.locator('.ql-editor').fill('Written in the console.');
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form).toBeHidden();

  await page.getByLabel('Search news').fill(title);
  await expect(rowOf(page, title)).toHaveCount(1);
  await expect(rowOf(page, title)).toContainText(symbol);
  const id = await rowOf(page, title).getAttribute('data-id');
  // The row by its record's id: it keeps matching while it is an edit form.
  const row = page.locator(`[data-testid="tools-row"][data-id="${id}"]`);
  const progress = page.getByTestId('publish-progress');
  await expect(progress).toHaveAttribute('data-phase', 'live', { timeout: LIVE_TIMEOUT });
  await expect(progress.getByRole('link', { name: 'View the live page' })).toHaveAttribute('href', `/news/${id}/`);
  await page.goto(`/news/${id}/`);
  await expect(page.getByTestId('article')).toContainText('Written in the console.');

  await page.goto('/tools?tab=news');
  await page.getByLabel('Search news').fill(title);
  await row.getByRole('button', { name: `Edit “${title}”` }).click();
  const edit = row.getByTestId('record-form');
  await edit.getByLabel('Title *', { exact: true }).fill(`${title} (cancelled)`);
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toContainText(title);
  await expect(row).not.toContainText('(cancelled)');

  await row.getByRole('button', { name: `Edit “${title}”` }).click();
  await row.getByLabel('Title *', { exact: true }).fill(`${title} edited`);
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(row.getByRole('button', { name: `Edit “${title} edited”` })).toBeVisible();
  await waitForPage(page, `/news/${id}/`, 200, `${title} edited`, LIVE_TIMEOUT);

  await page.goto('/tools?tab=news');
  await page.getByLabel('Search news').fill(title);
  await row.getByRole('button', { name: /^Delete/ }).click();
  await expect(row.getByText('Delete this news?')).toBeVisible();
  await row.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText(`No news match “${title}”.`)).toBeVisible();
  await waitForPage(page, `/news/${id}/`, 404, undefined, LIVE_TIMEOUT);
});

test('an edit based on a version someone else has replaced is refused and offers theirs', async ({ page, request }) => {
  const headers = await staffHeaders(request);
  const symbol = await aClient(request, headers);
  const title = `Contested event ${Date.now()}`;
  const created = await request.post('/api/tools/events', { headers, data: { title, company_symbol: symbol } });
  const { id, version } = (await created.json()).data as { id: number; version: number };

  await staffConsole(page, '/tools?tab=events');
  await page.getByLabel('Search events').fill(title);
  const row = await rowById(page, title);
  await row.getByRole('button', { name: `Edit “${title}”` }).click();
  // Someone else saves first.
  const theirs = await request.put(`/api/tools/events/${id}`, {
    headers,
    data: { title: `${title} (theirs)`, version },
  });
  expect(theirs.status()).toBe(200);
  await row.getByLabel('Title *', { exact: true }).fill(`${title} (mine)`);
  await row.getByRole('button', { name: 'Save' }).click();
  const alert = row.getByRole('alert');
  await expect(alert).toContainText('Failed to update event: This event was changed by someone else');
  await alert.getByRole('button', { name: 'Reload their version' }).click();
  await expect(row).toContainText(`${title} (theirs)`);
  const stored = await request.get(`/api/tools/events?q=${encodeURIComponent(title)}`, { headers });
  expect(((await stored.json()) as { data: { title: string }[] }).data.map((e) => e.title)).toEqual([
    `${title} (theirs)`,
  ]);
  await request.delete(`/api/tools/events/${id}`, { headers });
});

test('staff add a webinar and a video, edit them in place and delete them', async ({ page, request }) => {
  test.setTimeout(LIVE_TIMEOUT * 2);
  const symbol = await aClient(request);
  const stamp = Date.now();
  await staffConsole(page, '/tools?tab=events');

  await page.getByRole('button', { name: 'New event' }).click();
  let form = page.getByTestId('create-form');
  await form.getByLabel('Title *', { exact: true }).fill(`Console webinar ${stamp}`);
  await form.getByLabel('Company symbol').fill(symbol);
  await form.getByLabel('Starts (Eastern Time)').fill('2031-03-04T13:30');
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form).toBeHidden();
  await page.getByLabel('Search events').fill(`Console webinar ${stamp}`);
  const webinar = await rowById(page, `Console webinar ${stamp}`);
  // Entered in Eastern Time and shown so: 1:30 PM EST on a March day before the change to summer time.
  await expect(webinar).toContainText('Tue, Mar 4, 2031, 1:30 PM EST');
  await webinar.getByRole('button', { name: /^Edit/ }).click();
  await webinar.getByLabel('Archived (replay available)').check();
  await webinar.getByRole('button', { name: 'Save' }).click();
  await expect(webinar).toContainText('Archived');
  await webinar.getByRole('button', { name: /^Delete/ }).click();
  await webinar.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText(`No events match “Console webinar ${stamp}”.`)).toBeVisible();

  await page.getByRole('tab', { name: 'Videos' }).click();
  await expect(page).toHaveURL(/tab=videos/);
  await page.getByRole('button', { name: 'New video' }).click();
  form = page.getByTestId('create-form');
  await form.getByLabel('Title *', { exact: true }).fill(`Console video ${stamp}`);
  await form.getByLabel('Company symbol *', { exact: true }).fill(symbol);
  // A pasted link is taken for its video id; anything else is refused in the form's words.
  const youtube = form.getByLabel('YouTube video *', { exact: true });
  await youtube.fill('too-short');
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form.getByText('YouTube video is not a YouTube link or video id')).toBeVisible();
  await youtube.fill('https://www.youtube.com/watch?v=aqz-KE-bpKQ&t=42s');
  await form.getByLabel('Type').selectOption('Interview');
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form).toBeHidden();
  await page.getByLabel('Search videos').fill(`Console video ${stamp}`);
  const video = await rowById(page, `Console video ${stamp}`);
  await expect(video).toContainText('Interview');
  const id = await video.getAttribute('data-id');
  // Read with the page's staff session (this request context signed in once already, for aClient).
  const stored = await page.request.get(`/api/tools/videos?q=${encodeURIComponent(`Console video ${stamp}`)}`);
  expect(((await stored.json()) as { data: { youtubeId: string }[] }).data.map((v) => v.youtubeId)).toEqual([
    'aqz-KE-bpKQ',
  ]);
  await waitForPage(page, `/video/${id}/`, 200, `Console video ${stamp}`, LIVE_TIMEOUT);
  await video.getByRole('button', { name: /^Edit/ }).click();
  await video.getByLabel('Featured').check();
  await video.getByRole('button', { name: 'Save' }).click();
  await expect(video).toContainText('Featured');
  await video.getByRole('button', { name: /^Delete/ }).click();
  await video.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText(`No videos match “Console video ${stamp}”.`)).toBeVisible();
  // An unknown video's address shows the newest video: the deleted one is simply gone from it.
  await waitForPageWithout(page, `/video/${id}/`, `Console video ${stamp}`, LIVE_TIMEOUT);
});

test('a broadcast from the console reaches another reader', async ({ page, request }) => {
  const reader = uniqueEmail('broadcast-reader');
  await verifiedAccount(request, reader);
  const { news } = (await (await request.get('/api/news/all?limit=1')).json()) as { news: { id: number }[] };
  const message = `Console broadcast ${Date.now()}`;
  await staffConsole(page, '/tools?tab=notifications');
  await page.getByRole('button', { name: 'Broadcast' }).click();
  await expect(page.getByText('Message is required')).toBeVisible();
  await expect(page.getByText('Object id is required')).toBeVisible();
  await page.getByLabel('Message *').fill(message);
  await page.getByLabel('Object type *').selectOption('news');
  await page.getByLabel('Object id *').fill(String(news[0]!.id));
  await page.getByRole('button', { name: 'Broadcast' }).click();
  await expect(page.getByTestId('tools-broadcast').getByRole('status')).toHaveText(
    'Global Notification Broadcasted Successfully',
  );
  await expect(page.getByTestId('recent-broadcasts')).toContainText(message);

  const login = await request.post('/api/auth/login', { data: { email: reader, password: PASSWORD } });
  const token = ((await login.json()) as { token: string }).token;
  const bell = await request.get('/api/notifications', { headers: { authorization: `Bearer ${token}` } });
  const { data, unread } = (await bell.json()) as { data: { message: string; link: string }[]; unread: number };
  expect(data[0]).toMatchObject({ message, link: `/news/${news[0]!.id}` });
  expect(unread).toBeGreaterThan(0);
});

test('Clients Management updates a client, edits its landing page and leaders, and the public pages follow', async ({
  page,
  request,
}) => {
  test.setTimeout(LIVE_TIMEOUT * 3);
  const symbol = await aClient(request, undefined, EDITED_CLIENT.clientsManagement);
  const stamp = Date.now();
  await staffConsole(page, `/tools/client?symbol=${symbol}`);
  const client = page.getByTestId('client-editor');
  await expect(client.getByRole('heading', { level: 2 })).toContainText(`(${symbol})`);
  await expect(client.getByTestId('topic-arn')).toHaveText(/News alert topic: (set|not set)/);
  await client.getByLabel('Contract').fill(`Contract ${stamp}`);
  await client.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText(/updated\.$/)).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('client-editor').getByLabel('Contract')).toHaveValue(`Contract ${stamp}`);

  const landing = page.getByTestId('landing-editor');
  await landing.getByLabel('Title colour', { exact: true }).fill('not a colour');
  await landing.getByRole('button', { name: 'Save landing page' }).click();
  await expect(landing.getByText('Title colour must be a hex colour such as #ffffff')).toBeVisible();
  await landing.getByLabel('Title colour', { exact: true }).fill('#fde68a');
  await landing.getByLabel('Jumbotron title').fill(`Landing ${stamp}`);
  await landing.getByRole('button', { name: 'Show preview' }).click();
  await expect(landing.getByTestId('landing-preview')).toContainText(`Landing ${stamp}`);
  await landing.getByRole('button', { name: 'Save landing page' }).click();
  await expect(page.getByText('Landing Page saved successfully!')).toBeVisible();
  await waitForPage(page, `/stocks/${symbol}/`, 200, `Landing ${stamp}`, LIVE_TIMEOUT);

  await page.goto(`/tools/client?symbol=${symbol}`);
  const leaders = page.getByTestId('leaders-editor');
  await leaders.getByRole('button', { name: 'Add leader' }).click();
  const added = leaders.getByTestId('leader-new');
  await added.getByLabel('Name *').fill(`Avery Console ${stamp}`);
  await added.getByLabel('Title *').fill('Chief Testing Officer');
  await added.getByLabel('Headshot URL').fill('https://example.com/avery.jpg');
  await added.locator('.ql-editor').fill('Joined from the console.');
  await added.getByRole('button', { name: 'Save leader' }).click();
  await expect(page.getByText('Leader saved successfully!')).toBeVisible();
  const row = leaders.getByTestId('leader-row').filter({ hasText: `Avery Console ${stamp}` });
  await expect(row).toContainText('Chief Testing Officer');
  await waitForPage(page, `/stocks/${symbol}/team/`, 200, `Avery Console ${stamp}`, LIVE_TIMEOUT);
  await row.getByRole('button', { name: /^Delete/ }).click();
  await row.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Leader deleted successfully!')).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('staff make a listed company a client and deactivate it again, and its public page follows', async ({
  page,
  request,
}) => {
  test.setTimeout(LIVE_TIMEOUT * 2);
  const headers = await staffHeaders(request);
  const clients = (await (await request.get('/api/tools/clients?limit=100', { headers })).json()) as {
    data: { company_symbol: string }[];
  };
  const taken = new Set(clients.data.map((c) => c.company_symbol));
  const listed = (await (await request.get('/api/stock/search?query=a&pageSize=100')).json()) as {
    data: { symbol: string }[];
  };
  // The last in ticker order: other tests take the first client in that order, which must stay a demo client.
  const symbol = listed.data
    .map((c) => c.symbol)
    .filter((s) => !taken.has(s))
    .sort()
    .at(-1)!;
  await staffConsole(page, '/tools/client');
  await page.getByLabel('Make a company a client').fill('ZZZZZZ');
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByRole('alert')).toContainText('Failed to create client');
  await page.getByLabel('Make a company a client').fill(symbol.toLowerCase());
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(page).toHaveURL(new RegExp(`symbol=${symbol.replace('.', '\\.')}`));
  const client = page.getByTestId('client-editor');
  await expect(client.getByRole('heading', { level: 2 })).toContainText(`(${symbol})`);
  await expect(page.getByTestId('landing-editor').getByLabel('Landing page active')).toBeVisible();
  await waitForPage(page, `/stocks/${symbol}/`, 200, CLIENT_HEADER, LIVE_TIMEOUT);
  await client.getByLabel('Active client').uncheck();
  await client.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText(/updated\.$/)).toBeVisible();
  const stored = await request.get(`/api/tools/clients/${symbol}`, { headers });
  expect(((await stored.json()) as { data: { active: boolean } }).data.active).toBe(false);
  await waitForPageWithout(page, `/stocks/${symbol}/`, CLIENT_HEADER, LIVE_TIMEOUT);
});

test('staff find the console in their account menu, and readers have no such entry', async ({ page, request }) => {
  const reader = uniqueEmail('menu-reader');
  await verifiedAccount(request, reader);
  await logIn(page, reader, PASSWORD);
  await page.getByTestId('profile-menu-button').click();
  await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Tools' })).toHaveCount(0);
  // Logging out loads the home page again: the next sign-in starts once it has.
  const home = page.waitForEvent('load');
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await home;
  await expect(page.getByTestId('login-link')).toBeVisible();

  await logIn(page, STAFF.email, STAFF.password);
  await page.getByTestId('profile-menu-button').click();
  await page.getByRole('menuitem', { name: 'Tools' }).click();
  await expect(page).toHaveURL(/\/tools\/?$/);
  await expect(page.getByRole('tab', { name: 'News', exact: true })).toHaveAttribute('aria-selected', 'true');
});

/** Every word of an element's text and the line tops its boxes sit on (two tops: the word was split). */
function wordLines(element: HTMLElement) {
  const words: { word: string; tops: number[]; right: number }[] = [];
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const match of (node.nodeValue ?? '').matchAll(/\S+/g)) {
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const boxes = [...range.getClientRects()].filter((box) => box.width > 0);
      words.push({
        word: match[0],
        tops: [...new Set(boxes.map((box) => Math.round(box.top)))],
        right: Math.max(...boxes.map((box) => box.right)),
      });
    }
  }
  return words;
}

test('a paragraph staff type in the editor wraps between words on a 390 px phone once published', async ({
  page,
  request,
}) => {
  test.setTimeout(LIVE_TIMEOUT * 2);
  const headers = await staffHeaders(request);
  const symbol = await aClient(request, headers);
  const title = `Wrapping article ${Date.now()}`;
  const paragraph =
    'Retail investors following small capitalization manufacturers noticed that quarterly shipments ' +
    'accelerated considerably, while management reiterated conservative guidance and highlighted ' +
    'international distribution agreements, manufacturing efficiencies and disciplined capital allocation.';
  await staffConsole(page, '/tools');
  await page.getByRole('button', { name: 'New news' }).click();
  const form = page.getByTestId('create-form');
  // Filled while the editor loads: its loading must not take the focus from the field being typed in.
  await form.getByLabel('Title *', { exact: true }).fill(title);
  await form.getByLabel('Company symbol *', { exact: true }).fill(symbol);
  await form.locator('.ql-editor').click();
  await page.keyboard.type(paragraph);
  await expect(form.getByLabel('Title *', { exact: true })).toHaveValue(title);
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form).toBeHidden();
  await page.getByLabel('Search news').fill(title);
  const id = await (await rowById(page, title)).getAttribute('data-id');
  const stored = await request.get(`/api/news/${id}`);
  expect(((await stored.json()) as { data: { description: string } }).data.description).toBe(`<p>${paragraph}</p>`);

  await waitForPage(page, `/news/${id}/`, 200, title, LIVE_TIMEOUT);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/news/${id}/`);
  const body = page.getByTestId('article').locator('p', { hasText: 'Retail investors following' });
  const words = await body.evaluate(wordLines);
  expect(words.map((w) => w.word).join(' ')).toBe(paragraph);
  // The paragraph takes several lines, every line break falls between two words, and no word runs off the page.
  expect(new Set(words.map((w) => w.tops[0])).size).toBeGreaterThan(3);
  expect(words.filter((w) => w.tops.length !== 1).map((w) => w.word)).toEqual([]);
  expect(Math.max(...words.map((w) => w.right))).toBeLessThanOrEqual(390);
  await request.delete(`/api/tools/news/${id}`, { headers });
});

test('staff typing while the page’s rich-text editors load keep every keystroke in the field they type in', async ({
  page,
  request,
}) => {
  const symbol = await aClient(request);
  // The editor's code arrives a moment late, as on a slow connection: typing has begun by then.
  let released: () => void = () => {};
  const editorCode = new Promise<void>((resolve) => (released = resolve));
  await page.route(/\/_astro\/quill\.[\w-]+\.js$/, async (route) => {
    await editorCode;
    await route.continue();
  });
  await staffConsole(page, `/tools/client?symbol=${symbol}`);
  const client = page.getByTestId('client-editor');
  // Typed from the moment the form shows: the disclosure, landing-page and leader editors load meanwhile.
  await client.getByLabel('Contract').click();
  await page.keyboard.press('ControlOrMeta+a');
  const typed = 'Typed while the editors load';
  await page.keyboard.type(typed.slice(0, 10));
  released();
  await expect(page.locator('.ql-editor').first()).toBeVisible();
  await page.keyboard.type(typed.slice(10), { delay: 20 });
  await expect(client.getByLabel('Contract')).toHaveValue(typed);
  await expect(page.locator('.ql-editor').filter({ hasText: typed })).toHaveCount(0);
  expect(await page.locator('.ql-editor').count()).toBeGreaterThan(3);
});

test('saving a landing page changes only the fields staff edited, and keeps the words of the rest', async ({
  page,
  request,
}) => {
  const headers = await staffHeaders(request);
  const symbol = await aClient(request, headers, EDITED_CLIENT.landingPage);
  const landing = (await (await request.get(`/api/tools/company-landing/${symbol}`, { headers })).json()) as {
    data: { version: number };
  };
  const overview = '<p>First paragraph stays exactly as it was written.</p><p>Second paragraph of the overview.</p>';
  const letter = '<p>Dear shareholders, thank you for your support.</p>';
  const prepared = await request.put(`/api/tools/company-landing/${symbol}`, {
    headers,
    data: { overview, letter, version: landing.data.version },
  });
  expect(prepared.status()).toBe(200);

  await staffConsole(page, `/tools/client?symbol=${symbol}`);
  const editor = page.getByTestId('landing-editor');
  const subtitle = `Subtitle ${Date.now()}`;
  await editor.getByLabel('Jumbotron subtitle').fill(subtitle);
  // The overview is the first rich-text field: a sentence typed at the end of its second paragraph.
  await editor.locator('.ql-editor').first().click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' One more sentence typed here.');
  await editor.getByRole('button', { name: 'Save landing page' }).click();
  await expect(page.getByText('Landing Page saved successfully!')).toBeVisible();

  const log = (await (
    await request.get(`/api/tools/audit?kind=landing&key=${symbol}&limit=1`, { headers })
  ).json()) as { data: { before: Record<string, unknown>; after: Record<string, unknown> }[] };
  const { before, after } = log.data[0]!;
  expect(Object.keys(after).sort()).toEqual(['overview', 'subtitle', 'updatedAt', 'version']);
  expect(before.overview).toBe(overview);
  expect(after.overview).toBe(
    '<p>First paragraph stays exactly as it was written.</p><p>Second paragraph of the overview. One more sentence typed here.</p>',
  );
  expect(after.subtitle).toBe(subtitle);
});
