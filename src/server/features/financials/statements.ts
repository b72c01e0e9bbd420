/**
 * A company's standard statements, year by year and quarter by quarter, from its company facts.
 *
 * Placing a figure. A fact is placed by its own dates, never by the filing's fy/fp (a 10-K states
 * three years under one fy; the SEC has written fp "FY" on a Snowflake 10-Q) nor by the SEC's
 * calendar frame (Snowflake's year to 31 January 2024 is framed CY2023). A duration of 350 to 380
 * days is a year, of 80 to 100 days a quarter (periods.ts); 6- and 9-month year-to-date figures are
 * neither, and serve only to work quarters out. An instant (a balance) belongs to the period ending
 * on its day.
 *
 * Restatements. Many filings report the same period (a 10-K repeats two earlier years, a 10-Q the
 * year-earlier quarter); for each line and period the latest filing wins (its `filed` day, then its
 * accession number), so a restated figure replaces the one first filed. A line's concept tiers
 * (statement-lines.ts) come first: a stand-in concept is used only where no proper one reports.
 *
 * Quarters no filing gives. Companies file no 10-Q for their fourth quarter, and most give cash flows
 * only year-to-date. For a line whose quarters add up to the year (flows, not balances, per-share
 * figures or average share counts), a missing quarter is the year-to-date figure to its end less the
 * year-to-date figure to the quarter before (the year less nine months, six months less three), or
 * else the year-to-date figure less the quarters before it. The figure keeps what it was worked from.
 *
 * Fiscal years. A period is named by its start and end. Its fiscal year is the one its own report
 * gives (the fy of the earliest filing whose latest period it is: the 10-K of that year); a year that
 * is only ever a comparative column counts on from the nearest year a report names (the year before
 * fiscal 2023 is fiscal 2022); a company none of whose reports names one: the calendar year in which
 * the period ends. So Snowflake's year ending 31 January 2024 is fiscal 2024, as its 10-K says, and a
 * retailer whose 10-K calls the year ending 3 February 2024 fiscal 2023 gets 2023.
 * A quarter takes the fiscal year of the year it falls in, and its number from how many quarter
 * lengths it ends after that year's start. A year with no annual figure yet (the one in progress)
 * starts the day after the last year ended, or where a year-to-date figure starts.
 *
 * Currency. Money lines are in the currency of the company's latest statements (most of the money
 * facts of its latest filing); figures in other currencies (a convenience translation, exchange
 * rates) are left out. Per-share figures are in that currency per share. Every figure keeps its unit.
 */
import { type StatementLineId, freeCashFlow } from '../../../lib/financials.ts';
import type { CompanyFacts, Fact } from './company-facts.ts';
import { addDays, dayNumber, durationKind, fiscalQuarterOf, lengthInDays, yearEndFrom } from './periods.ts';
import { STATEMENT_SOURCES, type StatementLine, type StatementTaxonomy } from './statement-lines.ts';

export interface Figure {
  value: number;
  /** USD, EUR, USD/shares, shares. */
  unit: string;
  taxonomy: string;
  /** The concept the figure was reported under (for a worked-out figure, that of the figure it was worked from). */
  concept: string;
  /** The filing that reported it: accession number, form, filing day. */
  accn: string;
  form: string;
  filed: string;
  /** The period the figure covers: null start for a balance on a day. */
  start: string | null;
  end: string;
  /** A figure no filing gives, worked out: `from` less the sum of `less`. */
  derived: { from: Figure; less: Figure[] } | null;
}

export type StatementLines = Partial<Record<StatementLineId, Figure>>;

export interface StatementPeriod {
  kind: 'annual' | 'quarter';
  start: string;
  end: string;
  fiscalYear: number;
  /** The quarter of the fiscal year; null for a year, or a quarter outside any known fiscal year. */
  fiscalQuarter: 1 | 2 | 3 | 4 | null;
  lines: StatementLines;
}

