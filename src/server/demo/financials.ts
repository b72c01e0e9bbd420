/**
 * Demo financial statements (docs/product.md §9.12), told as a company's last five years quarter by
 * quarter and summed into years, so every figure agrees with the others: cash moves by the cash
 * flows, the share count grows by the shares sold to raise cash, EPS is net income over the
 * weighted shares, and the last count is the screener's shares outstanding. Revenue is sized from
 * the market cap (a price-to-sales multiple), equity likewise (price to book). Life Sciences
 * companies mostly burn cash with little revenue, raising money (and issuing shares) when their cash
 * runs low, so their runway and dilution vary as real ones do; most others sell more than they
 * spend. Foreign companies file a 20-F a year and no quarters, as foreign private issuers do.
 *
 * Each statement cites its own filing (a 10-Q, or the 10-K or 20-F), which the SEC filings list
 * shows too; a fourth quarter is the year less its first nine months, as on real data.
 */
import { addDays } from '../../lib/market-calendar.ts';
import {
  financialsRecord,
  type CompanyFinancials,
  type FinancialFiling,
  type FinancialPeriod,
} from '../../lib/financial-records.ts';
import type { StatementLineId } from '../../lib/financials.ts';
import { SECTORS } from '../../lib/industries.ts';
import type { Random } from './random.ts';

export interface DemoFinancialsSource {
  symbol: string;
  sectorName: string;
  country: string;
  lastSale: number | null;
  sharesOutstanding: number | null;
  marketCap: number | null;
}

/** Files a demo filing of the company (it joins the SEC filings list): its accession number and where it is read. */
export type FileDemoFiling = (type: string, date: string) => { accession: string; url: string };

const QUARTERS_TOLD = 20;
const QUARTERS_SHOWN = 13;

const CONCEPTS: Record<Exclude<StatementLineId, 'freeCashFlow'>, string> = {
  revenue: 'us-gaap:Revenues',
  grossProfit: 'us-gaap:GrossProfit',
  operatingIncome: 'us-gaap:OperatingIncomeLoss',
  netIncome: 'us-gaap:NetIncomeLoss',
  epsBasic: 'us-gaap:EarningsPerShareBasic',
  epsDiluted: 'us-gaap:EarningsPerShareDiluted',
  cash: 'us-gaap:CashAndCashEquivalentsAtCarryingValue',
  shortTermInvestments: 'us-gaap:ShortTermInvestments',
  totalAssets: 'us-gaap:Assets',
  totalLiabilities: 'us-gaap:Liabilities',
  debt: 'us-gaap:LongTermDebt',
  stockholdersEquity: 'us-gaap:StockholdersEquity',
  operatingCashFlow: 'us-gaap:NetCashProvidedByUsedInOperatingActivities',
  investingCashFlow: 'us-gaap:NetCashProvidedByUsedInInvestingActivities',
  financingCashFlow: 'us-gaap:NetCashProvidedByUsedInFinancingActivities',
  capitalExpenditure: 'us-gaap:PaymentsToAcquirePropertyPlantAndEquipment',
  sharesOutstanding: 'us-gaap:CommonStockSharesOutstanding',
  weightedSharesBasic: 'us-gaap:WeightedAverageNumberOfSharesOutstandingBasic',
  weightedSharesDiluted: 'us-gaap:WeightedAverageNumberOfDilutedSharesOutstanding',
};

const FLOWS = [
  'revenue',
  'grossProfit',
  'operatingIncome',
  'netIncome',
  'operatingCashFlow',
  'investingCashFlow',
  'financingCashFlow',
  'capitalExpenditure',
  'freeCashFlow',
] as const satisfies readonly StatementLineId[];

type Amounts = Partial<Record<StatementLineId, number>>;

interface Quarter {
  start: string;
  end: string;
  fiscalYear: number;
  fiscalQuarter: 1 | 2 | 3 | 4;
  amounts: Amounts;
}

