/**
 * Nothing a staff member types runs anywhere. Known XSS payloads (script
 * tags, event handlers, javascript: and data: URLs, SVG, srcdoc, CSS tricks,
 * mutation-XSS strings that change meaning when a parser re-reads them) are
 * saved through every text and rich-text field the console API takes; then the
 * public pages built from them, the staff pages and a broadcast's email are
 * opened in Chromium, hovered, focused and clicked, and no payload may run.
 * A payload that runs sets `window.__xss` (or opens a dialog).
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { OUTBOX_DIR, logIn, uniqueEmail, verifiedAccount } from './account-helpers.ts';
import { EDITED_CLIENT, STAFF, demoClient, staffHeaders, waitForPage } from './staff.ts';
import { simpleParser } from 'mailparser';

/** What a payload does when it runs; the number says which one did. */
const run = (n: number) => `window.__xss=${n}`;

/** Rich-text payloads: each would run in a page that trusted its HTML. */
const HTML_PAYLOADS = [
  // Not script, but off the site: Chromium follows '/\host' (and '//host') to another site. First, so that no
  // payload after it can swallow it.
  `<p><a href="/\\evil.example/x">backslash link</a> <a href="//evil.example/x">protocol-relative link</a></p>`,
  `<script>${run(1)}</script>`,
  `<img src=x onerror="${run(2)}">`,
  `<a href="javascript:${run(3)}">javascript link</a>`,
  `<a href="data:text/html,<script>${run(4)}</script>">data link</a>`,
  `<iframe srcdoc="<script>parent.${run(5)}</script>"></iframe>`,
  `<svg onload="${run(6)}"><circle r="4"></circle></svg>`,
  `<svg><animate onbegin="${run(7)}" attributeName="x" dur="1s"></animate></svg>`,
  `<svg><script>${run(8)}</script></svg>`,
  `<div style="background-image:url(javascript:${run(9)})">styled</div>`,
  `<style>@import 'javascript:${run(10)}';</style>`,
  `<object data="javascript:${run(11)}"></object><embed src="javascript:${run(12)}">`,
  `<details open ontoggle="${run(13)}"><summary>details</summary></details>`,
  `<input autofocus onfocus="${run(14)}">`,
  `<svg></p><style><a id="</style><img src=1 onerror=${run(15)}>">`,
  `<math><mtext><table><mglyph><style><img src=x onerror=${run(16)}></style></mglyph></table></mtext></math>`,
  `<noscript><p title="</noscript><img src=x onerror=${run(17)}>"></noscript>`,
  `<form><math><mtext></form><form><mglyph><style></math><img src onerror=${run(18)}>`,
  `<meta http-equiv="refresh" content="0;url=javascript:${run(19)}">`,
  `<base href="javascript:${run(20)}//">`,
  `<p onmouseover="${run(21)}" onclick="${run(22)}">hover and click me</p>`,
  `<img src="x" srcset="javascript:${run(23)}">`,
  `<a href="&#106;avascript:${run(24)}">entity link</a>`,
  `<a href="jav&#x09;ascript:${run(25)}">tab link</a>`,
].join('\n');

/** Text-field payloads: short, and aimed at attribute and element breakouts. */
const TEXT_PAYLOAD = `Breakout "><img src=x onerror=${run(30)}></title><script>${run(31)}</script>'><svg onload=${run(32)}> {{constructor.constructor('${run(33)}')()}}`;

async function call(
  request: APIRequestContext,
  headers: Record<string, string>,
  method: string,
  url: string,
  data?: unknown,
) {
  const response = await request.fetch(url, { method, headers, ...(data !== undefined && { data }) });
  expect(response.status(), `${method} ${url}: ${await response.text()}`).toBeLessThan(300);
  return response.status() === 204 ? null : ((await response.json()) as { data: Record<string, unknown> });
}

