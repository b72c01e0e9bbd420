/**
 * Where each standard line (src/lib/financials.ts) is found among a filer's XBRL concepts. Companies
 * tag the same figure with different concepts, and change concept over the years (revenue moved from
 * SalesRevenueNet to RevenueFromContractWithCustomerExcludingAssessedTax with ASC 606; Snowflake's
 * EPS from EarningsPerShareBasicAndDiluted to EarningsPerShareBasic in 2021), so a line lists several.
 *
 * A line's concepts come in tiers. Concepts of one tier are names for the same figure: for a period,
 * the latest filing that reports any of them gives the value (so a line follows a tag change, and a
 * restatement under the new tag replaces the old figure), and within one filing the first concept
 * listed wins (a filing giving both Revenues and a narrower revenue concept gives Revenues). A later
 * tier is a stand-in, used only for a period no earlier tier reports: cash including restricted cash
 * stands in for cash, profit including minority interests for the owners' profit, the non-current
 * part of debt for a debt total the filer does not tag. Which concept gave a figure is kept with it.
 *
 * us-gaap and ifrs-full are listed apart: a filer's statements follow the taxonomy it files in, and
 * one that moved between them keeps its older years from the other (statements.ts).
 */
import type { LineMeasure, StatementLineId } from '../../../lib/financials.ts';

export type StatementTaxonomy = 'us-gaap' | 'ifrs-full';

export interface StatementLine {
  id: Exclude<StatementLineId, 'freeCashFlow'>;
  /** A duration is reported over a period (revenue, cash flow); an instant on a day (balance sheet). */
  period: 'duration' | 'instant';
  measure: LineMeasure;
  /**
   * Whether a period's figure is the sum of its quarters', so that a quarter no filing gives is the
   * year (or year-to-date) less the other quarters. Never so for instants (a balance is not a sum),
   * per-share figures or average share counts (neither adds up over quarters).
   */
  additive: boolean;
  /** Concepts per taxonomy, tier by tier, in order of preference within a tier. */
  concepts: Readonly<Record<StatementTaxonomy, readonly (readonly string[])[]>>;
  /**
   * The cover-page concept (dei) standing in last: dated on the report's cover, after the period's
   * end, it is matched to the period the report is of rather than by its date.
   */
  cover?: string;
}

const flow = (
  id: StatementLine['id'],
  usGaap: readonly (readonly string[])[],
  ifrs: readonly (readonly string[])[],
): StatementLine => ({
  id,
  period: 'duration',
  measure: 'money',
  additive: true,
  concepts: { 'us-gaap': usGaap, 'ifrs-full': ifrs },
});

const balance = (
  id: StatementLine['id'],
  usGaap: readonly (readonly string[])[],
  ifrs: readonly (readonly string[])[],
): StatementLine => ({
  id,
  period: 'instant',
  measure: 'money',
  additive: false,
  concepts: { 'us-gaap': usGaap, 'ifrs-full': ifrs },
});

const perPeriod = (
  id: StatementLine['id'],
  measure: LineMeasure,
  usGaap: readonly (readonly string[])[],
  ifrs: readonly (readonly string[])[],
): StatementLine => ({
  id,
  period: 'duration',
  measure,
  additive: false,
  concepts: { 'us-gaap': usGaap, 'ifrs-full': ifrs },
});

