/**
 * /Reports/{SYMBOL}_FactSheet.pdf and /Reports/{SYMBOL}_Presentation.pdf: the generated company documents
 * (docs/product.md §9.10).
 */
import { Hono } from 'hono';
import type { AppEnv } from '../../platform/http/context.ts';
import { companyReport, type ReportKind } from './service.ts';

export const reportRoutes = new Hono<AppEnv>().on(
  ['GET', 'HEAD'],
  '/:file{[A-Za-z.-]{1,12}_(FactSheet|Presentation)\\.pdf}',
  async (c) => {
    const [symbol, kind] = c.req.param('file').slice(0, -4).split('_') as [string, ReportKind];
    const bytes = await companyReport(c.var.db, symbol, kind);
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${symbol.toUpperCase()}_${kind}.pdf"`,
      'Cache-Control': 'public, max-age=600',
      // The presentation is shown in a frame of the company page; the browser's PDF viewer needs nothing else.
      'Content-Security-Policy': "frame-ancestors 'self'",
    });
  },
);
