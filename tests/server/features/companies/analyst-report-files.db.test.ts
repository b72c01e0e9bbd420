/**
 * Staff's own analyst report of a company (docs/product.md §9.8, §17.6): a PDF uploaded in the
 * console replaces the generated report in the frame (its address names its version), is served to
 * signed-in readers as a PDF shown inline, is replaced from the version loaded and removed, each
 * change audited and the company's page built again. A file that is not a PDF, an empty one, one
 * larger than 20 MB, an upload that does not know of the report held and a stale version are refused
 * with a clear 4xx.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, companies, contentChanges } from '../../../../src/server/schema.ts';
import { bearer, staffHeaders, verifiedUser } from '../../../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../../../helpers/app.ts';
import { importedCompany } from '../../../helpers/imports.ts';
import { minimalPdf } from '../../../helpers/minimal-pdf.ts';

let t: TestApp;
let staff: Record<string, string>;
let reader: Record<string, string>;

const put = (symbol: string, body: Buffer, query = '', headers: Record<string, string> = staff) =>
  t.app.request(`/api/tools/analyst-ratings/${symbol}/report${query}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/pdf', ...headers },
    body: new Uint8Array(body),
  });
const reportUrl = async (symbol: string) =>
  ((await t.call('GET', `/api/stock/analyst-report-url/${symbol}`, { headers: reader })).body as { url: string | null })
    .url;
const pageChanges = async () => {
  const [company] = await t.database.db.select({ id: companies.id }).from(companies).where(eq(companies.symbol, 'NEU'));
  return (
    await t.database.db
      .select()
      .from(contentChanges)
      .where(and(eq(contentChanges.kind, 'company'), eq(contentChanges.entityId, company!.id)))
  ).length;
};

beforeAll(async () => {
  t = await createTestApp();
  await t.database.db
    .insert(companies)
    .values([importedCompany({ symbol: 'NEU', name: 'Neuren Pharmaceuticals Limited' })]);
  staff = await staffHeaders(t);
  reader = bearer(await verifiedUser(t, 'reader@example.com'));
});
afterAll(() => t.close());

describe('staff’s analyst report', () => {
  const first = minimalPdf('Neuren: initiation of coverage');

  it('is uploaded, and the frame shows it instead of the generated report', async () => {
    expect(await reportUrl('NEU')).toBeNull();
    const changesBefore = await pageChanges();
    const uploaded = await put('neu', first, '?title=Initiation%20of%20coverage&file_name=Neuren%20initiation.pdf');
    expect(uploaded.status).toBe(200);
    expect(((await uploaded.json()) as { data: unknown }).data).toMatchObject({
      company_symbol: 'NEU',
      title: 'Initiation of coverage',
      file_name: 'Neuren initiation.pdf',
      bytes: first.length,
      uploaded_by: 'editor@example.com',
      version: 1,
    });
    expect(await reportUrl('NEU')).toBe('/api/stock/analyst-report/NEU/file?v=1');
    expect(await pageChanges()).toBe(changesBefore + 1);
    const [entry] = await t.database.db.select().from(auditEntries).where(eq(auditEntries.kind, 'analyst-report'));
    expect(entry).toMatchObject({ action: 'create', actorEmail: 'editor@example.com', entityKey: 'NEU' });
    // The audit log names the file; it does not keep its bytes.
    expect(JSON.stringify(entry!.after)).not.toContain('%PDF');
  });

  it('is served to signed-in readers as a PDF shown inline, and to nobody else', async () => {
    const served = await t.app.request('/api/stock/analyst-report/NEU/file?v=1', { headers: reader });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('content-disposition')).toBe(
      `inline; filename="Neuren initiation.pdf"; filename*=UTF-8''Neuren%20initiation.pdf`,
    );
    // A signed-in reader's answer, like every other: kept by no cache.
    expect(served.headers.get('cache-control')).toBe('no-store');
    expect(served.headers.get('content-security-policy')).toBe("frame-ancestors 'self'");
    expect(Buffer.from(await served.arrayBuffer()).equals(first)).toBe(true);
    expect((await t.app.request('/api/stock/analyst-report/NEU/file?v=1')).status).toBe(401);
    expect((await t.call('GET', '/api/tipranks?symbol=NEU')).status).toBe(401);
  });

  it('refuses what is not a PDF, an empty file, more than 20 MB, and an upload that does not know of the report held', async () => {
    const notPdf = await put('NEU', Buffer.from('<html><body>report</body></html>'), '?version=1');
    expect(notPdf.status).toBe(400);
    expect(await notPdf.json()).toEqual({ message: 'The file is not a PDF (it does not start with %PDF-).' });
    const empty = await put('NEU', Buffer.alloc(0), '?version=1');
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ message: 'The file is empty: choose a PDF.' });
    const large = Buffer.concat([first, Buffer.alloc(20 * 1024 * 1024)]);
    const tooLarge = await put('NEU', large, '?version=1');
    expect(tooLarge.status).toBe(413);
    const unaware = await put('NEU', first);
    expect(unaware.status).toBe(409);
    expect(await unaware.json()).toEqual({
      message: 'NEU has an analyst report already: replace that one (with its version).',
    });
    expect((await put('NOPE', first)).status).toBe(404);
    expect((await put('NEU', first, '?version=1', reader)).status).toBe(403);
    expect(await reportUrl('NEU')).toBe('/api/stock/analyst-report/NEU/file?v=1');
  });

  it('is replaced from the version loaded, a stale replacement refused, and its address changes', async () => {
    const second = minimalPdf('Neuren: update after the Phase 3 readout');
    const replaced = await put('NEU', second, '?version=1&file_name=update');
    expect(replaced.status).toBe(200);
    expect(((await replaced.json()) as { data: unknown }).data).toMatchObject({
      version: 2,
      file_name: 'update.pdf',
      title: 'Neuren Pharmaceuticals Limited analyst report',
    });
    expect(await reportUrl('NEU')).toBe('/api/stock/analyst-report/NEU/file?v=2');
    const stale = await put('NEU', first, '?version=1');
    expect(stale.status).toBe(409);
    const served = await t.app.request('/api/stock/analyst-report/NEU/file?v=2', { headers: reader });
    expect(Buffer.from(await served.arrayBuffer()).equals(second)).toBe(true);
    const held = await t.call('GET', '/api/tools/analyst-ratings/NEU/report', { headers: staff });
    expect(held.body).toMatchObject({ data: { version: 2, bytes: second.length } });
  });

  it('is removed from the version loaded, and the generated report shows again where analysts cover the company', async () => {
    expect((await t.call('DELETE', '/api/tools/analyst-ratings/NEU/report?version=1', { headers: staff })).status).toBe(
      409,
    );
    expect((await t.call('DELETE', '/api/tools/analyst-ratings/NEU/report?version=2', { headers: staff })).status).toBe(
      204,
    );
    expect(await reportUrl('NEU')).toBeNull();
    expect((await t.app.request('/api/stock/analyst-report/NEU/file?v=2', { headers: reader })).status).toBe(404);
    expect((await t.call('GET', '/api/tools/analyst-ratings/NEU/report', { headers: staff })).body).toEqual({
      data: null,
    });
    await t.call('POST', '/api/tools/analyst-ratings', {
      headers: staff,
      json: {
        company_symbol: 'NEU',
        firm_name: 'Acme Securities',
        analyst_name: 'Jane Roe',
        recommendation: 'Buy',
        recommendation_date: '2021-11-02',
      },
    });
    expect(await reportUrl('NEU')).toBe('/api/stock/analyst-report/NEU');
    const kinds = await t.database.db
      .select({ action: auditEntries.action })
      .from(auditEntries)
      .where(eq(auditEntries.kind, 'analyst-report'))
      .orderBy(auditEntries.id);
    expect(kinds.map((k) => k.action)).toEqual(['create', 'update', 'delete']);
  });

  it('taken twice at once as a first upload keeps one and refuses the other with a conflict, never a failure', async () => {
    const answers = await Promise.all([put('NEU', first), put('NEU', first)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    await t.call('DELETE', '/api/tools/analyst-ratings/NEU/report', { headers: staff });
  });
});