/** The lines read from the facts, in the order of STATEMENT_LINES; free cash flow is derived from two of them. */
export const STATEMENT_SOURCES: readonly StatementLine[] = [
  flow(
    'revenue',
    [
      [
        'Revenues',
        'RevenueFromContractWithCustomerExcludingAssessedTax',
        'RevenueFromContractWithCustomerIncludingAssessedTax',
        'SalesRevenueNet',
        'SalesRevenueGoodsNet',
        'SalesRevenueServicesNet',
        'RevenuesNetOfInterestExpense',
      ],
    ],
    // RevenueFromContractsWithCustomers is often one part of Revenue (Logistic Properties of the
    // Americas tags its rental income apart), so it only stands in.
    [['Revenue'], ['RevenueFromContractsWithCustomers']],
  ),
  flow('grossProfit', [['GrossProfit']], [['GrossProfit']]),
  flow('operatingIncome', [['OperatingIncomeLoss']], [['ProfitLossFromOperatingActivities']]),
  // The owners' profit, as EPS is reckoned on it; the profit including minority interests stands in.
  flow(
    'netIncome',
    [['NetIncomeLoss'], ['ProfitLoss'], ['NetIncomeLossAvailableToCommonStockholdersBasic']],
    [['ProfitLossAttributableToOwnersOfParent'], ['ProfitLoss']],
  ),
  perPeriod(
    'epsBasic',
    'per-share',
    [['EarningsPerShareBasic', 'EarningsPerShareBasicAndDiluted']],
    [['BasicEarningsLossPerShare', 'BasicAndDilutedEarningsLossPerShare']],
  ),
  perPeriod(
    'epsDiluted',
    'per-share',
    [['EarningsPerShareDiluted', 'EarningsPerShareBasicAndDiluted']],
    [['DilutedEarningsLossPerShare', 'BasicAndDilutedEarningsLossPerShare']],
  ),
  balance(
    'cash',
    [
      ['CashAndCashEquivalentsAtCarryingValue', 'Cash', 'CashAndDueFromBanks'],
      ['CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents'],
    ],
    [['CashAndCashEquivalents'], ['Cash']],
  ),
  balance(
    'shortTermInvestments',
    [
      [
        'ShortTermInvestments',
        'MarketableSecuritiesCurrent',
        'AvailableForSaleSecuritiesDebtSecuritiesCurrent',
        'AvailableForSaleSecuritiesCurrent',
        'HeldToMaturitySecuritiesCurrent',
        'OtherShortTermInvestments',
      ],
    ],
    [
      [
        'CurrentInvestments',
        'ShorttermDepositsNotClassifiedAsCashEquivalents',
        'CurrentFinancialAssetsAtFairValueThroughProfitOrLoss',
      ],
    ],
  ),
  balance('totalAssets', [['Assets']], [['Assets']]),
  balance('totalLiabilities', [['Liabilities']], [['Liabilities']]),
  balance(
    'debt',
    [
      ['LongTermDebt', 'DebtLongtermAndShorttermCombinedAmount'],
      ['ConvertibleNotesPayable', 'NotesPayable'],
      [
        'LongTermDebtNoncurrent',
        'LongTermDebtAndCapitalLeaseObligations',
        'ConvertibleDebtNoncurrent',
        'LongTermNotesPayable',
      ],
    ],
    [['Borrowings'], ['LongtermBorrowings', 'NoncurrentPortionOfNoncurrentBorrowings']],
  ),
  // The owners' equity, beside the owners' profit; equity including minority interests stands in.
  balance(
    'stockholdersEquity',
    [['StockholdersEquity'], ['StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest']],
    [['EquityAttributableToOwnersOfParent'], ['Equity']],
  ),
  flow(
    'operatingCashFlow',
    [['NetCashProvidedByUsedInOperatingActivities', 'NetCashProvidedByUsedInOperatingActivitiesContinuingOperations']],
    // Cash flows from operations are before interest and tax paid where a filer shows those apart;
    // Logistic Properties of the Americas tags its operating total so (its three totals and the
    // exchange effect add up to the change in cash), so it stands in.
    [['CashFlowsFromUsedInOperatingActivities'], ['CashFlowsFromUsedInOperations']],
  ),
  flow(
    'investingCashFlow',
    [['NetCashProvidedByUsedInInvestingActivities', 'NetCashProvidedByUsedInInvestingActivitiesContinuingOperations']],
    [['CashFlowsFromUsedInInvestingActivities']],
  ),
  flow(
    'financingCashFlow',
    [['NetCashProvidedByUsedInFinancingActivities', 'NetCashProvidedByUsedInFinancingActivitiesContinuingOperations']],
    [['CashFlowsFromUsedInFinancingActivities']],
  ),
  // Reported as a payment, a positive amount.
  flow(
    'capitalExpenditure',
    [['PaymentsToAcquirePropertyPlantAndEquipment', 'PaymentsToAcquireProductiveAssets']],
    [['PurchaseOfPropertyPlantAndEquipmentClassifiedAsInvestingActivities', 'PurchaseOfPropertyPlantAndEquipment']],
  ),
  {
    id: 'sharesOutstanding',
    period: 'instant',
    measure: 'shares',
    additive: false,
    concepts: { 'us-gaap': [['CommonStockSharesOutstanding']], 'ifrs-full': [['NumberOfSharesOutstanding']] },
    cover: 'EntityCommonStockSharesOutstanding',
  },
  perPeriod(
    'weightedSharesBasic',
    'shares',
    [['WeightedAverageNumberOfSharesOutstandingBasic', 'WeightedAverageNumberOfShareOutstandingBasicAndDiluted']],
    [['WeightedAverageShares']],
  ),
  perPeriod(
    'weightedSharesDiluted',
    'shares',
    [['WeightedAverageNumberOfDilutedSharesOutstanding', 'WeightedAverageNumberOfShareOutstandingBasicAndDiluted']],
    [['AdjustedWeightedAverageShares']],
  ),
];

/** Every concept a line reads, by taxonomy (dei for the cover): what a stored subset of a document must keep. */
export function conceptsRead(): Record<StatementTaxonomy | 'dei', string[]> {
  const read: Record<StatementTaxonomy | 'dei', Set<string>> = {
    'us-gaap': new Set(),
    'ifrs-full': new Set(),
    dei: new Set(),
  };
  for (const line of STATEMENT_SOURCES) {
    for (const taxonomy of ['us-gaap', 'ifrs-full'] as const)
      for (const tier of line.concepts[taxonomy]) for (const concept of tier) read[taxonomy].add(concept);
    if (line.cover) read.dei.add(line.cover);
  }
  return { 'us-gaap': [...read['us-gaap']], 'ifrs-full': [...read['ifrs-full']], dei: [...read.dei] };
}