export interface Statements {
  cik: number;
  entityName: string;
  /** The taxonomy the company's statements are in; null when it files none of the two. */
  taxonomy: StatementTaxonomy | null;
  /** The currency of its money lines (ISO 4217), null when it reports no money figure. */
  currency: string | null;
  /** Oldest first. */
  annual: StatementPeriod[];
  quarterly: StatementPeriod[];
  /** Every count of shares outstanding, by its day, oldest first: for dilution over the years. */
  shareCounts: Figure[];
}

interface Candidate {
  fact: Fact;
  /** Lower is preferred: the tier of the line's concepts the fact's concept is in. */
  tier: number;
  /** The concept's place within its tier. */
  order: number;
}

/** Whether `a` is preferred to `b` for the same line and period. */
function preferred(a: Candidate, b: Candidate): boolean {
  if (a.tier !== b.tier) return a.tier < b.tier;
  if (a.fact.filed !== b.fact.filed) return a.fact.filed > b.fact.filed;
  if (a.fact.accn !== b.fact.accn) return a.fact.accn > b.fact.accn;
  return a.order < b.order;
}

const periodKey = (start: string | null, end: string): string => (start === null ? end : `${start}/${end}`);

const CURRENCY = /^[A-Z]{3}$/;

function figureOf(fact: Fact): Figure {
  return {
    value: fact.value,
    unit: fact.unit,
    taxonomy: fact.taxonomy,
    concept: fact.concept,
    accn: fact.accn,
    form: fact.form,
    filed: fact.filed,
    start: fact.start,
    end: fact.end,
    derived: null,
  };
}

/** `from` less the sum of `less`, over the period start–end, with its provenance. */
function difference(from: Figure, less: Figure[], start: string, end: string): Figure {
  const value = less.reduce((rest, figure) => rest - figure.value, from.value);
  return { ...from, value, start, end, derived: { from, less } };
}

const daysBetween = (from: string, to: string): number => dayNumber(to) - dayNumber(from);

const laterFiling = (a: Fact, b: Fact): boolean => a.filed > b.filed || (a.filed === b.filed && a.accn > b.accn);

/** The taxonomy whose line concepts were filed last: the one a filer that moved between them files in now. */
function statementTaxonomy(facts: CompanyFacts): StatementTaxonomy | null {
  let latest: { taxonomy: StatementTaxonomy; fact: Fact } | null = null;
  for (const taxonomy of ['us-gaap', 'ifrs-full'] as const) {
    for (const line of STATEMENT_SOURCES) {
      for (const concept of line.concepts[taxonomy].flat()) {
        for (const fact of Object.values(facts.taxonomies[taxonomy]?.[concept]?.units ?? {}).flat()) {
          if (!latest || laterFiling(fact, latest.fact)) latest = { taxonomy, fact };
        }
      }
    }
  }
  return latest?.taxonomy ?? null;
}

/** The currency most of the money facts of the company's latest filing are in. */
function statementCurrency(facts: CompanyFacts, taxonomy: StatementTaxonomy): string | null {
  const money: Fact[] = [];
  for (const line of STATEMENT_SOURCES) {
    if (line.measure !== 'money') continue;
    for (const concept of line.concepts[taxonomy].flat()) {
      for (const [unit, unitFacts] of Object.entries(facts.taxonomies[taxonomy]?.[concept]?.units ?? {})) {
        if (CURRENCY.test(unit)) money.push(...unitFacts);
      }
    }
  }
  if (money.length === 0) return null;
  const latest = money.reduce((a, b) => (laterFiling(b, a) ? b : a));
  const counts = new Map<string, number>();
  for (const fact of money) if (fact.accn === latest.accn) counts.set(fact.unit, (counts.get(fact.unit) ?? 0) + 1);
  return [...counts].sort(
    (a, b) => b[1] - a[1] || (a[0] === 'USD' ? -1 : b[0] === 'USD' ? 1 : a[0] < b[0] ? -1 : 1),
  )[0]![0];
}

const unitFits = (line: StatementLine, unit: string, currency: string | null): boolean => {
  if (line.measure === 'shares') return unit === 'shares';
  if (currency === null) return false;
  return line.measure === 'money' ? unit === currency : unit === `${currency}/shares`;
};

/** A line's facts, the preferred one for each period (start/end, or the day of a balance). */
type LineIndex = Map<string, Candidate>;

