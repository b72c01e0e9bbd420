/**
 * Company-facts documents as the SEC serves them (tests/fixtures/sec-facts, real documents; its README
 * says where each comes from), read into typed facts, and broken ones refused with the key at fault.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CompanyFactsError,
  factsOf,
  jsonPathAt,
  readCompanyFacts,
} from '../../../../src/server/features/financials/company-facts.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../fixtures/sec-facts');
const SNOWFLAKE = 'CIK0001640147.json';
const LPA = 'CIK0001997711.json';
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name), 'utf8');
const REVENUE = 'RevenueFromContractWithCustomerExcludingAssessedTax';

/** The Snowflake document with one change made to it, written back as JSON. */
function snowflakeWith(
  change: (doc: { facts: Record<string, Record<string, { units: Record<string, unknown> }>> }) => void,
) {
  const doc = JSON.parse(fixture(SNOWFLAKE));
  change(doc);
  return JSON.stringify(doc);
}

const refusal = (json: string, source = SNOWFLAKE): CompanyFactsError => {
  try {
    readCompanyFacts(json, source);
  } catch (error) {
    if (error instanceof CompanyFactsError) return error;
    throw error;
  }
  throw new Error('the document was read');
};

describe('a company-facts document', () => {
  it('of a us-gaap filer gives its CIK, name and every fact with its period, filing and unit', () => {
    const facts = readCompanyFacts(fixture(SNOWFLAKE), SNOWFLAKE);
    expect(facts).toMatchObject({ cik: 1640147, entityName: 'SNOWFLAKE INC.' });
    expect(Object.keys(facts.taxonomies)).toEqual(['dei', 'us-gaap']);
    const revenue = factsOf(facts, 'us-gaap', REVENUE);
    expect(revenue).toHaveLength(61);
    expect(revenue).toContainEqual({
      taxonomy: 'us-gaap',
      concept: REVENUE,
      unit: 'USD',
      start: '2023-02-01',
      end: '2024-01-31',
      value: 2806489000,
      accn: '0001640147-25-000052',
      fy: 2025,
      fp: 'FY',
      form: '10-K',
      filed: '2025-03-21',
      frame: 'CY2023',
    });
    const cash = factsOf(facts, 'us-gaap', 'CashAndCashEquivalentsAtCarryingValue');
    expect(cash.every((fact) => fact.start === null)).toBe(true);
    expect(factsOf(facts, 'us-gaap', 'EarningsPerShareBasic').every((fact) => fact.unit === 'USD/shares')).toBe(true);
  });

  it('of an ifrs-full filer keeps its labels that the document leaves null, and a CIK written as padded text', () => {
    const facts = readCompanyFacts(fixture(LPA), LPA);
    expect(facts).toMatchObject({ cik: 1997711, entityName: 'Logistic Properties of the Americas' });
    expect(facts.taxonomies['ifrs-full']!.Revenue).toMatchObject({ label: null, description: null });
    expect(Object.keys(facts.taxonomies['ifrs-full']!.ClosingForeignExchangeRate!.units)).toEqual([
      'COP',
      'CRC',
      'PEN',
    ]);
  });

  it('cut short is refused, naming the file and the fact it breaks off in', () => {
    const json = fixture(SNOWFLAKE);
    const cut = json.indexOf('"val": 2806489000') + '"val": 28'.length;
    const error = refusal(json.slice(0, cut));
    const index = JSON.parse(json).facts['us-gaap'][REVENUE].units.USD.findIndex(
      (fact: { val: number }) => fact.val === 2806489000,
    );
    expect(error.key).toBe(`facts.us-gaap.${REVENUE}.units.USD[${index}].val`);
    expect(error.message).toBe(
      `${SNOWFLAKE}: facts.us-gaap.${REVENUE}.units.USD[${index}].val breaks off before the document ends (at character ${cut}): the JSON is cut short`,
    );
  });

  it('that is not JSON is refused with where it stops being JSON', () => {
    const error = refusal('{"cik": 1640147, "entityName": "SNOWFLAKE INC.", "facts": {"dei": {] }}');
    expect(error.message).toMatch(/^CIK0001640147\.json: facts\.dei is not JSON at character \d+$/);
    expect(refusal('', 'empty.json').message).toMatch(/^empty\.json: breaks off before the document ends/);
  });

  it('with a day that does not exist is refused, naming the key', () => {
    const json = snowflakeWith((doc) => {
      (doc.facts['us-gaap']![REVENUE]!.units.USD as { end: string }[])[3]!.end = '2021-02-30';
    });
    expect(refusal(json).message).toBe(`${SNOWFLAKE}: facts.us-gaap.${REVENUE}.units.USD[3].end is not a date`);
  });

  it('with a period that starts after it ends is refused', () => {
    const json = snowflakeWith((doc) => {
      (doc.facts['us-gaap']!.NetIncomeLoss!.units.USD as { start: string }[])[0]!.start = '2030-01-01';
    });
    expect(refusal(json).message).toBe(`${SNOWFLAKE}: facts.us-gaap.NetIncomeLoss.units.USD[0].start is after the end`);
  });

  it('with a unit that is no measure, nor two divided by a slash, is refused, naming the unit', () => {
    const json = snowflakeWith((doc) => {
      const units = doc.facts['us-gaap']!.EarningsPerShareBasic!.units;
      units['USD per share'] = units['USD/shares'];
      delete units['USD/shares'];
    });
    expect(refusal(json).message).toBe(
      `${SNOWFLAKE}: facts.us-gaap.EarningsPerShareBasic.units.USD per share is not a unit (a measure, or two divided by a slash)`,
    );
    const nested = snowflakeWith((doc) => {
      doc.facts['us-gaap']!.Assets!.units['USD/shares/year'] = [];
    });
    expect(refusal(nested).key).toBe('facts.us-gaap.Assets.units.USD/shares/year');
  });

  it('with facts that are not a list, or a fact without its filing, or a value that is not a number, is refused', () => {
    const notList = snowflakeWith((doc) => {
      doc.facts['us-gaap']!.Assets!.units.USD = { end: '2024-01-31', val: 1 };
    });
    expect(refusal(notList).message).toBe(`${SNOWFLAKE}: facts.us-gaap.Assets.units.USD is not a list of facts`);
    const noAccession = snowflakeWith((doc) => {
      delete (doc.facts['us-gaap']!.Assets!.units.USD as { accn?: string }[])[2]!.accn;
    });
    expect(refusal(noAccession).message).toBe(`${SNOWFLAKE}: facts.us-gaap.Assets.units.USD[2].accn is missing`);
    const textValue = snowflakeWith((doc) => {
      (doc.facts['us-gaap']!.Assets!.units.USD as { val: unknown }[])[0]!.val = '5921739000';
    });
    expect(refusal(textValue).message).toBe(`${SNOWFLAKE}: facts.us-gaap.Assets.units.USD[0].val is not a number`);
  });

  it('without its facts, or with a CIK that is none, is refused', () => {
    expect(refusal('{"cik": 1640147, "entityName": "SNOWFLAKE INC."}').message).toBe(`${SNOWFLAKE}: facts is missing`);
    expect(refusal('{"cik": "CIK1640147", "entityName": "x", "facts": {}}').message).toBe(
      `${SNOWFLAKE}: cik is not a CIK`,
    );
  });

  it('shows a key holding control characters escaped, as a terminal cannot be made to obey it', () => {
    const json = snowflakeWith((doc) => {
      doc.facts['us-gaap']!.Assets!.units['\u001b[2J'] = [];
    });
    expect(refusal(json).message).toContain('facts.us-gaap.Assets.units.\\x1b[2J is not a unit');
  });
});

describe('the place in a JSON text', () => {
  it('is the path of keys and indexes open there', () => {
    const json = '{"facts": {"us-gaap": {"Assets": {"units": {"USD": [{"end": "2024-01-31"}, {"val": 1';
    expect(jsonPathAt(json, json.length)).toBe('facts.us-gaap.Assets.units.USD[1].val');
    expect(jsonPathAt('{"a": "x,{[", "b": [1, 2', 24)).toBe('b[1]');
    expect(jsonPathAt('{}', 2)).toBe('');
  });
});
