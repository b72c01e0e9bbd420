/**
 * What a 13F value is worth in dollars. The SEC's data set readme defines VALUE: "Starting on
 * January 3, 2023, market value is reported rounded to the nearest dollar. Previously, market value
 * was reported in thousands." The rule follows the day a report was filed, not its period: a 2021
 * report filed in 2023 is in dollars, a 2022 report filed in 2022 in thousands.
 *
 * Some managers kept writing thousands after the change (and a few wrote dollars before it), so a
 * report's values are also held against the prices of the shares it reports: when most of its
 * priced holdings come out 1,000 times below (or above) what their shares were worth, the report
 * is read in the other unit, and the import says so.
 */

/** The first filing day whose values are in dollars. */
export const VALUE_IN_DOLLARS_FROM = '2023-01-03';

/** What a report's values are multiplied by to be dollars, by the SEC's rule. */
export const valueMultiplier = (filedOn: string): 1 | 1000 => (filedOn < VALUE_IN_DOLLARS_FROM ? 1000 : 1);

/**
 * A report's implied prices (its value per share, in dollars by the rule) against the prices its
 * shares had, one ratio per priced holding, kept as counts: a report of thousands of holdings needs
 * no more than this to be judged.
 */
export interface PriceCheck {
  /** Holdings whose value is about what their shares were worth (within 1/30 to 30 times). */
  near: number;
  /** Holdings valued at 1/200 or less of their shares' worth: values in thousands read as dollars. */
  thousandsLow: number;
  /** Holdings valued at 200 times or more: values in dollars read as thousands. */
  thousandsHigh: number;
}

export const emptyPriceCheck = (): PriceCheck => ({ near: 0, thousandsLow: 0, thousandsHigh: 0 });

/** Counts one holding: its value in dollars (by the rule), its shares, and the price its shares had. */
export function checkPrice(check: PriceCheck, dollars: number, shares: number, price: number | undefined): void {
  if (!price || price <= 0 || shares <= 0 || dollars <= 0) return;
  const ratio = dollars / shares / price;
  if (ratio >= 1 / 30 && ratio <= 30) check.near++;
  else if (ratio <= 1 / 200) check.thousandsLow++;
  else if (ratio >= 200) check.thousandsHigh++;
}

/**
 * The factor a report's values (already multiplied by the rule) are corrected by: 1000 when most of
 * its priced holdings are a thousand times too low, 1/1000 when a thousand times too high, 1
 * otherwise (also when it has no priced holding: the rule stands).
 */
export function correction(check: PriceCheck): 1 | 1000 | 0.001 {
  const priced = check.near + check.thousandsLow + check.thousandsHigh;
  if (!priced) return 1;
  if (check.thousandsLow * 2 > priced) return 1000;
  if (check.thousandsHigh * 2 > priced) return 0.001;
  return 1;
}