function indexLine(
  facts: CompanyFacts,
  line: StatementLine,
  taxonomies: readonly StatementTaxonomy[],
  currency: string | null,
): LineIndex {
  const index: LineIndex = new Map();
  let tier = 0;
  for (const taxonomy of taxonomies) {
    for (const concepts of line.concepts[taxonomy]) {
      concepts.forEach((concept, order) => {
        for (const [unit, unitFacts] of Object.entries(facts.taxonomies[taxonomy]?.[concept]?.units ?? {})) {
          if (!unitFits(line, unit, currency)) continue;
          for (const fact of unitFacts) {
            if ((fact.start === null) !== (line.period === 'instant')) continue;
            const candidate = { fact, tier, order };
            const key = periodKey(fact.start, fact.end);
            const held = index.get(key);
            if (!held || preferred(candidate, held)) index.set(key, candidate);
          }
        }
      });
      tier += 1;
    }
  }
  return index;
}

interface FiscalYear {
  start: string;
  end: string;
  label: number;
}

interface PeriodSlot {
  start: string;
  end: string;
  fiscalYear: number;
  fiscalQuarter: 1 | 2 | 3 | 4 | null;
  /** The fiscal year a quarter falls in, for working it out from year-to-date figures. */
  year: FiscalYear | null;
}

/**
 * Reads a company's statements from its company facts (company-facts.ts): its years and quarters,
 * each with the standard lines it reports or that can be worked out.
 */
