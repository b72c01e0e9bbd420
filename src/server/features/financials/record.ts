/**
 * A company's statements (statements.ts) as the record the API answers and the site build reads
 * (src/lib/financial-records.ts): the last ten years and forty quarters, each figure naming the
 * concept and the filing that gave it, the filings with their place on sec.gov, and the key figures.
 */
import { filingIndexUrl } from '../../../lib/edgar-links.ts';
import {
  FINANCIAL_PERIODS_KEPT,
  financialsRecord,
  type CompanyFinancials,
  type FinancialFiling,
  type FinancialPeriod,
} from '../../../lib/financial-records.ts';
import type { StatementLineId } from '../../../lib/financials.ts';
import type { Figure, StatementPeriod, Statements } from './statements.ts';

export function financialsRecordOf(statements: Statements, updatedAt: Date): CompanyFinancials {
  const filings = new Map<string, FinancialFiling>();
  const cite = (figure: Figure): string => {
    if (!filings.has(figure.accn)) {
      filings.set(figure.accn, {
        accession: figure.accn,
        form: figure.form,
        filed: figure.filed,
        url: filingIndexUrl(statements.cik, figure.accn),
      });
    }
    return figure.accn;
  };
  const periodOf = (period: StatementPeriod): FinancialPeriod => {
    const lines: FinancialPeriod['lines'] = {};
    for (const [id, figure] of Object.entries(period.lines) as [StatementLineId, Figure][]) {
      lines[id] = {
        value: figure.value,
        unit: figure.unit,
        concept: `${figure.taxonomy}:${figure.concept}`,
        filing: cite(figure),
        derived: figure.derived !== null,
      };
    }
    return {
      kind: period.kind,
      start: period.start,
      end: period.end,
      fiscal_year: period.fiscalYear,
      fiscal_quarter: period.fiscalQuarter,
      lines,
    };
  };
  const annual = statements.annual.slice(-FINANCIAL_PERIODS_KEPT.annual).map(periodOf);
  const quarterly = statements.quarterly.slice(-FINANCIAL_PERIODS_KEPT.quarterly).map(periodOf);
  const shareCounts = statements.shareCounts.map((figure) => ({
    date: figure.end,
    shares: figure.value,
    filing: cite(figure),
  }));
  return financialsRecord({
    source: 'sec-companyfacts',
    cik: statements.cik,
    taxonomy: statements.taxonomy,
    currency: statements.currency,
    updatedAt: updatedAt.toISOString(),
    filings: [...filings.values()].sort((a, b) => (a.filed < b.filed ? -1 : a.filed > b.filed ? 1 : 0)),
    annual,
    quarterly,
    shareCounts,
  });
}
