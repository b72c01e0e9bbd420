/**
 * RedChat on a company's financial statements (docs/product.md §9.12): revenue, net income, cash,
 * runway and dilution answered with the figure, the period it is of and a citation of the filing it
 * came from (or the Financials tab for the reckoned figures); "I don't have that" for a company
 * without statements.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodLabel, periodsOf, type CompanyFinancials } from '../../../../src/lib/financial-records.ts';
import { formatFigure, runwayLabel } from '../../../../src/lib/financials.ts';
import { companyFinancials } from '../../../../src/server/schema.ts';
import type { TestApp } from '../../../helpers/app.ts';
import { answerHelpers, cites, seedAnswersUniverse, type Company } from './answers-universe.ts';

let t: TestApp;
let s: Company, u: Company;
let record: CompanyFinancials;
beforeAll(async () => {
  ({ t, s, u } = await seedAnswersUniverse());
  [{ record }] = (await t.database.db
    .select({ record: companyFinancials.record })
    .from(companyFinancials)
    .where(eq(companyFinancials.companySymbol, s.symbol))) as [{ record: CompanyFinancials }];
});
afterAll(() => t.close());
const { asked } = answerHelpers(() => t);

/** The latest period giving a line, as the tab shows it. */
const latest = (line: 'netIncome' | 'cash' | 'revenue') =>
  [...periodsOf(record, 'annual'), ...periodsOf(record, 'quarterly')]
    .filter((p) => p.lines[line])
    .sort((a, b) => (a.end < b.end ? -1 : 1))
    .at(-1)!;

describe('RedChat on the statements', () => {
  it('gives the runway with what it means, citing the Financials tab', async () => {
    const a = await asked(`How long will ${s.symbol}'s cash runway last?`);
    expect(a.text).toContain(`Cash runway: ${runwayLabel(record.key_figures.runway)}.`);
    cites(a, `/stocks/${s.symbol}/financials`);
  });

  it('gives net income with its period, citing the filing it came from', async () => {
    const a = await asked(`what was ${s.symbol} net income?`);
    const period = latest('netIncome');
    const figure = period.lines.netIncome!;
    expect(a.text).toContain(`Net income: ${formatFigure(figure.value, figure.unit)} in ${periodLabel(period)}`);
    cites(a, record.filings.find((f) => f.accession === figure.filing)!.url!);
    expect(a.text).toContain('demo data');
  });

  it('gives revenue from the statements along with its growth', async () => {
    const a = await asked(`${s.symbol} revenue`);
    const period = latest('revenue');
    expect(a.text).toContain(`Revenue: ${formatFigure(period.lines.revenue!.value, 'USD')} in ${periodLabel(period)}`);
  });

  it('says it does not have statements of a company it holds none of', async () => {
    await t.database.db.delete(companyFinancials).where(eq(companyFinancials.companySymbol, u.symbol));
    const a = await asked(`${u.symbol} dilution`);
    expect(a.text).toContain(`I don't have financial statements for`);
  });
});