export function buildStatements(facts: CompanyFacts): Statements {
  const taxonomy = statementTaxonomy(facts);
  const empty: Statements = {
    cik: facts.cik,
    entityName: facts.entityName,
    taxonomy,
    currency: null,
    annual: [],
    quarterly: [],
    shareCounts: [],
  };
  if (taxonomy === null) return empty;
  const currency = statementCurrency(facts, taxonomy);
  const taxonomies: StatementTaxonomy[] = taxonomy === 'us-gaap' ? ['us-gaap', 'ifrs-full'] : ['ifrs-full', 'us-gaap'];
  const indexes = new Map(STATEMENT_SOURCES.map((line) => [line.id, indexLine(facts, line, taxonomies, currency)]));

  // Each filing's own period (the latest end among its durations), and every duration with its reporters.
  const ownEnd = new Map<string, string>();
  const durations = new Map<string, { start: string; end: string; reporters: Fact[] }>();
  for (const line of STATEMENT_SOURCES) {
    if (line.period !== 'duration') continue;
    for (const taxonomyName of taxonomies) {
      for (const concept of line.concepts[taxonomyName].flat()) {
        for (const fact of Object.values(facts.taxonomies[taxonomyName]?.[concept]?.units ?? {}).flat()) {
          if (fact.start === null) continue;
          const own = ownEnd.get(fact.accn);
          if (own === undefined || fact.end > own) ownEnd.set(fact.accn, fact.end);
          const key = periodKey(fact.start, fact.end);
          const entry = durations.get(key) ?? { start: fact.start, end: fact.end, reporters: [] };
          entry.reporters.push(fact);
          durations.set(key, entry);
        }
      }
    }
  }

  /** The fiscal year the report of a period gives it, or the year it ends in. */
  const ownFiscal = (start: string, end: string): { fy: number | null; fp: string | null } => {
    const reporters = (durations.get(periodKey(start, end))?.reporters ?? [])
      .filter((fact) => ownEnd.get(fact.accn) === end)
      .sort((a, b) => (laterFiling(a, b) ? 1 : laterFiling(b, a) ? -1 : 0));
    const own = reporters.find((fact) => fact.fy !== null);
    return { fy: own?.fy ?? null, fp: own?.fp ?? null };
  };

  // The years: every year-long duration reported, oldest first, named by their own reports.
  const annualSlots: PeriodSlot[] = [...durations.values()]
    .filter((d) => durationKind(d.start, d.end) === 'annual')
    .sort((a, b) => (a.end === b.end ? (a.start < b.start ? -1 : 1) : a.end < b.end ? -1 : 1))
    .map((d) => ({
      start: d.start,
      end: d.end,
      fiscalYear: ownFiscal(d.start, d.end).fy ?? Number.NaN,
      fiscalQuarter: null,
      year: null,
    }));
  // A year no report of its own names counts on from the nearest that one names, else is the year it ends in.
  const named = annualSlots.filter((slot) => !Number.isNaN(slot.fiscalYear));
  for (const slot of annualSlots) {
    if (!Number.isNaN(slot.fiscalYear)) continue;
    const nearest = named.reduce<PeriodSlot | null>(
      (best, other) =>
        !best || Math.abs(daysBetween(other.end, slot.end)) < Math.abs(daysBetween(best.end, slot.end)) ? other : best,
      null,
    );
    slot.fiscalYear = nearest
      ? nearest.fiscalYear + Math.round(daysBetween(nearest.end, slot.end) / 365.25)
      : Number(slot.end.slice(0, 4));
  }

  // The fiscal years quarters fall in: the years reported, the one after the last, and any a
  // year-to-date figure starts.
  const years: FiscalYear[] = annualSlots.map((slot) => ({ start: slot.start, end: slot.end, label: slot.fiscalYear }));
  const addYear = (start: string): void => {
    if (years.some((year) => year.start <= start && start <= year.end)) return;
    const end = yearEndFrom(start);
    const before = years.find((year) => year.end === addDays(start, -1));
    const after = years.find((year) => year.start === addDays(end, 1));
    const label = before ? before.label + 1 : after ? after.label - 1 : Number(end.slice(0, 4));
    years.push({ start, end, label });
  };
  const lastYear = annualSlots.at(-1);
  if (lastYear) addYear(addDays(lastYear.end, 1));
  for (const d of durations.values()) {
    const days = lengthInDays(d.start, d.end);
    if (days > 150 && days < 300) addYear(d.start);
  }
  years.sort((a, b) => (a.start < b.start ? -1 : 1));

  // The quarters: those reported, and those between the ends of a year's year-to-date figures.
  const quarterSlots = new Map<string, PeriodSlot>();
  for (const year of years) {
    const ends = new Set<string>();
    for (const d of durations.values()) {
      if (d.start < year.start || d.end > year.end) continue;
      if (d.start === year.start) ends.add(d.end);
      if (durationKind(d.start, d.end) === 'quarter') {
        ends.add(d.end);
        if (d.start > year.start) ends.add(addDays(d.start, -1));
      }
    }
    let previous = addDays(year.start, -1);
    for (const end of [...ends].sort()) {
      const start = addDays(previous, 1);
      previous = end;
      if (durationKind(start, end) !== 'quarter') continue;
      const fiscalQuarter = fiscalQuarterOf(year.start, end);
      quarterSlots.set(periodKey(start, end), { start, end, fiscalYear: year.label, fiscalQuarter, year });
    }
  }
  for (const d of durations.values()) {
    const key = periodKey(d.start, d.end);
    if (durationKind(d.start, d.end) !== 'quarter' || quarterSlots.has(key)) continue;
    const own = ownFiscal(d.start, d.end);
    const number = own.fp && /^Q[1-4]$/.test(own.fp) ? (Number(own.fp[1]) as 1 | 2 | 3 | 4) : null;
    quarterSlots.set(key, {
      start: d.start,
      end: d.end,
      fiscalYear: own.fy ?? Number(d.end.slice(0, 4)),
      fiscalQuarter: number,
      year: null,
    });
  }

  // Cover-page counts, by the period their report is of.
  const coverByEnd = new Map<string, Fact>();
  const coverConcept = STATEMENT_SOURCES.find((line) => line.cover)?.cover;
  const coverFacts = coverConcept ? (facts.taxonomies.dei?.[coverConcept]?.units.shares ?? []) : [];
  for (const fact of coverFacts) {
    const own = ownEnd.get(fact.accn);
    if (own === undefined || fact.start !== null) continue;
    const held = coverByEnd.get(own);
    if (!held || laterFiling(fact, held)) coverByEnd.set(own, fact);
  }

  const reported = (line: StatementLine, start: string | null, end: string): Figure | undefined => {
    const candidate = indexes.get(line.id)!.get(periodKey(start, end));
    return candidate ? figureOf(candidate.fact) : undefined;
  };

  /** A quarter no filing gives, from the year-to-date figures (or the quarters before it) of its year. */
  const workedOut = (
    line: StatementLine,
    slot: PeriodSlot,
    year: FiscalYear,
    quarters: Map<string, StatementPeriod>,
  ): Figure | undefined => {
    const toEnd = reported(line, year.start, slot.end);
    if (!toEnd) return undefined;
    const toBefore = reported(line, year.start, addDays(slot.start, -1));
    if (toBefore) return difference(toEnd, [toBefore], slot.start, slot.end);
    // The quarters before it, back to the year's start without a gap.
    const before: Figure[] = [];
    let end = addDays(slot.start, -1);
    while (end >= year.start) {
      const quarter = [...quarters.values()].find((q) => q.end === end);
      const figure = quarter?.lines[line.id];
      if (!quarter || !figure) return undefined;
      before.unshift(figure);
      end = addDays(quarter.start, -1);
    }
    return end === addDays(year.start, -1) ? difference(toEnd, before, slot.start, slot.end) : undefined;
  };

  const fill = (
    kind: StatementPeriod['kind'],
    slot: PeriodSlot,
    quarters: Map<string, StatementPeriod>,
  ): StatementPeriod => {
    const lines: StatementLines = {};
    for (const line of STATEMENT_SOURCES) {
      let figure = line.period === 'instant' ? reported(line, null, slot.end) : reported(line, slot.start, slot.end);
      if (!figure && line.cover) {
        const cover = coverByEnd.get(slot.end);
        if (cover) figure = figureOf(cover);
      }
      if (!figure && line.additive && slot.year && slot.start !== slot.year.start) {
        figure = workedOut(line, slot, slot.year, quarters);
      }
      if (figure) lines[line.id] = figure;
    }
    const operating = lines.operatingCashFlow;
    const capex = lines.capitalExpenditure;
    if (operating && capex && operating.unit === capex.unit) {
      lines.freeCashFlow = {
        ...difference(operating, [capex], slot.start, slot.end),
        value: freeCashFlow(operating.value, capex.value),
      };
    }
    return {
      kind,
      start: slot.start,
      end: slot.end,
      fiscalYear: slot.fiscalYear,
      fiscalQuarter: slot.fiscalQuarter,
      lines,
    };
  };

  const byEnd = (a: { start: string; end: string }, b: { start: string; end: string }) =>
    a.end === b.end ? (a.start < b.start ? -1 : 1) : a.end < b.end ? -1 : 1;
  const quarterly = new Map<string, StatementPeriod>();
  for (const slot of [...quarterSlots.values()].sort(byEnd)) {
    quarterly.set(periodKey(slot.start, slot.end), fill('quarter', slot, quarterly));
  }
  const annual = annualSlots.map((slot) => fill('annual', slot, new Map()));
  const hasLines = (period: StatementPeriod) => Object.keys(period.lines).length > 0;

  return {
    ...empty,
    currency,
    annual: annual.filter(hasLines),
    quarterly: [...quarterly.values()].filter(hasLines),
    shareCounts: shareCountsOf(indexes.get('sharesOutstanding')!, coverFacts),
  };
}

/** Every count of shares outstanding by its day: a balance-sheet count where there is one, else the cover's. */
function shareCountsOf(index: LineIndex, coverFacts: readonly Fact[]): Figure[] {
  const byDay = new Map<string, Figure>();
  for (const candidate of index.values()) byDay.set(candidate.fact.end, figureOf(candidate.fact));
  const covers = new Map<string, Fact>();
  for (const fact of coverFacts) {
    if (fact.start !== null || byDay.has(fact.end)) continue;
    const held = covers.get(fact.end);
    if (!held || laterFiling(fact, held)) covers.set(fact.end, fact);
  }
  for (const [day, fact] of covers) byDay.set(day, figureOf(fact));
  return [...byDay.values()].sort((a, b) => (a.end < b.end ? -1 : 1));
}
