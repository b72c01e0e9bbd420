/**
 * Ownership documents as EDGAR disseminates them (tests/fixtures/edgar, real filings; its README
 * says where each comes from), read into an insider's rows.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EdgarDocumentError } from '../../../../src/server/features/edgar/document-error.ts';
import { readOwnershipDocument, underTradingPlan } from '../../../../src/server/features/edgar/ownership-document.ts';
import { readSubmissionText } from '../../../../src/server/features/edgar/submission-text.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../fixtures/edgar/ownership');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name), 'utf8');
const ownershipXmlOf = (submission: string, source: string) =>
  readSubmissionText(submission, source).documents.find((d) => ['3', '4', '5'].includes(d.type.replace('/A', '')))!
    .text;

describe('an ownership document', () => {
  it('of a small cap’s Form 4 (schema X0508) gives its owner, both tables, footnotes and the 10b5-1 box', () => {
    const doc = readOwnershipDocument(fixture('form4.374water.xml'), 'form4.374water.xml');
    expect(doc).toMatchObject({
      form: '4',
      periodOfReport: '2025-04-30',
      issuer: { cik: 933972, name: '374Water Inc.', symbol: 'SCWO' },
      rule10b5One: false,
      signedOn: '2025-05-02',
    });
    expect(doc.owners).toEqual([
      {
        cik: 2064133,
        name: 'Melkote Rajesh Ramaswamy',
        isDirector: false,
        isOfficer: true,
        isTenPercentOwner: false,
        isOther: false,
        officerTitle: 'Chief Technology Officer',
        otherText: null,
      },
    ]);
    expect(doc.rows).toHaveLength(2);
    expect(doc.rows[0]).toMatchObject({
      table: 'non-derivative',
      kind: 'transaction',
      security: 'Common Stock (restricted stock units)',
      transactionDate: '2025-04-30',
      code: 'A',
      shares: 757756,
      price: 0,
      acquiredDisposed: 'A',
      sharesAfter: 757756,
      ownership: 'D',
      footnoteIds: ['F1'],
    });
    // A date given only as a footnote has no value, and the row still refers to the footnote.
    expect(doc.rows[1]).toMatchObject({
      table: 'derivative',
      code: 'A',
      exercisePrice: 0.33,
      exerciseDate: null,
      expirationDate: '2035-04-29',
      underlyingSecurity: 'Common Stock',
      underlyingShares: 757576,
      footnoteIds: ['F1'],
    });
    expect(doc.footnotes.F1).toMatch(/^Vesting commencement date is March 31, 2025/);
    expect(underTradingPlan(doc, doc.rows[0]!)).toBe(false);
  });

  it('of a Form 4 before the checkbox (X0306) reads its sales, holdings by trust and exercises', () => {
    const doc = readOwnershipDocument(fixture('form4.snow.xml'), 'form4.snow.xml');
    expect(doc.rule10b5One).toBeNull();
    expect(doc.rows.filter((r) => r.kind === 'transaction').map((r) => r.code)).toEqual([
      'M',
      'S',
      'S',
      'S',
      'S',
      'S',
      'M',
    ]);
    const sale = doc.rows[1]!;
    expect(sale).toMatchObject({ shares: 73170, price: 150.841, acquiredDisposed: 'D', sharesAfter: 227927 });
    const held = doc.rows.filter((r) => r.kind === 'holding');
    expect(held.length).toBeGreaterThan(0);
    expect(held.some((r) => r.ownership === 'I' && r.natureOfOwnership)).toBe(true);
  });

  it('says a sale was under a trading plan when its footnote says so, before the checkbox existed', () => {
    const xml = ownershipXmlOf(fixture('0000320193-22-000061.txt'), '0000320193-22-000061');
    const doc = readOwnershipDocument(xml, '0000320193-22-000061');
    expect(doc.issuer.cik).toBe(320193);
    expect(doc.rows).toHaveLength(7);
    expect(doc.rows.every((row) => row.code === 'S' && underTradingPlan(doc, row) === true)).toBe(true);
  });

  it('of Forms 3 and 5 gives holdings, and a Form 3 with nothing owned gives none', () => {
    const form3 = readOwnershipDocument(fixture('form3.snow.xml'), 'form3.snow.xml');
    expect(form3.form).toBe('3');
    expect(form3.rows.every((r) => r.kind === 'holding')).toBe(true);
    expect(form3.remarks).not.toBeNull();
    const none = readOwnershipDocument(fixture('form3.nosecurities.sunpower.xml'), 'sunpower');
    expect(none).toMatchObject({ form: '3', noSecuritiesOwned: true, rows: [] });
    const form5 = readOwnershipDocument(fixture('form5.snow.xml'), 'form5.snow.xml');
    expect(form5.form).toBe('5');
    expect(form5.rows.length).toBe(3);
  });

  it('is found in a complete submission text file, with the filing’s header', () => {
    const submission = readSubmissionText(fixture('0001127602-25-001055.txt'), '0001127602-25-001055.txt');
    expect(submission).toMatchObject({
      accession: '0001127602-25-001055',
      form: '4',
      filedOn: '2025-01-10',
      acceptedAt: '20250110160730',
      periodOfReport: '2025-01-10',
    });
    expect(submission.parties).toEqual([
      { role: 'reporting-owner', cik: 1806647, name: 'Garascia Jessica A.', sic: null },
      { role: 'issuer', cik: 1750, name: 'AAR CORP', sic: 3720 },
    ]);
    expect(submission.documents.map((d) => d.type)).toEqual(['4', 'EX-24']);
    const doc = readOwnershipDocument(submission.documents[0]!.text, submission.accession);
    expect(doc).toMatchObject({ rule10b5One: false, issuer: { cik: 1750, symbol: 'AIR' } });
    expect(doc.owners[0]!.officerTitle).toBe('Senior VP, GC, CAO & Secretary');
  });
});

describe('a document that is not one', () => {
  const refusal = (xml: string): string => {
    try {
      readOwnershipDocument(xml, '0000000000-25-000001');
    } catch (error) {
      expect(error).toBeInstanceOf(EdgarDocumentError);
      return (error as Error).message;
    }
    throw new Error('expected a refusal');
  };
  const form4 = fixture('form4.374water.xml');

  it('is refused whole, naming the document and what is wrong', () => {
    expect(refusal(form4.slice(0, 1500))).toMatch(/^0000000000-25-000001: is not well-formed XML \(line \d+/);
    expect(refusal('<html><body>Not here</body></html>')).toMatch(/no <ownershipDocument>/);
    expect(refusal(form4.replace('<documentType>4</documentType>', '<documentType>13F-HR</documentType>'))).toMatch(
      /type "13F-HR", not a Form 3, 4 or 5/,
    );
    expect(refusal(form4.replace('<value>757756</value>', '<value>1,000</value>'))).toMatch(
      /transactionShares is "1,000", not a number/,
    );
    expect(refusal(form4.replace('<issuerCik>0000933972</issuerCik>', '<issuerCik>ABC</issuerCik>'))).toMatch(
      /issuerCik is "ABC", not a CIK/,
    );
    expect(refusal(form4.replace(/<reportingOwner>[\s\S]*<\/reportingOwner>/, ''))).toMatch(/no reporting owner/);
    expect(refusal(form4.replace('<isOfficer>true</isOfficer>', '<isOfficer>maybe</isOfficer>'))).toMatch(
      /isOfficer is "maybe"/,
    );
  });

  it('defining entities that expand without end is refused', () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaaaaaaaa">${Array.from(
      { length: 30 },
      (_, i) => `<!ENTITY e${i} "&a;&a;&a;&a;&a;">`,
    ).join('')}]>${form4.replace(/^<\?xml[^>]*>/, '').replace('374Water Inc.', '&e1;&e2;&e3;')}`;
    expect(() => readOwnershipDocument(bomb, 'bomb')).toThrow(/bomb: declares a document type/);
  });

  it('cut short in a submission text file is refused', () => {
    const text = fixture('0001127602-25-001055.txt');
    expect(() => readSubmissionText(text.slice(0, text.length - 200), 'cut.txt')).toThrow(
      /cut\.txt: ends before <\/SEC-DOCUMENT>/,
    );
  });
});
