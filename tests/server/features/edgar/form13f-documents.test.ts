/**
 * Form 13F as EDGAR serves it (tests/fixtures/edgar/13f, real filings; its README says where each
 * comes from): complete submission text files, a filing's folder with its primary document and
 * information table, and the SEC's sample amendment, read into a report and its lines.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EdgarDocumentError } from '../../../../src/server/features/edgar/document-error.ts';
import {
  readForm13fDocuments,
  readForm13fSubmission,
  readInformationTable,
  readPrimaryDocument,
} from '../../../../src/server/features/edgar/form13f/documents.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../fixtures/edgar/13f');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name), 'utf8');

describe('a 13F-HR submission text file', () => {
  it('gives its report (manager, quarter, filing date) and its information table’s lines with prefixed elements', () => {
    const { filing, rows } = readForm13fSubmission(fixture('0001894188-23-000007.txt'), '0001894188-23-000007.txt');
    expect(filing).toEqual({
      accession: '0001894188-23-000007',
      form: '13F-HR',
      filedOn: '2023-11-14',
      period: '2023-09-30',
      managerCik: 1894188,
      managerName: 'LTS One Management LP',
      amendmentType: null,
      reportType: '13F HOLDINGS REPORT',
    });
    expect(rows).toHaveLength(14);
    expect(rows[0]).toEqual({
      issuer: 'AMAZON COM INC',
      titleOfClass: 'COM',
      cusip: '023135106',
      value: 17479000,
      amount: 137500,
      amountType: 'SH',
      putCall: null,
      discretion: 'SOLE',
      line: 113,
    });
    // Entities are read: the SEC's list abbreviates with '&'.
    expect(rows.map((r) => r.issuer)).toContain('INTERNATIONAL FLAVORS&FRAGRA');
    // The summary page's total is the sum of the lines, in dollars since 2023.
    expect(rows.reduce((sum, r) => sum + r.value, 0)).toBe(454926000);
  });

  it('of a combination report filed in 2023 for 2021 reads its unprefixed table and shared discretion', () => {
    const { filing, rows } = readForm13fSubmission(fixture('0001140361-23-013281.txt'), 'metlife');
    expect(filing).toMatchObject({
      managerName: 'METLIFE INC',
      managerCik: 1099219,
      period: '2021-12-31',
      filedOn: '2023-03-23',
      reportType: '13F COMBINATION REPORT',
    });
    expect(rows.map((r) => [r.issuer, r.discretion])).toContainEqual(['ISHARES MSCI CHILE ETF', 'DFND']);
    expect(rows.reduce((sum, r) => sum + r.value, 0)).toBe(11019796);
  });

  it('of 2021 keeps its values as filed, in thousands', () => {
    const { filing, rows } = readForm13fSubmission(fixture('0001619124-21-000002.txt'), 'actiam');
    expect(filing).toMatchObject({ managerName: 'ACTIAM N.V.', filedOn: '2021-02-12', period: '2020-12-31' });
    expect(rows[0]).toMatchObject({ issuer: 'APPLE INC', value: 230054, amount: 1733777 });
  });

  it('is refused with the file’s own line when a line’s value is not a number', () => {
    const text = fixture('0001894188-23-000007.txt').replace(
      '<ns1:value>7689000</ns1:value>',
      '<ns1:value>7,689,000</ns1:value>',
    );
    expect(() => readForm13fSubmission(text, '0001894188-23-000007.txt')).toThrow(
      new EdgarDocumentError('0001894188-23-000007.txt', 'line 133: value is "7,689,000", not a number.'),
    );
  });

  it('is refused when a line is neither shares nor a principal amount, or its put or call is neither', () => {
    const text = fixture('0001894188-23-000007.txt');
    expect(() => readForm13fSubmission(text.replace('<ns1:sshPrnamtType>SH<', '<ns1:sshPrnamtType>XX<'), 'f')).toThrow(
      /line 120: sshPrnamtType is "XX", not SH \(shares\) or PRN/,
    );
    expect(() =>
      readForm13fSubmission(
        text.replace(
          '<ns1:investmentDiscretion>SOLE<',
          '<ns1:putCall>Straddle</ns1:putCall><ns1:investmentDiscretion>SOLE<',
        ),
        'f',
      ),
    ).toThrow(/line 122: putCall is "STRADDLE", not Put or Call/);
  });

  it('is refused naming the line when its XML is broken, and whole when it declares a document type', () => {
    const text = fixture('0001894188-23-000007.txt');
    expect(() => readForm13fSubmission(text.replace('</ns1:cusip>', '</ns1:cusp>'), 'f')).toThrow(
      /^f: is not well-formed XML \(line 116: /,
    );
    const entity = text.replace(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
      '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]>',
    );
    expect(() => readForm13fSubmission(entity, 'f')).toThrow(/declares a document type/);
  });

  it('of another form is refused, naming the form', () => {
    const form4 = fs.readFileSync(path.resolve(FIXTURES, '../ownership/0001127602-25-001055.txt'), 'utf8');
    expect(() => readForm13fSubmission(form4, '0001127602-25-001055.txt')).toThrow(
      '0001127602-25-001055.txt: holds no Form 13F (its form is 4).',
    );
  });
});

describe('a filing’s folder', () => {
  it('gives the same lines as its submission text file, dated by its signature', () => {
    const folder = path.join(FIXTURES, '000189418823000007');
    const read = (name: string) => ({ xml: fs.readFileSync(path.join(folder, name), 'utf8'), source: name });
    const { filing, rows } = readForm13fDocuments(read('primary_doc.xml'), read('index.xml'), '0001894188-23-000007');
    const whole = readForm13fSubmission(fixture('0001894188-23-000007.txt'), 'txt');
    expect(filing).toEqual({ ...whole.filing, filedOn: '2023-11-14' });
    expect(rows.map(({ line: _, ...r }) => r)).toEqual(whole.rows.map(({ line: _, ...r }) => r));
    // Lines are the document's own.
    expect(rows[0]!.line).toBe(3);
  });

  it('reads an information table saved with a blank line first, its principal amounts apart from its shares', () => {
    const rows = [...readInformationTable(fixture('infotable.prn.xml'), 'infotable.prn.xml')];
    expect(rows.filter((r) => r.amountType === 'PRN').map((r) => [r.cusip, r.amount])).toEqual([
      ['46435UAA9', 16480],
      ['46435GAA0', 14800],
      ['46434VAX8', 14362],
    ]);
    expect(rows.filter((r) => r.amountType === 'SH')).toHaveLength(6);
  });
});

describe('a 13F primary document', () => {
  it('of an amendment gives its type (the SEC’s sample 13F-HR/A restates the report)', () => {
    expect(readPrimaryDocument(fixture('sample.13F-HRA.primary_doc.xml'), 'sample')).toEqual({
      form: '13F-HR/A',
      managerCik: 123456789,
      managerName: 'BIG FUND TRUST inc',
      period: '2021-12-31',
      amendmentType: 'RESTATEMENT',
      reportType: '13F HOLDINGS REPORT',
      signedOn: '2021-11-01',
    });
  });

  it('of an amendment adding new holdings says so, and one naming no type is read as restating', () => {
    const sample = fixture('sample.13F-HRA.primary_doc.xml');
    expect(
      readPrimaryDocument(sample.replace('<amendmentType>RESTATEMENT<', '<amendmentType>NEW HOLDINGS<'), 's')
        .amendmentType,
    ).toBe('NEW HOLDINGS');
    expect(readPrimaryDocument(sample.replace(/<amendmentInfo>[\s\S]*?<\/amendmentInfo>/, ''), 's').amendmentType).toBe(
      'RESTATEMENT',
    );
  });

  it('that is not one is refused', () => {
    expect(() => readPrimaryDocument(fixture('infotable.prn.xml'), 'infotable.prn.xml')).toThrow(
      'infotable.prn.xml: is not a Form 13F primary document (no <edgarSubmission>).',
    );
  });
});
