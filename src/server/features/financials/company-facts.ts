/**
 * A company-facts document as the SEC serves it (data.sec.gov/api/xbrl/companyfacts/CIK##########.json,
 * the EDGAR Application Programming Interfaces page): every non-dimensional fact of every XBRL
 * financial statement a filer has filed, as
 *
 *   { cik, entityName, facts: { <taxonomy>: { <concept>: { label, description,
 *       units: { <unit>: [ { start?, end, val, accn, fy, fp, form, filed, frame? } ] } } } } }
 *
 * Taxonomies are us-gaap, ifrs-full, dei (the cover page), srt, invest and the like. Units are a
 * measure (USD, EUR, shares, pure) or a ratio of two written with a slash (USD/shares). A fact with a
 * `start` is a duration (start to end, both days included), one without is an instant (the end day).
 * `accn` is the filing's accession number, `form` and `filed` its form and filing day; `fy` and `fp`
 * are the fiscal year and period of the FILING, not of the fact: a 10-K states three years under one
 * `fy`, and the SEC has been seen to write `fp` "FY" on a 10-Q. `frame` marks the fact the SEC picked
 * for a calendar period (CY2023, CY2023Q1, CY2023Q4I for an instant), aligned to calendar quarters
 * rather than the company's own fiscal ones. So a fact is placed by its own start and end, never by
 * fy, fp or frame (statements.ts).
 *
 * A document in, typed facts out, nothing stored. What the document is not (malformed or cut-off
 * JSON, a missing field, a day that does not exist, a unit that is no measure) is refused whole with
 * the file and the key named, since a half-read document would give statements with silent holes.
 * Labels and descriptions may be null: the SEC writes them so for some ifrs-full concepts.
 */
import { z } from 'zod';
import { shown } from '../imports/index.ts';

export class CompanyFactsError extends Error {
  override readonly name = 'CompanyFactsError';
  /** The file or address the document came from. */
  readonly document: string;
  /** Where in the document: 'facts.us-gaap.Revenues.units.USD[3].end'; '' for the document itself. */
  readonly key: string;
  readonly problem: string;
  constructor(document: string, key: string, problem: string) {
    super(`${shown(document)}: ${key ? `${shown(key)} ` : ''}${problem}`);
    this.document = document;
    this.key = key;
    this.problem = problem;
  }
}

/** One reported value, with the concept and unit it was reported under. */
export interface Fact {
  taxonomy: string;
  concept: string;
  unit: string;
  /** First day of a duration (included); null for an instant. */
  start: string | null;
  /** Last day of a duration (included), or the day of an instant. */
  end: string;
  value: number;
  accn: string;
  /** The filing's fiscal year and period as the SEC gives them (of the filing, not the fact). */
  fy: number | null;
  fp: string | null;
  form: string;
  filed: string;
  frame: string | null;
}

export interface Concept {
  label: string | null;
  description: string | null;
  /** The facts under each unit, in the document's order. */
  units: Record<string, Fact[]>;
}

export interface CompanyFacts {
  cik: number;
  entityName: string;
  /** taxonomy → concept → its label, description and facts. */
  taxonomies: Record<string, Record<string, Concept>>;
}

