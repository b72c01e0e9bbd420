/** The generated company documents: a client's fact sheet and investor presentation, as PDFs. */
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyReport } from '../../../../src/server/features/reports/service.ts';
import { companies } from '../../../../src/server/schema.ts';
import { createTestApp, type TestApp } from '../../../helpers/app.ts';
import { createTestDatabase } from '../../../helpers/database.ts';

let t: TestApp;
let client: string;
let plain: string;

beforeAll(async () => {
  t = await createTestApp({ seedCompanies: 60 });
  const rows = await t.database.db.select().from(companies).orderBy(companies.symbol);
  client = rows.find((r) => r.isClient)!.symbol;
  plain = rows.find((r) => !r.isClient)!.symbol;
});
afterAll(() => t.close());

describe('company documents', () => {
  it('serves a one-page fact sheet and a presentation for a client, generated from its data', async () => {
    const res = await t.app.request(`/Reports/${client}_FactSheet.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const pdf = await PDFDocument.load(new Uint8Array(await res.arrayBuffer()));
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toContain(client);
    const deck = await t.app.request(`/Reports/${client}_Presentation.pdf`);
    expect((await PDFDocument.load(new Uint8Array(await deck.arrayBuffer()))).getPageCount()).toBeGreaterThan(1);
  });

  it('answers 404 for unknown tickers and for a presentation of a company that is not a client', async () => {
    expect((await t.app.request('/Reports/QQQQQQ_FactSheet.pdf')).status).toBe(404);
    expect((await t.app.request(`/Reports/${plain}_Presentation.pdf`)).status).toBe(404);
  });

  it('keeps the documents of each database apart: the same symbol elsewhere is drawn from that data', async () => {
    const here = await PDFDocument.load(await companyReport(t.database.db, plain, 'FactSheet'));
    const other = await createTestDatabase();
    try {
      await other.database.db.insert(companies).values({
        symbol: plain,
        name: 'Another Database Inc.',
        sicCode: 2834,
        sectorName: 'Health Care',
        industry: 'Pharmaceutical Preparations',
        market: 'NASDAQ',
        country: 'United States',
      });
      const there = await PDFDocument.load(await companyReport(other.database.db, plain, 'FactSheet'));
      expect(there.getTitle()).toContain('Another Database Inc.');
      expect(here.getTitle()).not.toContain('Another Database Inc.');
    } finally {
      await other.close();
    }
  });
});
