import { describe, expect, it } from 'vitest';
import { INDUSTRIES } from '../../../../src/lib/industries.ts';
import { csvNumber, csvRecords } from '../../../../src/server/features/imports/csv.ts';
import {
  NASDAQ_INDUSTRY_SIC,
  NASDAQ_SECTOR_SIC,
  classifyNasdaq,
} from '../../../../src/server/features/imports/nasdaq-industries.ts';
import { securityKind, siteSymbol } from '../../../../src/server/features/imports/universe.ts';

describe('reading CSV as the public sources write it', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, CRLF ends and a byte-order mark, keeping each record’s line', () => {
    const text = '\uFEFFa,b\r\n"x, y","say ""hi"""\r\n"two\nlines",z\r\n\r\nlast,row';
    expect([...csvRecords(text)]).toEqual([
      { line: 1, fields: ['a', 'b'], complete: true },
      { line: 2, fields: ['x, y', 'say "hi"'], complete: true },
      { line: 3, fields: ['two\nlines', 'z'], complete: true },
      { line: 6, fields: ['last', 'row'], complete: true },
    ]);
  });

  it('marks a record the file ends inside as incomplete', () => {
    expect([...csvRecords('a,b\nc,"unfinished')].at(-1)).toEqual({
      line: 2,
      fields: ['c', 'unfinished'],
      complete: false,
    });
  });
});

describe('the Nasdaq export’s values', () => {
  it('reads dollars, percentages and empty values, and refuses what is not a number', () => {
    expect(csvNumber('$1,234.50')).toBe(1234.5);
    expect(csvNumber('-0.35%')).toBe(-0.35);
    expect(csvNumber('1234567890.00')).toBe(1234567890);
    expect(csvNumber('')).toBeNull();
    expect(csvNumber('NA')).toBeNull();
    expect(csvNumber('12abc')).toBeNaN();
  });

  it('tells common shares from preferreds, warrants, units, rights and notes', () => {
    expect(securityKind('ABR^A', 'Arbor Realty Trust 6.375% Series D')).toBe('preferred');
    expect(securityKind('XYZP', 'XYZ Corp 7% Cumulative Preferred Stock')).toBe('preferred');
    expect(securityKind('ACAHW', 'Acme Acquisition Corp. Warrant')).toBe('warrant');
    expect(securityKind('ACAHU', 'Acme Acquisition Corp. Units')).toBe('unit');
    expect(securityKind('ACAHR', 'Acme Acquisition Corp. Rights')).toBe('right');
    expect(securityKind('XYZN', 'XYZ Corp 6.50% Senior Notes due 2028')).toBe('note');
    expect(securityKind('UNTD', 'United Corp Common Stock')).toBe('common');
    expect(securityKind('CPRT', 'Copyright Holdings Inc.')).toBe('common');
    expect(securityKind('BABA', 'Alibaba Group Holding Limited American Depositary Shares')).toBe('common');
  });

  it('writes class shares with a dot and preferred series with -P, as the site’s addresses can carry them', () => {
    expect(siteSymbol(' brk/b ')).toBe('BRK.B');
    expect(siteSymbol('ABR^A')).toBe('ABR-PA');
  });

  it('maps every industry and sector of the table onto a code of the industry lookup, and an unknown industry by its sector', () => {
    const codes = new Set(INDUSTRIES.map((i) => i.code));
    for (const code of [...Object.values(NASDAQ_INDUSTRY_SIC), ...Object.values(NASDAQ_SECTOR_SIC)]) {
      expect(codes.has(code), `SIC ${code}`).toBe(true);
    }
    expect(classifyNasdaq('Health Care', 'Biotechnology: Pharmaceutical Preparations')).toMatchObject({
      by: 'industry',
      industry: { code: 2834, sector: 'Life Sciences' },
    });
    expect(classifyNasdaq('finance', 'Something New')).toMatchObject({ by: 'sector', industry: { code: 6199 } });
    expect(classifyNasdaq('', '')).toMatchObject({ by: 'none', industry: { code: 9999 } });
  });
});
