/**
 * Short interest as the site states it (docs/product.md §9.14): the shares sold short at a
 * settlement date, their share of the shares outstanding, the days of average volume to cover them,
 * and the change since the report before. One rule for the company page, the screener and RedChat.
 */

export interface ShortInterestReport {
  settlementDate: string;
  shortPosition: number;
  previousPosition: number | null;
  averageDailyVolume: number | null;
  /** As reported: FINRA floors it at 1.00 and gives 999.99 when nothing traded. */
  daysToCover: number | null;
}

export interface ShortInterestFigures {
  settlementDate: string;
  shortPosition: number;
  /** In percent of the shares outstanding; null when those are not known. */
  percentOfShares: number | null;
  daysToCover: number | null;
  /** Shares more (or fewer) sold short than at the report before; null for a first report. */
  change: number | null;
  /** That change in percent; null when the report before had none short. */
  changePercent: number | null;
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

export function shortInterestFigures(
  report: ShortInterestReport,
  sharesOutstanding: number | null,
): ShortInterestFigures {
  const previous = report.previousPosition;
  return {
    settlementDate: report.settlementDate,
    shortPosition: report.shortPosition,
    percentOfShares:
      sharesOutstanding && sharesOutstanding > 0 ? round((report.shortPosition / sharesOutstanding) * 100, 2) : null,
    daysToCover: report.daysToCover,
    change: previous === null ? null : report.shortPosition - previous,
    changePercent: previous ? round(((report.shortPosition - previous) / previous) * 100, 2) : null,
  };
}

/** FINRA writes a symbol without separators: BRK.B and BRK-B are its BRKB. */
export const finraSymbolOf = (symbol: string): string => symbol.toUpperCase().replace(/[^A-Z0-9]/g, '');