/** Opens a page, provokes every element (hover, focus, click without following links), and checks nothing ran. */
async function expectNothingRuns(page: Page, url: string, waitFor?: string) {
  let dialogs = 0;
  const onDialog = (dialog: { dismiss(): Promise<void> }) => {
    dialogs++;
    void dialog.dismiss();
  };
  page.on('dialog', onDialog);
  await page.goto(url);
  if (waitFor) await expect(page.getByText(waitFor, { exact: false }).first()).toBeVisible();
  const provoked = await page.evaluate(() => {
    let count = 0;
    for (const element of document.querySelectorAll('main *')) {
      for (const type of ['mouseover', 'mouseenter', 'focus', 'toggle', 'animationstart']) {
        element.dispatchEvent(new Event(type, { bubbles: true }));
      }
      // Clicks are sent to everything but controls and links, which would leave the page or send a form.
      if (!element.closest('a, button, [role="button"], form, label, summary, input, select, textarea')) {
        (element as HTMLElement).click?.();
      }
      count++;
    }
    return count;
  });
  expect(provoked).toBeGreaterThan(0);
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss ?? null), url).toBeNull();
  expect(dialogs, url).toBe(0);
  // Links that survived carry no script and stay where they say: every href is http(s), a path of this
  // site (never '//host' or '/\host'), mailto, tel or a fragment.
  // (The rich-text editor's own link tooltip starts at about:blank; it is the editor's, not the content's.)
  const hrefs = await page
    .locator('main a[href]:not(.ql-preview)')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
  for (const href of hrefs) expect(href, url).toMatch(/^(https?:|\/(?![/\\])|#|mailto:|tel:)/i);
  expect(
    hrefs.filter((href) => href.includes('evil.example')),
    url,
  ).toEqual([]);
  expect(await page.locator('main iframe[srcdoc], main object, main embed, main base, main meta').count(), url).toBe(0);
  page.off('dialog', onDialog);
}

/** The HTML part of an email written to the outbox folder (quoted-printable decoded). */
async function emailHtml(recipient: string): Promise<string | null> {
  if (!fs.existsSync(OUTBOX_DIR)) return null;
  const files = fs.readdirSync(OUTBOX_DIR).filter((f) => f.endsWith('.eml'));
  for (const file of files.sort().reverse()) {
    const text = fs.readFileSync(path.join(OUTBOX_DIR, file), 'utf8');
    if (!text.includes(recipient)) continue;
    // Decoded as a mail reader decodes it (bulk mail is base64).
    const { html } = await simpleParser(text);
    if (html && html.includes('Breakout')) return html;
  }
  return null;
}

test('no payload typed into any console field runs on a public page, in the console or in an email', async ({
  page,
  request,
}) => {
  test.setTimeout(600_000);
  const headers = await staffHeaders(request);
  const symbol = await demoClient(request, headers, EDITED_CLIENT.staffXss);
  const client = (await call(request, headers, 'GET', `/api/tools/clients/${symbol}`)) as unknown as {
    data: { version: number };
  };
  // A retry adds another leader to the same company: this run's is found by its tag.
  const leaderTag = `run ${Date.now().toString(36)}`;

  const article = (await call(request, headers, 'POST', '/api/tools/news', {
    title: `${TEXT_PAYLOAD} article`,
    company_symbol: symbol,
    summary: HTML_PAYLOADS,
    description: `<p>Article body.</p>${HTML_PAYLOADS}`,
    source: TEXT_PAYLOAD.slice(0, 120),
  }))!.data;
  const video = (await call(request, headers, 'POST', '/api/tools/videos', {
    name: `${TEXT_PAYLOAD} video`,
    company_symbol: symbol,
    youtubeId: 'dQw4w9WgXcQ',
    description: `${TEXT_PAYLOAD} ${HTML_PAYLOADS}`.slice(0, 5000),
  }))!.data;
  await call(request, headers, 'POST', '/api/tools/events', {
    title: `${TEXT_PAYLOAD} webinar`,
    company_symbol: symbol,
    upcoming_date: new Date(Date.now() + 14 * 86_400_000).toISOString(),
    agenda: `${TEXT_PAYLOAD}\n${HTML_PAYLOADS}`,
  });
  await call(request, headers, 'PUT', `/api/tools/clients/${symbol}`, {
    contract: TEXT_PAYLOAD.slice(0, 200),
    disclosure: `<p>Disclosure.</p>${HTML_PAYLOADS}`,
    version: client.data.version,
  });
  const landing = (await call(request, headers, 'GET', `/api/tools/company-landing/${symbol}`))!.data;
  const html = `<p>Landing text.</p>${HTML_PAYLOADS}`;
  await call(request, headers, 'PUT', `/api/tools/company-landing/${symbol}`, {
    title: `${TEXT_PAYLOAD} landing`,
    subtitle: TEXT_PAYLOAD,
    seo: TEXT_PAYLOAD,
    valueprop_title: TEXT_PAYLOAD.slice(0, 200),
    presentation_title: TEXT_PAYLOAD,
    extra_title: TEXT_PAYLOAD.slice(0, 200),
    extra_title_two: TEXT_PAYLOAD.slice(0, 200),
    askceo_title: TEXT_PAYLOAD.slice(0, 200),
    overview: html,
    value_prop: html,
    investment_highlights: html,
    highlights: html,
    extra_info: html,
    extra_info_two: html,
    letter: html,
    custom_style: `</style><script>${run(40)}</script><style>body{background:url("javascript:${run(41)}")}`,
    version: landing.version,
  });
  await call(request, headers, 'POST', '/api/tools/management', {
    company_symbol: symbol,
    name: `${TEXT_PAYLOAD.slice(0, 150)} leader ${leaderTag}`,
    title: TEXT_PAYLOAD.slice(0, 200),
    description: `<p>Leader bio.</p>${HTML_PAYLOADS}`,
  });
  // Links are refused outright when they are not http(s): nothing to render.
  for (const [url, data] of [
    ['/api/tools/news', { title: 'x', company_symbol: symbol, thumbnail: `javascript:${run(50)}` }],
    ['/api/tools/management', { company_symbol: symbol, name: 'x', title: 'y', headshot_url: 'data:text/html,x' }],
  ] as const) {
    expect((await request.post(url, { headers, data })).status(), url).toBe(400);
  }
  // A broadcast reaches a reader's bell and email.
  // The reader signs up from the page's own context: this request context holds the staff session's cookie.
  const reader = uniqueEmail('xss-reader');
  await verifiedAccount(page.request, reader);
  await call(request, headers, 'POST', '/api/notifications/notifications', {
    // A notification is one line: the payloads are joined by spaces.
    message: `${TEXT_PAYLOAD} ${HTML_PAYLOADS.replaceAll('\n', ' ')}`.slice(0, 500),
    objectType: 'news',
    objectId: String(article.id),
  });

  // The public pages, once the rebuild has published them.
  await waitForPage(page, `/news/${article.id}/`, 200, 'Article body.', 180_000);
  await waitForPage(page, `/stocks/${symbol}/team/`, 200, 'Leader bio.', 180_000);
  await waitForPage(page, `/video/${video.id}/`, 200, 'Breakout', 180_000);
  for (const url of [
    `/news/${article.id}/`,
    `/video/${video.id}/`,
    `/stocks/${symbol}/`,
    `/stocks/${symbol}/team/`,
    `/stocks/${symbol}/webinar/`,
    '/news/',
    '/events',
    '/',
  ]) {
    await expectNothingRuns(page, url);
  }

  // The payloads' long unbroken strings wrap inside their cards: a phone page never scrolls sideways for them.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const url of ['/', '/news/', `/stocks/${symbol}/team/`]) {
    await page.goto(url);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), url).toBe(0);
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // The staff pages, signed in as staff.
  await logIn(page, STAFF.email, STAFF.password);
  for (const url of ['/tools?tab=news', '/tools?tab=events', '/tools?tab=videos', `/tools/client?symbol=${symbol}`]) {
    await expectNothingRuns(page, url, url.includes('client') ? 'Landing page' : 'Search');
  }
  // Each record opened in its editor: the stored HTML goes into Quill, and the landing page into its preview.
  for (const tab of ['news', 'events', 'videos']) {
    await page.goto(`/tools?tab=${tab}`);
    await page.getByRole('searchbox').fill('Breakout');
    await expect(page.getByTestId('tools-row').first()).toContainText('Breakout');
    await page
      .getByRole('button', { name: /^Edit “Breakout/ })
      .first()
      .click();
    await expect(page.getByTestId('record-form')).toBeVisible();
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss ?? null), tab).toBeNull();
  }
  await page.goto(`/tools/client?symbol=${symbol}`);
  await page.getByRole('button', { name: 'Show preview' }).click();
  await expect(page.getByTestId('landing-preview')).toContainText('Landing text.');
  await page.getByTestId('leader-row').filter({ hasText: leaderTag }).getByRole('button', { name: /^Edit/ }).click();
  await expect(page.getByTestId('leaders-editor').getByTestId('record-form')).toBeVisible();
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss ?? null)).toBeNull();
  expect(await page.locator('main iframe[srcdoc], main object, main embed, main base, main meta').count()).toBe(0);
  // The broadcast in the bell's panel (staff are readers too).
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(page.getByRole('dialog').getByText('Breakout', { exact: false }).first()).toBeVisible();
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss ?? null), 'bell').toBeNull();

  // The broadcast's email, rendered as a mail reader would.
  await expect.poll(async () => (await emailHtml(reader)) !== null, { timeout: 30_000 }).toBe(true);
  let dialogs = 0;
  page.on('dialog', (dialog) => {
    dialogs++;
    void dialog.dismiss();
  });
  await page.setContent((await emailHtml(reader))!);
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss ?? null)).toBeNull();
  expect(dialogs).toBe(0);
  await expect(page.getByText('Breakout', { exact: false })).toBeVisible();
});