const missingOr = (problem: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? 'is missing' : problem;

const day = z.iso.date({ error: missingOr('is not a date') });
const text = z.string({ error: missingOr('is not a text') });
const nullableText = z.string({ error: 'is not a text' }).nullable();
/** A filing's accession number: the filer agent's CIK, the year, a sequence (0001640147-24-000101). */
const ACCESSION = /^\d{10}-\d{2}-\d{6}$/;
/** A measure (USD, shares, pure, EUR, sqft) or a ratio of two (USD/shares), as XBRL names units. */
const UNIT = /^[A-Za-z][\w.-]*(\/[A-Za-z][\w.-]*)?$/;
/** The SEC's calendar frames: CY2023 (a year), CY2023Q1 (a quarter), CY2023Q4I (an instant). */
const FRAME = /^CY\d{4}(Q[1-4]I?)?$/;
/** A taxonomy prefix or a concept's local name, as XBRL writes them. */
const NAME = /^[A-Za-z_][\w.-]*$/;

const factSchema = z
  .object({
    start: day.optional(),
    end: day,
    val: z.number({ error: missingOr('is not a number') }),
    accn: text.regex(ACCESSION, { error: 'is not an accession number' }),
    fy: z.number({ error: 'is not a year' }).int({ error: 'is not a year' }).nullable().optional(),
    fp: nullableText.optional(),
    form: text.min(1, { error: 'is empty' }),
    filed: day,
    frame: text.regex(FRAME, { error: 'is not a calendar frame' }).optional(),
  })
  .refine((fact) => fact.start === undefined || fact.start <= fact.end, {
    error: 'is after the end',
    path: ['start'],
  });

const conceptSchema = z.object({
  label: nullableText.optional(),
  description: nullableText.optional(),
  units: z.record(
    z.string().regex(UNIT, { error: 'is not a unit (a measure, or two divided by a slash)' }),
    z.array(factSchema, { error: missingOr('is not a list of facts') }),
    { error: missingOr('is not an object of units') },
  ),
});

const documentSchema = z.object({
  // The SEC serves the CIK as a number; some stored copies carry it as the padded text of the file name.
  cik: z.union(
    [
      z.number().int({ error: 'is not a CIK' }).positive({ error: 'is not a CIK' }),
      z.string().regex(/^\d{1,10}$/, { error: 'is not a CIK' }),
    ],
    { error: missingOr('is not a CIK') },
  ),
  entityName: text,
  facts: z.record(
    z.string().regex(NAME, { error: 'is not a taxonomy name' }),
    z.record(z.string().regex(NAME, { error: 'is not a concept name' }), conceptSchema, {
      error: missingOr('is not an object of concepts'),
    }),
    { error: missingOr('is not an object of taxonomies') },
  ),
});

/** A path as a reader finds it in the file: facts.us-gaap.Revenues.units.USD[3].end. */
function keyOf(path: readonly PropertyKey[]): string {
  let key = '';
  for (const part of path) {
    if (typeof part === 'number') key += `[${part}]`;
    else key += key ? `.${String(part)}` : String(part);
  }
  return key;
}

/**
 * Where in a JSON text the reading stopped: the path of keys and indexes open at `offset`, found by
 * walking the text up to there, so a cut-off or broken document names the fact it broke in.
 */
export function jsonPathAt(json: string, offset: number): string {
  const stack: (string | number)[] = [];
  /** For each open container: an object (waiting for a key or a value) or an array. */
  const kinds: ('object' | 'array')[] = [];
  let expectingKey = false;
  let i = 0;
  const end = Math.min(offset, json.length);
  while (i < end) {
    const c = json[i]!;
    if (c === '"') {
      let j = i + 1;
      while (j < json.length && json[j] !== '"') j += json[j] === '\\' ? 2 : 1;
      if (expectingKey && j < end) {
        stack[stack.length - 1] = JSON.parse(json.slice(i, j + 1)) as string;
        expectingKey = false;
      }
      i = j + 1;
      continue;
    }
    if (c === '{') {
      kinds.push('object');
      stack.push('');
      expectingKey = true;
    } else if (c === '[') {
      kinds.push('array');
      stack.push(0);
      expectingKey = false;
    } else if (c === '}' || c === ']') {
      kinds.pop();
      stack.pop();
      expectingKey = false;
    } else if (c === ',') {
      const top = stack.length - 1;
      if (kinds[top] === 'array') stack[top] = (stack[top] as number) + 1;
      else expectingKey = true;
    }
    i += 1;
  }
  return keyOf(stack.filter((part) => part !== ''));
}

/** The character offset a JSON.parse error names, or the end of the text (a cut-off document). */
function errorOffset(error: unknown, json: string): number {
  const match = error instanceof Error ? /position (\d+)/.exec(error.message) : null;
  return match ? Number(match[1]) : json.length;
}

/**
 * Reads a company-facts document. `source` names it in errors (its file name or address). Throws a
 * CompanyFactsError naming the key at fault; checks every fact, then types them.
 */
export function readCompanyFacts(json: string, source: string): CompanyFacts {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch (error) {
    const offset = errorOffset(error, json);
    const where = jsonPathAt(json, offset);
    const problem =
      offset >= json.trimEnd().length
        ? `breaks off before the document ends (at character ${offset}): the JSON is cut short`
        : `is not JSON at character ${offset}`;
    throw new CompanyFactsError(source, where, problem);
  }
  const parsed = documentSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const message =
      issue.code === 'invalid_key' && issue.issues[0] ? issue.issues[0].message : (issue.message ?? 'is invalid');
    throw new CompanyFactsError(source, keyOf(issue.path), message);
  }
  const doc = parsed.data;
  const taxonomies: Record<string, Record<string, Concept>> = {};
  for (const [taxonomy, concepts] of Object.entries(doc.facts)) {
    const typed: Record<string, Concept> = {};
    for (const [concept, body] of Object.entries(concepts)) {
      const units: Record<string, Fact[]> = {};
      for (const [unit, facts] of Object.entries(body.units)) {
        units[unit] = facts.map((f) => ({
          taxonomy,
          concept,
          unit,
          start: f.start ?? null,
          end: f.end,
          value: f.val,
          accn: f.accn,
          fy: f.fy ?? null,
          fp: f.fp ?? null,
          form: f.form,
          filed: f.filed,
          frame: f.frame ?? null,
        }));
      }
      typed[concept] = { label: body.label ?? null, description: body.description ?? null, units };
    }
    taxonomies[taxonomy] = typed;
  }
  return { cik: Number(doc.cik), entityName: doc.entityName, taxonomies };
}

/** Every fact of one concept, across its units (empty when the company never reported it). */
export const factsOf = (facts: CompanyFacts, taxonomy: string, concept: string): Fact[] =>
  Object.values(facts.taxonomies[taxonomy]?.[concept]?.units ?? {}).flat();
