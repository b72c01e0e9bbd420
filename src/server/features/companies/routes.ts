/**
 * Company-page calls (docs/product.md §18.6) under /api/stock: the market
 * record, price history, bio phases, analyst ratings (signed-in users), SEC
 * filings and a filing's text, the team, a client's landing page, the podcast
 * link, the analyst report, and favorite companies (institutional ownership is
 * EDGAR's: edgar/holdings-routes.ts). Unknown symbols answer 404; page sizes
 * outside the page's options 400.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { CHART_RANGES, FILING_GROUP_NAMES, PAGE_SIZES } from '../../../lib/company.ts';
import {
  analystConsensusSourceRecord,
  analystRatingRecord,
  bioPhaseRecord,
  filingRecord,
  insiderRecord,
  priceBarRecord,
  teamMemberRecord,
} from '../../../lib/content-records.ts';
import { createRouter } from '../../platform/http/context.ts';
import { queryInteger, tickerSchema } from '../../platform/http/fields.ts';
import { STYLED_DOCUMENT_POLICY } from '../../platform/http/middleware.ts';
import {
  apiSchema,
  errorResponses,
  jsonContent,
  notFoundResponse,
  unauthorizedResponse,
} from '../../platform/http/schemas.ts';
import { requireUser } from '../accounts/index.ts';
import { favoriteRoutes } from '../favorites/index.ts';
import { analystReportPdf } from './analyst-report-files.ts';
import { analystReportHtml, analystReportUrls } from './analyst-report.ts';
import { landingPageOf, podcastLinkOf, teamOf } from './client-material.ts';
import { FAVORITE_COMPANIES, favoriteCompanyList } from './favorites.ts';
import { filingText } from './filing-text.ts';
import { filingByAccession, listFilings } from './filings.ts';
import { priceHistory } from './history.ts';
import { listInsiders } from './insiders.ts';
import { companyMarketRecord, requireCompany } from './records.ts';
import { listAnalystRatings, listBioPhases } from './research.ts';

const Loose = z.looseObject({});
const BioPhase = apiSchema(bioPhaseRecord, 'BioPhase');
const Filing = apiSchema(filingRecord, 'SecFiling');
const Insider = apiSchema(insiderRecord, 'InsiderTransaction');
const TeamMember = apiSchema(teamMemberRecord, 'TeamMember');

const symbolParam = z.object({
  symbol: tickerSchema,
});

const page = queryInteger(1, 100_000).default(1);
/** A page size from the table's own options (docs/product.md §21.1). */
const pageSize = (table: keyof typeof PAGE_SIZES) => {
  const { options, default: fallback } = PAGE_SIZES[table];
  return z.coerce
    .number()
    .int()
    .refine((v) => (options as readonly number[]).includes(v), {
      message: `pageSize must be one of ${options.join(', ')}`,
    })
    .default(fallback);
};

const MarketRecord = z
  .object({
    name: z.string(),
    symbol: z.string(),
    last_sale: z.number().nullable(),
    open: z.number().nullable(),
    pre_close: z.number().nullable(),
    volume: z.number().nullable(),
    volume_avg: z.number().nullable(),
    market_cap: z.number().nullable(),
    daylow: z.number().nullable(),
    dayhigh: z.number().nullable(),
    week52low: z.number().nullable(),
    week52high: z.number().nullable(),
    shares_outstanding: z.number().nullable(),
    net_change: z.number().nullable(),
    change_pre: z.number().nullable(),
    market: z.string(),
    sector_name: z.string(),
    industry: z.string(),
    ipo_year: z.number().nullable(),
    country: z.string(),
    is_client: z.boolean(),
    description: z.string().nullable(),
    quote_updated_at: z.string().nullable(),
    data_source: z
      .string()
      .openapi({ description: 'Where the record and its prices come from (demo for generated data)' }),
    prices_as_of: z.string().nullable().openapi({ description: 'The trading day the imported prices are as of' }),
    active: z.boolean().openapi({ description: 'False when the company is no longer in the imported universe' }),
    insiderOwnershipRecords: z.array(Insider),
  })
  .openapi('CompanyMarketRecord');

const AnalystRecord = apiSchema(analystRatingRecord, 'AnalystRecord');
const AnalystConsensusSource = apiSchema(analystConsensusSourceRecord, 'AnalystConsensusSource');

const route = <P extends string>(path: P, summary: string) => ({
  method: 'get' as const,
  path,
  tags: ['Company'],
  summary,
});

const recordRoute = createRoute({
  ...route('/company/{symbol}', 'The company market record (REST form of the market-data query)'),
  request: { params: symbolParam },
  responses: {
    200: jsonContent(z.object({ data: MarketRecord }), 'Market record'),
    ...notFoundResponse,
    ...errorResponses,
  },
});

const historyRoute = createRoute({
  ...route('/history/{symbol}', 'Daily bars over a range, oldest first'),
  request: { params: symbolParam, query: z.object({ range: z.enum(CHART_RANGES).default('1Y') }) },
  responses: {
    200: jsonContent(
      z.object({
        symbol: z.string(),
        range: z.enum(CHART_RANGES),
        data: z.array(priceBarRecord),
      }),
      'Price history',
    ),
    ...notFoundResponse,
    ...errorResponses,
  },
});

