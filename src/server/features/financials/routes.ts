/**
 * GET /api/stock/financials/{symbol}?period=annual|quarterly[&format=csv] (docs/product.md §9.12):
 * a company's statements of one kind, each period with its dates and each figure with its unit, the
 * concept it was reported under and the filing it came from, with the key figures; or the same as CSV.
 */
import { createRoute, z } from '@hono/zod-openapi';
import {
  financialFigureRecord,
  financialFilingRecord,
  financialPeriodRecord,
  financialsCsv,
  keyFiguresRecord,
  periodsOf,
} from '../../../lib/financial-records.ts';
import { STATEMENT_LINES } from '../../../lib/financials.ts';
import { createRouter } from '../../platform/http/context.ts';
import { notFound } from '../../platform/errors.ts';
import { tickerSchema } from '../../platform/http/fields.ts';
import { errorResponses, notFoundResponse } from '../../platform/http/schemas.ts';
import { requireCompany } from '../companies/index.ts';
import { financialsOf } from './store.ts';

const Figure = financialFigureRecord
  .omit({ filing: true })
  .extend({ filing: financialFilingRecord })
  .openapi('FinancialFigure');

const Period = financialPeriodRecord
  .omit({ lines: true })
  .extend({ lines: z.record(z.string(), Figure) })
  .openapi('FinancialPeriod');

const Financials = z
  .object({
    symbol: z.string(),
    name: z.string(),
    source: z.string().openapi({ description: 'sec-companyfacts (the SEC’s XBRL company facts) or demo' }),
    cik: z.number().nullable(),
    taxonomy: z.string().nullable(),
    currency: z.string().nullable(),
    updated_at: z.string(),
    period: z.enum(['annual', 'quarterly']),
    periods: z.array(Period).openapi({ description: 'Oldest first' }),
    share_counts: z.array(z.object({ date: z.string(), shares: z.number(), filing: z.string() })),
    key_figures: keyFiguresRecord,
  })
  .openapi('CompanyFinancials');

const financialsRoute = createRoute({
  method: 'get',
  path: '/financials/{symbol}',
  tags: ['Company'],
  summary: 'Financial statements from the SEC’s XBRL company facts: annual or quarterly, as JSON or CSV',
  request: {
    params: z.object({ symbol: tickerSchema }),
    query: z.object({
      period: z.enum(['annual', 'quarterly'], { message: 'period is annual or quarterly' }).default('annual'),
      format: z.enum(['json', 'csv'], { message: 'format is json or csv' }).default('json'),
    }),
  },
  responses: {
    200: {
      description: 'The statements',
      content: { 'application/json': { schema: z.object({ data: Financials }) }, 'text/csv': { schema: z.string() } },
    },
    ...notFoundResponse,
    ...errorResponses,
  },
});

export const financialsRoutes = createRouter().openapi(financialsRoute, async (c) => {
  const company = await requireCompany(c.var.db, c.req.valid('param').symbol);
  const { period, format } = c.req.valid('query');
  const record = await financialsOf(c.var.db, company.symbol);
  if (!record) throw notFound(`No financial statements are held for ${company.symbol} yet.`);
  if (format === 'csv') {
    return c.body(financialsCsv(record, period, STATEMENT_LINES), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${company.symbol}-financials-${period}.csv"`,
    }) as never;
  }
  const filings = new Map(record.filings.map((filing) => [filing.accession, filing]));
  const periods = periodsOf(record, period).map((p) => ({
    ...p,
    lines: Object.fromEntries(
      Object.entries(p.lines).map(([id, figure]) => [id, { ...figure, filing: filings.get(figure.filing)! }]),
    ),
  }));
  return c.json(
    {
      data: {
        symbol: company.symbol,
        name: company.name,
        source: record.source,
        cik: record.cik,
        taxonomy: record.taxonomy,
        currency: record.currency,
        updated_at: record.updated_at,
        period,
        periods,
        share_counts: record.share_counts,
        key_figures: record.key_figures,
      },
    },
    200,
  );
});