/** The last day of the month `months` after the month of `day` (YYYY-MM-DD). */
function monthEnd(day: string, months: number): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(y, m - 1 + months + 1, 0));
  return date.toISOString().slice(0, 10);
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** A company's demo financials, or null for one without a price or share count to size them from. */
export function generateFinancials(
  c: DemoFinancialsSource,
  r: Random,
  asOf: string,
  file: FileDemoFiling,
): CompanyFinancials | null {
  if (!c.lastSale || !c.sharesOutstanding) return null;
  const marketCap = c.marketCap ?? c.lastSale * c.sharesOutstanding;
  const lifeSciences = c.sectorName === SECTORS.L;
  const foreign = c.country !== 'United States';
  const burner = r.chance(lifeSciences ? 0.85 : 0.3);

  // Yearly revenue now, its growth, and the margins: sized from the market cap.
  const revenueNow = lifeSciences && burner && r.chance(0.5) ? 0 : marketCap / r.logBetween(0.3, lifeSciences ? 25 : 6);
  const growth = Math.max(-0.4, Math.min(1.5, r.normal() * 0.25 + (lifeSciences ? 0.2 : 0.07)));
  const grossMargin = r.between(0.2, 0.8);
  const yearlyLoss = burner ? marketCap * r.between(0.04, 0.35) + revenueNow * r.between(0, 0.4) : 0;
  const profitMargin = burner ? 0 : r.between(0.01, 0.18);
  const capexShare = r.between(0.01, 0.06);
  const investmentsShare = r.chance(0.4) ? r.between(0.1, 0.8) : 0;
  const liabilitiesShare = r.between(0.15, 0.6);
  const debtShare = r.chance(0.6) ? r.between(0.1, 0.7) : 0;
  const otherAssets = marketCap / r.logBetween(0.8, 4);
  // A burner raises cash when it is down to `floor` quarters of burn, enough for `raiseQuarters` more.
  const floor = r.between(1, 6);
  const raiseQuarters = r.between(4, 10);

  // The fiscal year ends in December for most, in March, June or September for the rest.
  const yearEndMonth = r.weighted([
    [12, 70],
    [3, 10],
    [6, 10],
    [9, 10],
  ] as const);
  // The story ends with the latest quarter whose report is out, so its count is today's shares
  // outstanding: a 10-Q is filed 40 days after its quarter, a 10-K 75 days after the year, a 20-F 120.
  const monthOf = (day: string) => Number(day.slice(5, 7));
  const reportLag = (end: string): number | null => {
    const yearEnd = monthOf(end) === yearEndMonth;
    if ((monthOf(end) - yearEndMonth + 12) % 3 !== 0 || (foreign && !yearEnd)) return null;
    return foreign ? 120 : yearEnd ? 75 : 40;
  };
  let lastEnd = monthEnd(`${asOf.slice(0, 7)}-01`, -1);
  for (;;) {
    const lag = reportLag(lastEnd);
    if (lag !== null && addDays(lastEnd, lag) <= asOf) break;
    lastEnd = monthEnd(lastEnd, -1);
  }

  const quarters: Quarter[] = [];
  let shares = 1;
  const burnNow = yearlyLoss / 4;
  let cash = burner ? burnNow * r.between(floor + 1, floor + raiseQuarters) : revenueNow * r.between(0.05, 0.4);
  const weightedOf: number[] = [];
  const sharesAtEnd: number[] = [];
  for (let k = QUARTERS_TOLD - 1; k >= 0; k--) {
    const end = monthEnd(lastEnd, -3 * k);
    const start = addDays(monthEnd(end, -3), 1);
    const months = (Number(end.slice(5, 7)) - yearEndMonth + 12) % 12;
    const fiscalQuarter = (months === 0 ? 4 : months / 3) as 1 | 2 | 3 | 4;
    const fiscalYear = Number(end.slice(0, 4)) + (months === 0 || Number(end.slice(5, 7)) <= yearEndMonth ? 0 : 1);
    const scale = (1 + growth) ** (-k / 4) * (1 + r.normal() * 0.04);
    const revenue = (revenueNow / 4) * scale;
    const operatingIncome = burner ? -(burnNow * scale) * r.between(0.9, 1.1) : revenue * profitMargin * 1.2;
    const netIncome = operatingIncome * (burner ? r.between(0.95, 1.02) : 0.8);
    const operatingCashFlow = burner ? netIncome * r.between(0.8, 0.95) : netIncome * r.between(1, 1.4);
    const capex = Math.max(revenue, burnNow) * capexShare;
    let raise = 0;
    const burn = -operatingCashFlow + capex;
    if (burner && cash - burn < burn * floor) raise = burn * raiseQuarters * r.between(0.8, 1.2);
    const before = shares;
    // Shares sold at about the price of the time: the raise over the market value of a share.
    if (raise > 0) shares += (raise / (marketCap * scale)) * shares * r.between(0.9, 1.3);
    else if (!burner) shares *= 1 + r.between(-0.004, 0.008);
    cash += operatingCashFlow - capex + raise;
    weightedOf.push((before + shares) / 2);
    sharesAtEnd.push(shares);
    const investments = cash * investmentsShare;
    const equityBase = otherAssets + cash + investments;
    const liabilities = equityBase * liabilitiesShare;
    quarters.push({
      start,
      end,
      fiscalYear,
      fiscalQuarter,
      amounts: {
        ...(revenue > 0 ? { revenue, grossProfit: revenue * grossMargin } : {}),
        operatingIncome,
        netIncome,
        cash,
        shortTermInvestments: investments || undefined,
        totalAssets: equityBase,
        totalLiabilities: liabilities,
        debt: debtShare ? liabilities * debtShare : undefined,
        stockholdersEquity: equityBase - liabilities,
        operatingCashFlow,
        investingCashFlow: -capex,
        financingCashFlow: raise,
        capitalExpenditure: capex,
        freeCashFlow: operatingCashFlow - capex,
      },
    });
  }
  // Counts as the company's: the last one is its shares outstanding today.
  const perShare = c.sharesOutstanding / shares;
  for (const [i, quarter] of quarters.entries()) {
    const weighted = Math.round(weightedOf[i]! * perShare);
    quarter.amounts.sharesOutstanding = Math.round(sharesAtEnd[i]! * perShare);
    quarter.amounts.weightedSharesBasic = weighted;
    quarter.amounts.weightedSharesDiluted = quarter.amounts.netIncome! < 0 ? weighted : Math.round(weighted * 1.02);
  }

  // The filings: a 10-Q a quarter, and the year's report at the fourth; foreign filers a 20-F a year.
  const filings: FinancialFiling[] = [];
  const annual: FinancialPeriod[] = [];
  const quarterly: FinancialPeriod[] = [];
  const cite = (type: string, end: string, lag: number): string | null => {
    const filed = addDays(end, lag);
    if (filed > asOf) return null;
    const { accession, url } = file(type, filed);
    filings.push({ accession, form: type, filed, url });
    return accession;
  };
  const figure = (id: StatementLineId, value: number, filing: string, derived: boolean) => ({
    value: round(value, id === 'epsBasic' || id === 'epsDiluted' ? 2 : 0),
    unit: id === 'epsBasic' || id === 'epsDiluted' ? 'USD/shares' : /shares/i.test(id) ? 'shares' : 'USD',
    concept: id === 'freeCashFlow' ? 'derived:FreeCashFlow' : CONCEPTS[id],
    filing,
    derived: derived || id === 'freeCashFlow',
  });
  const linesOf = (amounts: Amounts, filing: string, derivedFlows: boolean): FinancialPeriod['lines'] => {
    const lines: FinancialPeriod['lines'] = {};
    for (const [id, value] of Object.entries(amounts) as [StatementLineId, number | undefined][]) {
      if (value === undefined) continue;
      lines[id] = figure(id, value, filing, derivedFlows && (FLOWS as readonly string[]).includes(id));
    }
    const weighted = amounts.weightedSharesBasic;
    if (amounts.netIncome !== undefined && weighted) {
      lines.epsBasic = figure('epsBasic', amounts.netIncome / weighted, filing, derivedFlows);
      lines.epsDiluted = figure('epsDiluted', amounts.netIncome / amounts.weightedSharesDiluted!, filing, derivedFlows);
    }
    return lines;
  };

  for (let i = 0; i < quarters.length; i++) {
    const q = quarters[i]!;
    if (q.fiscalQuarter === 4 && i >= 3) {
      const year = quarters.slice(i - 3, i + 1);
      const accession = cite(foreign ? '20-F' : '10-K', q.end, foreign ? 120 : 75);
      if (!accession) continue;
      const sum: Amounts = {};
      for (const id of FLOWS) {
        if (year.every((y) => y.amounts[id] !== undefined)) sum[id] = year.reduce((s, y) => s + y.amounts[id]!, 0);
      }
      const balance = Object.fromEntries(
        Object.entries(q.amounts).filter(([id]) => !(FLOWS as readonly string[]).includes(id)),
      ) as Amounts;
      const weighted = Math.round(year.reduce((s, y) => s + y.amounts.weightedSharesBasic!, 0) / 4);
      const amounts: Amounts = {
        ...balance,
        ...sum,
        weightedSharesBasic: weighted,
        weightedSharesDiluted: sum.netIncome! < 0 ? weighted : Math.round(weighted * 1.02),
      };
      annual.push({
        kind: 'annual',
        start: year[0]!.start,
        end: q.end,
        fiscal_year: q.fiscalYear,
        fiscal_quarter: null,
        lines: linesOf(amounts, accession, false),
      });
      if (!foreign && i >= quarters.length - QUARTERS_SHOWN) {
        quarterly.push(quarterOf(q, linesOf(q.amounts, accession, true)));
      }
    } else if (!foreign && i >= quarters.length - QUARTERS_SHOWN) {
      const accession = cite('10-Q', q.end, 40);
      if (accession) quarterly.push(quarterOf(q, linesOf(q.amounts, accession, false)));
    }
  }
  const shareCounts = [...annual, ...quarterly]
    .filter((p) => p.lines.sharesOutstanding)
    .map((p) => ({ date: p.end, shares: p.lines.sharesOutstanding!.value, filing: p.lines.sharesOutstanding!.filing }))
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
    .filter((count, i, all) => i === 0 || count.date !== all[i - 1]!.date);
  filings.sort((a, b) => (a.filed < b.filed ? -1 : a.filed > b.filed ? 1 : 0));
  return financialsRecord({
    source: 'demo',
    cik: null,
    taxonomy: 'us-gaap',
    currency: 'USD',
    updatedAt: `${asOf}T00:00:00.000Z`,
    filings,
    annual,
    quarterly,
    shareCounts,
  });
}

const quarterOf = (q: Quarter, lines: FinancialPeriod['lines']): FinancialPeriod => ({
  kind: 'quarter',
  start: q.start,
  end: q.end,
  fiscal_year: q.fiscalYear,
  fiscal_quarter: q.fiscalQuarter,
  lines,
});