const bioRoute = createRoute({
  ...route('/bio-phases/{symbol}', 'A company’s drug-trial milestones, newest first'),
  request: { params: symbolParam },
  responses: { 200: jsonContent(z.array(BioPhase), 'Bio phases'), ...notFoundResponse, ...errorResponses },
});

const analystsRoute = createRoute({
  ...route('/analysts/{symbol}', 'Analyst ratings with rank and success rate (signed-in users)'),
  request: { params: symbolParam, query: z.object({ page, pageSize: pageSize('analysts') }) },
  responses: {
    200: jsonContent(
      z.object({
        data: z.array(AnalystRecord),
        total: z.number(),
        consensus: AnalystConsensusSource.nullable().openapi({
          description: 'A provider’s consensus the figures come from, when no rating of the company is held',
        }),
      }),
      'One page',
    ),
    ...unauthorizedResponse,
    ...notFoundResponse,
    ...errorResponses,
  },
});

const groupList = z
  .string()
  .max(400)
  .transform((v) =>
    v
      .split(',')
      .map((g) => g.trim())
      .filter(Boolean),
  )
  .refine((groups) => groups.every((g) => (FILING_GROUP_NAMES as readonly string[]).includes(g)), {
    message: `types is a comma list of: ${FILING_GROUP_NAMES.join(', ')}`,
  });

const filingsRoute = createRoute({
  ...route('/filings/{symbol}', 'SEC filings, newest first; optionally filed on or before a date, of some type groups'),
  request: {
    params: symbolParam,
    query: z.object({
      page,
      pageSize: pageSize('filings'),
      date: z.iso.date({ message: 'date is YYYY-MM-DD' }).optional(),
      types: groupList.optional(),
    }),
  },
  responses: {
    200: jsonContent(z.object({ data: z.array(Filing), totalItems: z.number() }), 'One page'),
    ...notFoundResponse,
    ...errorResponses,
  },
});

const insidersRoute = createRoute({
  ...route(
    '/insiders/{symbol}',
    'Insider transactions of Forms 4 and 5, newest first: purchases and sales, grants, exercises and the rest, each with its code',
  ),
  request: { params: symbolParam, query: z.object({ page, pageSize: pageSize('insiderPages') }) },
  responses: {
    200: jsonContent(z.object({ data: z.array(Insider), totalItems: z.number() }), 'One page'),
    ...notFoundResponse,
    ...errorResponses,
  },
});

const filingTextRoute = createRoute({
  ...route('/filing/{accession}', 'The text of one filing'),
  request: {
    params: z.object({
      accession: z
        .string()
        .regex(/^\d{10}-\d{2}-\d{6}(\.txt)?$/, 'accession is an EDGAR accession number such as 0001234567-24-000123'),
    }),
  },
  responses: {
    200: { description: 'Plain text', content: { 'text/plain': { schema: z.string() } } },
    ...notFoundResponse,
    ...errorResponses,
  },
});

const teamRoute = createRoute({
  ...route('/team/{symbol}', 'The management team'),
  request: { params: symbolParam },
  responses: {
    200: jsonContent(z.object({ data: z.array(TeamMember) }), 'Team'),
    ...notFoundResponse,
    ...errorResponses,
  },
});

const landingRoute = createRoute({
  ...route('/landing/{symbol}', 'A client company’s page data by ticker'),
  request: { params: symbolParam },
  responses: { 200: jsonContent(z.object({ data: Loose }), 'Landing page'), ...notFoundResponse, ...errorResponses },
});

const podcastRoute = createRoute({
  ...route('/podcast/{symbol}', 'The company’s podcast episode link (null when there is none yet)'),
  request: { params: symbolParam },
  responses: {
    200: jsonContent(z.object({ data: z.object({ podcast_link: z.string().nullable() }) }), 'Podcast'),
    ...notFoundResponse,
    ...errorResponses,
  },
});

const reportUrlRoute = createRoute({
  ...route('/analyst-report-url/{symbol}', 'Where the analyst report frame loads from (signed-in users)'),
  request: { params: symbolParam },
  responses: {
    200: jsonContent(z.object({ url: z.string().nullable() }), 'Report URL'),
    ...unauthorizedResponse,
    ...notFoundResponse,
    ...errorResponses,
  },
});

const reportRoute = createRoute({
  ...route('/analyst-report/{symbol}', 'The analyst report page shown in the frame (signed-in users)'),
  request: { params: symbolParam },
  responses: {
    200: { description: 'HTML', content: { 'text/html': { schema: z.string() } } },
    ...unauthorizedResponse,
    ...notFoundResponse,
    ...errorResponses,
  },
});

const reportFileRoute = createRoute({
  ...route(
    '/analyst-report/{symbol}/file',
    'Staff’s uploaded analyst report, a PDF shown in the frame (signed-in users)',
  ),
  request: {
    params: symbolParam,
    query: z.object({
      v: z.string().optional().openapi({ description: 'The report’s version (the address changes with it)' }),
    }),
  },
  responses: {
    200: { description: 'PDF', content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } } },
    ...unauthorizedResponse,
    ...notFoundResponse,
    ...errorResponses,
  },
});

