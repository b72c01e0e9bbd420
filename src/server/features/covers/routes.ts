/** /api/covers: generated cover images (see svg.ts), cached for a day. */
import { Hono } from 'hono';
import { notFound } from '../../platform/errors.ts';
import type { AppEnv } from '../../platform/http/context.ts';
import { MARKET_TIME_ZONE } from '../../../lib/market-calendar.ts';
import { SITE } from '../../../lib/site.ts';
import { requireCompany } from '../companies/index.ts';
import { eventCoverFacts } from '../events/index.ts';
import { newsCoverFacts } from '../news/index.ts';
import { coverSvg, headshotSvg, logoSvg, type CoverText } from './svg.ts';

function svgResponse(cover: CoverText | string): Response {
  return new Response(typeof cover === 'string' ? cover : coverSvg(cover), {
    headers: {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      'Cache-Control': 'public, max-age=86400',
      // An SVG opened on its own must not run anything.
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}

async function company(c: { var: AppEnv['Variables'] }, symbol: string) {
  const row = await requireCompany(c.var.db, symbol);
  return { symbol: row.symbol, name: row.name, sector: row.sectorName };
}

export const coverRoutes = new Hono<AppEnv>()
  .get('/company/:file{[A-Za-z.-]{1,12}\\.svg}', async (c) => {
    const row = await company(c, c.req.param('file').slice(0, -4));
    const variant = Number(c.req.query('v') ?? 0);
    return svgResponse({
      headline: row.symbol,
      title: row.name,
      label: row.sector,
      key: row.symbol,
      variant: Number.isInteger(variant) && variant >= 0 && variant < 12 ? variant : 0,
    });
  })
  .get('/video/:file{[A-Za-z.-]{1,12}\\.svg}', async (c) => {
    const row = await company(c, c.req.param('file').slice(0, -4));
    const type = (c.req.query('type') ?? 'Video').slice(0, 30);
    return svgResponse({ headline: row.symbol, title: row.name, label: type, key: row.symbol, variant: 3, play: true });
  })
  // What a video card shows when the video's own picture will not load: drawn from what the card knows.
  .get('/video.svg', (c) => {
    const text = (name: string, max: number) => (c.req.query(name) ?? '').trim().slice(0, max);
    const symbol = text('symbol', 12).toUpperCase();
    const title = text('title', 120) || 'Video';
    return svgResponse({
      headline: symbol || 'RedCap',
      title,
      label: text('type', 30) || 'Video',
      key: symbol || title,
      variant: 3,
      play: true,
      footer: SITE.name,
    });
  })
  // A webinar's picture: per company and month (docs/product.md §18.14), its colours turning with the month.
  .get('/webinar/:file{[A-Za-z.-]{1,12}\\.svg}', async (c) => {
    const row = await company(c, c.req.param('file').slice(0, -4));
    const month = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(c.req.query('m') ?? '');
    const label = month
      ? `Webinar · ${new Date(Date.UTC(Number(month[1]), Number(month[2]) - 1, 15)).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })}`
      : 'Webinar';
    return svgResponse({
      headline: row.symbol,
      title: row.name,
      label,
      key: row.symbol,
      variant: month ? Number(month[2]) - 1 : 0,
    });
  })
  // The picture of an event staff gave none: drawn like a webinar's, from the event itself.
  .get('/event/:file{\\d{1,9}\\.svg}', async (c) => {
    const event = await eventCoverFacts(c.var.db, Number(c.req.param('file').slice(0, -4)));
    // The month the event falls in where its times are given.
    const inNewYork = (options: Intl.DateTimeFormatOptions) =>
      event.startsAt.toLocaleString('en-US', { ...options, timeZone: MARKET_TIME_ZONE });
    const month = inNewYork({ month: 'long', year: 'numeric' });
    return svgResponse({
      headline: event.symbol ?? 'Webinar',
      title: event.symbol ? (event.companyName ?? event.title) : event.title,
      label: event.symbol ? `Webinar · ${month}` : month,
      key: event.symbol ?? `event-${event.id}`,
      variant: Number(inNewYork({ month: 'numeric' })) - 1,
      footer: SITE.name,
    });
  })
  // The picture of an article staff gave none: its company (or its title) in its sector's words.
  .get('/news/:file{\\d{1,9}\\.svg}', async (c) => {
    const article = await newsCoverFacts(c.var.db, Number(c.req.param('file').slice(0, -4)));
    const kind = article.rcNewsletter ? 'Newsletter' : 'News';
    return svgResponse({
      headline: article.symbol ?? kind,
      title: article.companyName ?? article.title,
      label: article.sectorName ?? kind,
      key: article.symbol ?? `news-${article.id}`,
      // Two articles about one company differ in colour.
      variant: article.id % 6,
      footer: SITE.name,
    });
  })
  .get('/logo/:file{[A-Za-z.-]{1,12}\\.svg}', async (c) => {
    const row = await company(c, c.req.param('file').slice(0, -4));
    return svgResponse(logoSvg(row.symbol));
  })
  .get('/headshot.svg', (c) => {
    const name = (c.req.query('name') ?? '').trim().slice(0, 80);
    return svgResponse(headshotSvg(name || 'Unknown'));
  })
  .get('/newsletter/:file{\\d{8}\\.svg}', (c) => {
    const stamp = c.req.param('file').slice(0, 8);
    const date = `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}`;
    if (Number.isNaN(Date.parse(date))) throw notFound('No such newsletter');
    return svgResponse({
      headline: 'Weekly',
      title: `Small caps to watch · ${date}`,
      label: 'RedCap newsletter',
      key: stamp,
    });
  });
