/**
 * Calendar quarters as Form 13F reports them (docs/product.md §9.2): a report is of a quarter's
 * last day, and a holding's change is against the quarter before.
 */

/** Whether a YYYY-MM-DD day is a calendar quarter's last day. */
export const isQuarterEnd = (day: string): boolean => ['03-31', '06-30', '09-30', '12-31'].includes(day.slice(5));

/** The last day of the quarter before the one `quarterEnd` (YYYY-MM-DD, a quarter's last day) ends. */
export function previousQuarterEnd(quarterEnd: string): string {
  const year = Number(quarterEnd.slice(0, 4));
  const month = Number(quarterEnd.slice(5, 7));
  if (month <= 3) return `${year - 1}-12-31`;
  const previous = month - 3;
  return `${year}-${String(previous).padStart(2, '0')}-${previous === 3 ? '31' : '30'}`;
}