/** A file name in a Content-Disposition header: plain ASCII quoted, and the name itself encoded (RFC 6266). */
const dispositionName = (name: string) =>
  `filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;

const FavoriteCompany = z
  .object({
    symbol: z.string(),
    name: z.string(),
    logo: z.string().nullable(),
    last_sale: z.number().nullable(),
    change_pre: z.number().nullable(),
    volume: z.number().nullable(),
    isFavorite: z.literal(true),
    sector_name: z.string(),
    is_client: z.boolean(),
    company_name: z.string(),
    market: z.string(),
  })
  .openapi('FavoriteCompany');

export const companyRoutes = createRouter()
  .route(
    '/',
    favoriteRoutes({
      tag: 'Stocks',
      kind: FAVORITE_COMPANIES,
      plural: 'companies',
      singular: 'a company',
      idField: 'symbol',
      idSchema: tickerSchema,
      idAnswer: z.string(),
      envelope: 'data',
      itemSchema: FavoriteCompany,
      list: favoriteCompanyList,
    }),
  )
  .openapi(recordRoute, async (c) => {
    const data = await companyMarketRecord(c.var.db, c.req.valid('param').symbol);
    c.header('Cache-Control', 'no-cache');
    return c.json({ data }, 200);
  })
  .openapi(historyRoute, async (c) => {
    const result = await priceHistory(c.var.db, c.req.valid('param').symbol, c.req.valid('query').range);
    return c.json(result, 200);
  })
  .openapi(bioRoute, async (c) => c.json(await listBioPhases(c.var.db, c.req.valid('param').symbol), 200))
  .openapi(analystsRoute, async (c) => {
    requireUser(c);
    const { page: p, pageSize: size } = c.req.valid('query');
    return c.json(await listAnalystRatings(c.var.db, c.req.valid('param').symbol, p, size), 200);
  })
  .openapi(filingsRoute, async (c) => {
    const { page: p, pageSize: size, date, types } = c.req.valid('query');
    const result = await listFilings(c.var.db, c.req.valid('param').symbol, {
      page: p,
      pageSize: size,
      date,
      groups: types,
    });
    return c.json(result, 200);
  })
  .openapi(insidersRoute, async (c) => {
    const { page: p, pageSize: size } = c.req.valid('query');
    return c.json(await listInsiders(c.var.db, c.req.valid('param').symbol, p, size), 200);
  })
  .openapi(filingTextRoute, async (c) => {
    const filing = await filingByAccession(c.var.db, c.req.valid('param').accession.replace(/\.txt$/, ''));
    c.header('Cache-Control', 'public, max-age=86400');
    return c.text(filingText(filing), 200);
  })
  .openapi(teamRoute, async (c) => c.json({ data: await teamOf(c.var.db, c.req.valid('param').symbol) }, 200))
  .openapi(landingRoute, async (c) => c.json({ data: await landingPageOf(c.var.db, c.req.valid('param').symbol) }, 200))
  .openapi(podcastRoute, async (c) => {
    const link = await podcastLinkOf(c.var.db, c.req.valid('param').symbol);
    return c.json({ data: { podcast_link: link } }, 200);
  })
  .openapi(reportUrlRoute, async (c) => {
    requireUser(c);
    const urls = await analystReportUrls(c.var.db, c.req.valid('param').symbol);
    return c.json({ url: urls[0] ?? null }, 200);
  })
  .openapi(reportRoute, async (c) => {
    requireUser(c);
    const company = await requireCompany(c.var.db, c.req.valid('param').symbol);
    c.header('Cache-Control', 'private, no-cache');
    // Shown in a frame of the company page: its own styles, no script.
    c.header('Content-Security-Policy', STYLED_DOCUMENT_POLICY);
    return c.html(await analystReportHtml(c.var.db, company), 200);
  })
  .openapi(reportFileRoute, async (c) => {
    requireUser(c);
    const file = await analystReportPdf(c.var.db, c.req.valid('param').symbol);
    return c.body(new Uint8Array(file.content), 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; ${dispositionName(file.fileName)}`,
      // Shown in a frame of the company page; the browser's PDF viewer needs nothing else.
      'Content-Security-Policy': "frame-ancestors 'self'",
    }) as never;
  });

const tipranksRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['Company'],
  summary: 'Analyst data for a symbol: the report URLs (signed-in users; empty when no analyst covers it)',
  request: { query: symbolParam },
  responses: {
    200: jsonContent(z.object({ urls: z.array(z.string()) }), 'Report URLs'),
    ...unauthorizedResponse,
    ...notFoundResponse,
    ...errorResponses,
  },
});

export const tipranksRoutes = createRouter().openapi(tipranksRoute, async (c) => {
  requireUser(c);
  return c.json({ urls: await analystReportUrls(c.var.db, c.req.valid('query').symbol) }, 200);
});
