/**
 * RedChat in the browser: asking from a company page's popup and from the
 * chat page, answers whose figures link to their sources, the history (paged
 * by 18, renamed with Enter, blur and Escape, opened from the drawer on a
 * phone), sharing a thread and revoking it, and the frame handshake: a
 * message from any other origin is ignored both ways, and the chat token is
 * nowhere a page script could read it.
 */
import { expect, test, type APIRequestContext, type FrameLocator, type Page } from '@playwright/test';
import { CHAT_TEXT } from '../../src/lib/chat.ts';
import { formatDollars } from '../../src/lib/format.ts';
import { logIn, uniqueEmail, verifiedAccount } from './account-helpers.ts';

interface Hit {
  symbol: string;
  name: string;
}

/** A company of the demo universe that is not a client (its figures sit on its own page). */
async function aStock(request: APIRequestContext, skip = 0): Promise<Hit> {
  const { data } = (await (await request.get('/api/stock/search?query=a&pageSize=30')).json()) as { data: Hit[] };
  const clients = new Set(
    (
      (await (await request.get('/api/news/top/clients?limit=50')).json()) as { news: { company_symbol: string }[] }
    ).news.map((n) => n.company_symbol),
  );
  return data.filter((c) => !clients.has(c.symbol))[skip]!;
}

const lastSale = async (request: APIRequestContext, symbol: string) =>
  ((await (await request.get(`/api/stock/company/${symbol}`)).json()) as { data: { last_sale: number | null } }).data
    .last_sale;

async function askIn(frame: FrameLocator, question: string) {
  const answers = frame.getByTestId('chat-answer');
  const before = await answers.count();
  await frame.getByLabel('Your question').fill(question);
  await frame.getByRole('button', { name: 'Send' }).click();
  const answer = answers.nth(before);
  await expect(answer).toHaveAttribute('data-state', 'done', { timeout: 15_000 });
  return answer;
}

const chatFrame = (page: Page) => page.frameLocator('[data-testid="chat-frame"]');

async function signedIn(page: Page, request: APIRequestContext, label: string) {
  const email = uniqueEmail(label);
  await verifiedAccount(request, email);
  await logIn(page, email);
  return email;
}

test('a company page’s popup opens RedChat for the stock, whose answer links its figures to the page', async ({
  page,
  request,
}) => {
  const stock = await aStock(request);
  await page.goto(`/stocks/${stock.symbol}`);
  const toggle = page.getByRole('button', { name: `Ask about ${stock.symbol} in RedChat` });
  await expect(toggle).toHaveText(`Ask about ${stock.symbol}`);
  await toggle.click();
  const card = page.getByRole('dialog', { name: `RedChat about ${stock.symbol}` });
  await expect(card).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(card.getByRole('link', { name: 'Full chat' })).toHaveAttribute(
    'href',
    `/redchat?symbol=${stock.symbol}`,
  );

  const frame = page.frameLocator('[data-testid="chat-popup-frame"]');
  await expect(frame.getByTestId('chat-greeting')).toContainText(
    `Hi! I'm RedChat. Ask me anything about ${stock.symbol}.`,
  );
  const before = await lastSale(request, stock.symbol);
  const answer = await askIn(frame, "what's the price?");
  const after = await lastSale(request, stock.symbol);
  const text = await answer.innerText();
  // The figure of the company page (a price tick may land between the two reads).
  expect([formatDollars(before), formatDollars(after)].some((p) => text.includes(p))).toBe(true);
  const source = answer.getByTestId('answer-sources').getByRole('link').first();
  await expect(source).toHaveAttribute('href', `/stocks/${stock.symbol}#market-stats`);
  // A link to the site opens in the window, not inside the popup's frame.
  await source.click();
  await expect(page).toHaveURL(new RegExp(`/stocks/${stock.symbol}#market-stats$`));
  await page.keyboard.press('Escape');
});

test('everywhere RedChat is offered leads to it', async ({ page }) => {
  await page.goto('/stocks');
  await page.getByTestId('redchat-banner').click();
  await expect(page).toHaveURL(/\/redchat\/?$/);
  await expect(chatFrame(page).getByTestId('chat-greeting')).toContainText(CHAT_TEXT.greetingGeneral);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await page.getByRole('link', { name: 'RedChat', exact: true }).filter({ visible: true }).first().click();
  await expect(page).toHaveURL(/\/redchat\/?$/);
  await expect(page.getByText(CHAT_TEXT.signInForHistory)).toBeVisible();
});

