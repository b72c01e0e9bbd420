/**
 * Whether a question asks about the future ('tomorrow', 'next year', 'will
 * it close at', 'March 3, 2027'): what a price will be no one can know, so
 * RedChat says so and gives the latest figure instead.
 */
const FUTURE_TIME =
  /\b(?:tomorrow|tmrw|next (?:day|week|month|quarter|year|session|trading day|few (?:days|weeks|months|years))|in (?:\d+|a|an|one|two|three|four|five|six|ten|a few) (?:more )?(?:days?|weeks?|months?|years?)|in the future)\b/;
/** 'At the end of the year' is ahead, unless the question is in the past tense. */
const YEAR_END = /\b(?:at|by) (?:the )?end of (?:the |this |next )?(?:day|week|month|quarter|year)\b/;
const PAST_TENSE = /\b(?:was|were|did|had|last)\b/;
export const FORECAST_WORDS =
  /\b(?:predict|predicts|predicted|prediction|predictions|forecasts?|forecasted|projections?|projected)\b/;
const WILL = /\b(?:will|gonna|going to)\b|'ll\b/;
/** What a figure 'will' do that only the future can tell: trade at, close at, be worth, reach. */
export const PRICE_VERBS = /\b(?:trade|trades|close|closes|open|opens|cost|costs|worth|reach|hit|end|finish|go)\b/;
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** Whether the question names a day after today ('March 3, 2027', '2027-03-03') or a later year ('in 2027'). */
function namesFutureDate(lower: string, now: Date): boolean {
  const today = now.toISOString().slice(0, 10);
  const named =
    /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b/.exec(
      lower,
    );
  if (named) {
    const month = String(MONTHS.indexOf(named[1]!) + 1).padStart(2, '0');
    return `${named[3]}-${month}-${named[2]!.padStart(2, '0')}` > today;
  }
  const iso = /\b(\d{4})-(\d{2})-(\d{2})\b/.exec(lower);
  if (iso) return iso[0] > today;
  const year = /\b(?:in|by|for|of|during|end of)\s+(\d{4})\b/.exec(lower);
  return year !== null && Number(year[1]) > now.getUTCFullYear();
}

/** Whether the question speaks of a time after now, or of what a figure will do. */
export function asksAboutFuture(lower: string, now: Date): boolean {
  return (
    FUTURE_TIME.test(lower) ||
    (YEAR_END.test(lower) && !PAST_TENSE.test(lower)) ||
    namesFutureDate(lower, now) ||
    (WILL.test(lower) && PRICE_VERBS.test(lower))
  );
}