test('a signed-in reader’s question is kept, renamed with Enter, blur and Escape, and shared until revoked', async ({
  page,
  request,
  browser,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const stock = await aStock(request, 1);
  await signedIn(page, request, 'chat-history');
  await page.goto(`/redchat?symbol=${stock.symbol}`);
  await expect(page.getByTestId('chat-history-empty')).toHaveText(CHAT_TEXT.noHistory);
  const frame = chatFrame(page);
  await expect(frame.getByTestId('chat-greeting')).toContainText(stock.symbol);
  await expect(page.getByTestId('chat-learn-about')).toHaveAttribute('href', `/stocks/${stock.symbol}`);
  await expect(page.getByTestId('chat-share')).toHaveCount(0);

  await askIn(frame, 'analyst ratings');
  const item = page.getByTestId('chat-history-item').first();
  await expect(item).toContainText('analyst ratings');

  // Enter saves.
  await item.getByTestId('chat-title-edit').click();
  await page.getByTestId('chat-title-input').fill('Analysts on the stock');
  await page.getByTestId('chat-title-input').press('Enter');
  await expect(item).toContainText('Analysts on the stock');
  // Leaving the field saves.
  await item.getByTestId('chat-title-edit').click();
  await page.getByTestId('chat-title-input').fill('What analysts think, and their targets for the next year');
  await page.getByTestId('chat-new').focus();
  await expect(item).toContainText('What analysts think, and their targets for the next year');
  // Escape cancels.
  await item.getByTestId('chat-title-edit').click();
  await page.getByTestId('chat-title-input').fill('Not this one');
  await page.getByTestId('chat-title-input').press('Escape');
  await expect(item).toContainText('What analysts think, and their targets for the next year');
  await page.reload();
  await expect(page.getByTestId('chat-history-item').first()).toContainText('What analysts think');

  // Share: the link is copied, the note shows 1.2 s, the button rests 3 s.
  await page.getByTestId('chat-history-item').first().getByRole('button').first().click();
  const share = page.getByTestId('chat-share');
  await share.click();
  await expect(page.getByTestId('chat-link-copied')).toHaveText(CHAT_TEXT.linkCopied);
  await expect(share).toBeDisabled();
  await expect(page.getByTestId('chat-link-copied')).toBeHidden({ timeout: 2500 });
  await expect(share).toBeEnabled({ timeout: 4000 });
  const url = await page.evaluate(() => navigator.clipboard.readText());
  expect(url).toMatch(/\/redchat\/shared\/[A-Za-z0-9_-]{43}$/);

  // Anyone with the link reads it, signed out.
  const stranger = await browser.newContext();
  const reader = await stranger.newPage();
  const opened = await reader.goto(url);
  expect(opened?.status()).toBe(200);
  await expect(reader.getByTestId('shared-chat')).toContainText('analyst ratings');
  await expect(reader.getByTestId('answer-sources').first().getByRole('link').first()).toHaveAttribute(
    'href',
    `/stocks/${stock.symbol}#analyst-reports`,
  );

  // Revoked, it stops working.
  await page.getByRole('button', { name: 'Stop sharing' }).click();
  const gone = await reader.goto(url);
  expect(gone?.status()).toBe(404);
  await expect(reader.getByTestId('shared-chat-missing')).toContainText(CHAT_TEXT.sharedMissing);
  await stranger.close();
});

test('the history pages by 18, and on a phone the drawer opens a thread and closes', async ({ page, request }) => {
  await signedIn(page, request, 'chat-paging');
  // Twenty conversations, asked through the API with the browser's session.
  for (let i = 0; i < 20; i++) {
    const response = await page.request.post('/api/redchat/api/chat/chat/messages', {
      data: { message: `question number ${i + 1}` },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(response.status()).toBe(200);
  }
  await page.setViewportSize({ width: 1280, height: 700 });
  await page.goto('/redchat');
  const items = page.getByTestId('chat-history-item');
  await expect(items).toHaveCount(18);
  await expect(items.first()).toContainText('question number 20');
  await page.getByTestId('chat-history-more').scrollIntoViewIfNeeded();
  await expect(items).toHaveCount(20);
  await expect(page.getByTestId('chat-history-more')).toHaveCount(0);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('chat-panel')).toBeHidden();
  await page.getByTestId('chat-drawer-toggle').click();
  await expect(page.getByTestId('chat-panel')).toBeVisible();
  await page.getByTestId('chat-history-item').nth(2).getByRole('button').first().click();
  await expect(page.getByTestId('chat-panel')).toBeHidden();
  await expect(chatFrame(page).getByTestId('chat-question')).toHaveText('question number 18');
  await page.getByTestId('chat-drawer-toggle').click();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('chat-panel')).toBeHidden();
  await expect(page.getByTestId('chat-drawer-toggle')).toBeFocused();
});

test.describe('the frame handshake', () => {
  test.use({ bypassCSP: true });

  test('ignores messages from any other origin, both ways, and keeps the token out of every script’s reach', async ({
    page,
    request,
    baseURL,
  }) => {
    const stock = await aStock(request, 2);
    await signedIn(page, request, 'chat-origin');
    const tokens: string[] = [];
    page.on('response', async (response) => {
      if (response.url().endsWith('/api/redchat/token'))
        tokens.push(((await response.json()) as { token: string }).token);
    });
    const sent: (string | undefined)[] = [];
    page.on('request', (req) => {
      if (req.url().endsWith('/api/redchat/api/chat/chat/messages')) sent.push(req.headers()['authorization']);
    });
    await page.goto(`/redchat?symbol=${stock.symbol}`);
    const frame = chatFrame(page);
    await expect(frame.getByTestId('chat-greeting')).toContainText(stock.symbol);
    await expect.poll(() => tokens.length).toBe(1);

    // Another origin: the same server under another host name, allowed into the page for the test.
    const foreignOrigin = baseURL!.replace('localhost', '127.0.0.1');
    await page.route(`${foreignOrigin}/**`, async (route) => {
      const response = await route.fetch();
      const headers = { ...response.headers() };
      delete headers['x-frame-options'];
      delete headers['content-security-policy'];
      await route.fulfill({ response, headers });
    });
    await page.evaluate((src) => {
      const foreign = document.createElement('iframe');
      foreign.src = src;
      foreign.id = 'foreign';
      document.body.append(foreign);
      return new Promise((resolve) => foreign.addEventListener('load', resolve));
    }, `${foreignOrigin}/terms/`);
    const foreign = page.frames().find((f) => f.url().startsWith(foreignOrigin))!;
    // The foreign frame says it is ready and claims a stock; then hands the chat frame a forged token.
    const heard = await foreign.evaluate(async () => {
      const received: unknown[] = [];
      // What others send it (it hears its own forged token too, which proves nothing).
      window.addEventListener('message', (e) => {
        if (e.source !== window) received.push(e.data);
      });
      parent.postMessage({ type: 'iframe-ready' }, '*');
      parent.postMessage({ type: 'navigated', stock: 'EVIL', name: 'Evil Corp' }, '*');
      parent.postMessage({ type: 'thread_id', thread_id: 'forged-thread' }, '*');
      for (let i = 0; i < parent.frames.length; i++)
        parent.frames[i]!.postMessage({ type: 'token', token: 'forged' }, '*');
      await new Promise((resolve) => setTimeout(resolve, 1500));
      return received;
    });
    expect(heard).toEqual([]);
    await expect(page.getByTestId('chat-learn-about')).not.toContainText('Evil Corp');
    expect(tokens).toHaveLength(1);

    await askIn(frame, 'volume');
    expect(sent.at(-1)).toBe(`Bearer ${tokens[0]}`);

    // Nothing a page script reads holds the token or the session: not cookies, storage, nor globals.
    const token = tokens[0]!;
    const exposed = (t: string) => {
      const found: string[] = [];
      if (document.cookie.includes(t) || document.cookie.includes('Authorization=')) found.push('cookie');
      for (const store of [localStorage, sessionStorage])
        for (let i = 0; i < store.length; i++) if (store.getItem(store.key(i)!)?.includes(t)) found.push('storage');
      for (const key of Object.keys(window)) {
        try {
          const value = (window as unknown as Record<string, unknown>)[key];
          if (typeof value === 'string' && value.includes(t)) found.push(key);
        } catch {
          // A property that refuses to be read holds nothing of ours.
        }
      }
      return found;
    };
    expect(await page.evaluate(exposed, token)).toEqual([]);
    const chat = page.frames().find((f) => f.url().includes('/redchat/frame/'))!;
    expect(await chat.evaluate(exposed, token)).toEqual([]);
  });
});

/** The last piece of the newest answer: the end of what was written. */
const newestEnd = (frame: FrameLocator) => frame.getByTestId('chat-answer').last().locator(':scope > *').last();

/** Questions with long answers, so that a few of them overflow the conversation. */
const LONG_QUESTIONS = ['how has it performed?', 'latest SEC filings', 'who owns it?', 'what do analysts say?'];

for (const viewport of [
  { name: 'desktop', size: { width: 1366, height: 800 } },
  { name: 'phone', size: { width: 390, height: 844 } },
]) {
  test(`on the chat page (${viewport.name}), every new answer is in view`, async ({ page, request }) => {
    const stock = await aStock(request, 3);
    await page.setViewportSize(viewport.size);
    await page.goto(`/redchat?symbol=${stock.symbol}`);
    const frame = chatFrame(page);
    await expect(frame.getByTestId('chat-greeting')).toContainText(stock.symbol);
    for (const question of LONG_QUESTIONS) {
      await askIn(frame, question);
      await expect(newestEnd(frame), question).toBeInViewport();
    }
  });
}

test.describe('an answer written while the reader scrolls up', () => {
  // The frame's answers are held back, event by event, until the test lets them through.
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      if (!location.pathname.startsWith('/redchat/frame')) return;
      const held: { events: string[]; send: ((n: number) => void) | null } = { events: [], send: null };
      const w = window as unknown as { holdAnswers?: boolean; release?: (n: number) => number };
      w.release = (n) => {
        held.send?.(n);
        return held.events.length;
      };
      const original = window.fetch.bind(window);
      window.fetch = async (input, init) => {
        const response = await original(input, init);
        if (!w.holdAnswers || !String(input).endsWith('/api/redchat/api/chat/chat/messages')) return response;
        held.events = (await response.text()).split(/(?<=\n\n)/);
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            held.send = (n) => {
              for (const event of held.events.splice(0, n)) controller.enqueue(new TextEncoder().encode(event));
              if (held.events.length === 0) controller.close();
            };
          },
        });
        return new Response(body, { status: response.status, headers: response.headers });
      };
    });
  });

  test('leaves the conversation where the reader put it, and the next question follows again', async ({
    page,
    request,
  }) => {
    const stock = await aStock(request, 4);
    await page.setViewportSize({ width: 1366, height: 800 });
    await page.goto(`/redchat?symbol=${stock.symbol}`);
    const frame = chatFrame(page);
    await expect(frame.getByTestId('chat-greeting')).toContainText(stock.symbol);
    for (const question of LONG_QUESTIONS.slice(0, 2)) await askIn(frame, question);

    const chat = page.frames().find((f) => f.url().includes('/redchat/frame/'))!;
    await chat.evaluate(() => ((window as unknown as { holdAnswers: boolean }).holdAnswers = true));
    await frame.getByLabel('Your question').fill(LONG_QUESTIONS[2]!);
    await frame.getByRole('button', { name: 'Send' }).click();
    const answer = frame.getByTestId('chat-answer').last();
    // The first lines arrive, and the reader scrolls back up to read an earlier answer.
    await expect
      .poll(() => chat.evaluate(() => (window as unknown as { release: (n: number) => number }).release(0)))
      .toBeGreaterThan(6);
    await chat.evaluate(() => (window as unknown as { release: (n: number) => number }).release(4));
    await expect(answer).toHaveAttribute('data-state', 'streaming');
    await expect(answer).not.toHaveText('Looking that up…');
    const log = frame.getByTestId('chat-log');
    const before = await log.evaluate((el) => el.scrollTop);
    await log.hover();
    await page.mouse.wheel(0, -500);
    await expect.poll(() => log.evaluate((el) => el.scrollTop)).toBeLessThan(before - 100);
    const read = await log.evaluate((el) => el.scrollTop);
    // The rest of the answer is written below.
    await chat.evaluate(() => (window as unknown as { release: (n: number) => number }).release(1000));
    await expect(answer).toHaveAttribute('data-state', 'done');
    expect(await log.evaluate((el) => el.scrollTop)).toBe(read);
    await expect(newestEnd(frame)).not.toBeInViewport();

    await chat.evaluate(() => ((window as unknown as { holdAnswers: boolean }).holdAnswers = false));
    await askIn(frame, LONG_QUESTIONS[3]!);
    await expect(newestEnd(frame)).toBeInViewport();
  });
});

/** Asks a thread's questions through the API with the browser's session; returns the thread. */
async function savedThread(page: Page, questions: string[], symbol?: string): Promise<string> {
  let threadId: string | undefined;
  for (const message of questions) {
    const response = await page.request.post('/api/redchat/api/chat/chat/messages', {
      data: threadId ? { message, thread_id: threadId } : { message, symbol },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(response.status()).toBe(200);
    const thread = /event: thread\ndata: (.*)/.exec(await response.text())?.[1];
    threadId ??= (JSON.parse(thread!) as { thread_id: string }).thread_id;
  }
  return threadId!;
}

test('a saved chat opens at its newest message, on a desktop and in a phone’s drawer', async ({ page, request }) => {
  const stock = await aStock(request, 5);
  await signedIn(page, request, 'chat-saved');
  const threadId = await savedThread(page, LONG_QUESTIONS, stock.symbol);
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.goto('/redchat');
  const item = page.locator(`[data-testid="chat-history-item"][data-thread="${threadId}"]`);
  await item.getByTestId('chat-history-open').click();
  const frame = chatFrame(page);
  await expect(frame.getByTestId('chat-answer')).toHaveCount(LONG_QUESTIONS.length);
  await expect(newestEnd(frame)).toBeInViewport();
  await expect(frame.getByTestId('chat-thread-title')).toHaveText(LONG_QUESTIONS[0]!);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/redchat');
  await page.getByTestId('chat-drawer-toggle').click();
  await item.getByTestId('chat-history-open').click();
  await expect(frame.getByTestId('chat-answer')).toHaveCount(LONG_QUESTIONS.length);
  await expect(newestEnd(frame)).toBeInViewport();
});

test('a long history title takes its row’s whole width, ends in an ellipsis at the edge and is read in full', async ({
  page,
  request,
}) => {
  await signedIn(page, request, 'chat-title');
  const title =
    'How have the small-cap biotech stocks with a phase 3 drug and analyst coverage performed over the last six months';
  const threadId = await savedThread(page, [title]);
  for (const size of [
    { width: 1366, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await page.goto('/redchat');
    if (size.width < 1024) await page.getByTestId('chat-drawer-toggle').click();
    const item = page.locator(`[data-testid="chat-history-item"][data-thread="${threadId}"]`);
    const shown = item.getByTestId('chat-history-title');
    await expect(shown).toHaveText(title);
    await expect(item.getByTestId('chat-history-open')).toHaveAttribute('title', title);
    await expect(item.getByTestId('chat-history-open')).toHaveAccessibleName(
      new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
    );
    const fit = await shown.evaluate((el) => ({
      width: el.getBoundingClientRect().width,
      row: el.closest('li')!.getBoundingClientRect().width,
      cut: el.scrollWidth > el.clientWidth && getComputedStyle(el).textOverflow === 'ellipsis',
    }));
    expect(fit.cut).toBe(true);
    // The whole row but its inner margins.
    expect(fit.width).toBeGreaterThanOrEqual(fit.row - 20);
  }
});

test('the company page’s RedChat button never covers the analyst table’s last column', async ({ page, request }) => {
  const response = await request.post('/api/graphql', {
    data: {
      query: '{ filteredCompanies(data:{page:1,pageSize:1000}) { companies { symbol is_client totalAnalysts } } }',
    },
  });
  const { companies } = (await response.json()).data.filteredCompanies as {
    companies: { symbol: string; is_client: boolean; totalAnalysts: number }[];
  };
  const covered = companies.filter((c) => !c.is_client).sort((a, b) => b.totalAnalysts - a.totalAnalysts)[0]!;
  await signedIn(page, request, 'chat-button');
  for (const size of [
    { width: 1366, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await page.goto(`/stocks/${covered.symbol}`);
    await page.locator('section[data-section="analyst-reports"]').scrollIntoViewIfNeeded();
    const cells = page.getByTestId('analyst-table').locator('tbody tr td:last-child');
    await expect(cells.first()).toBeVisible();
    const button = page.getByRole('button', { name: `Ask about ${covered.symbol} in RedChat` });
    // Reaching the button with the keyboard leaves the page where it is.
    await page.evaluate(() => window.scrollTo(0, 0));
    await button.focus();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    for (let i = 0; i < (await cells.count()); i++) {
      // Scrolled to as a reader scrolling down reaches it: just into view at the foot of the window.
      await cells.nth(i).evaluate((el) => el.scrollIntoView({ block: 'end', inline: 'nearest' }));
      const cell = (await cells.nth(i).boundingBox())!;
      const box = (await button.boundingBox())!;
      const overlaps =
        cell.x < box.x + box.width &&
        box.x < cell.x + cell.width &&
        cell.y < box.y + box.height &&
        box.y < cell.y + cell.height;
      expect(overlaps, `row ${i + 1} at ${size.width} px`).toBe(false);
    }
  }
});
