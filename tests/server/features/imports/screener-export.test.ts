import { describe, expect, it } from 'vitest';
import { INDUSTRIES } from '../../../../src/lib/industries.ts';
import { CSV_LIMITS, CsvParser, csvNumber, csvRecords } from '../../../../src/server/features/imports/csv.ts';
import {
  NASDAQ_INDUSTRY_SIC,
  NASDAQ_SECTOR_SIC,
  classifyNasdaq,
} from '../../../../src/server/features/imports/nasdaq-industries.ts';
import { securityKind, siteSymbol } from '../../../../src/server/features/imports/universe.ts';

describe('reading CSV as the public sources write it', () => {
  const TEXT = '\uFEFFa,b\r\n"x, y","say ""hi"""\r\n"two\nlines",z\r\n\r\nlast,row';

  it('reads quoted fields with commas, doubled quotes and line breaks, CRLF ends and a byte-order mark, keeping each record’s line', () => {
    expect([...csvRecords(TEXT)]).toEqual([
      { line: 1, fields: ['a', 'b'], complete: true, unterminated: false },
      { line: 2, fields: ['x, y', 'say "hi"'], complete: true, unterminated: false },
      { line: 3, fields: ['two\nlines', 'z'], complete: true, unterminated: false },
      { line: 6, fields: ['last', 'row'], complete: true, unterminated: true },
    ]);
  });

  it('reads the same records whatever pieces a file arrives in', () => {
    const whole = [...csvRecords(TEXT)];
    for (let cut = 0; cut <= TEXT.length; cut++) {
      const parser = new CsvParser('pieces.csv');
      expect([...parser.records(TEXT.slice(0, cut), false), ...parser.records(TEXT.slice(cut), true)]).toEqual(whole);
    }
    const parser = new CsvParser('characters.csv');
    const byCharacter = [...TEXT].flatMap((character) => [...parser.records(character, false)]);
    expect([...byCharacter, ...parser.records('', true)]).toEqual(whole);
  });

  it('marks a record the file ends inside as incomplete', () => {
    expect([...csvRecords('a,b\nc,"unfinished')].at(-1)).toEqual({
      line: 2,
      fields: ['c', 'unfinished'],
      complete: false,
      unterminated: true,
    });
  });

  it('refuses a field or a record beyond the limits, naming the file and line', () => {
    const long = 'x'.repeat(CSV_LIMITS.field + 1);
    expect(() => [...csvRecords(`Symbol,Name\nA,${long}\n`, 'long.csv')]).toThrow(
      /^long\.csv, line 2: the Name column is longer than 1,000 characters \(1,001\)\.$/,
    );
    const wide = Array.from({ length: 20 }, () => 'y'.repeat(CSV_LIMITS.field)).join(',');
    expect(() => [...csvRecords(`a\n\n${wide}\n`, 'wide.csv')]).toThrow(
      /^wide\.csv, line 3: a record longer than 10,000/,
    );
  });

  it('refuses a quote left open in the middle of a file without holding the rest of the file', () => {
    const parser = new CsvParser('open.csv');
    let pieces = 0;
    const read = () => {
      Array.from(parser.records('a,b\nc,"never closed\n', false));
      for (; pieces < 1000; pieces++) Array.from(parser.records('z,'.repeat(1000), false));
    };
    expect(read).toThrow(/^open\.csv, line 2: a record longer than 10,000 characters/);
    // It gave up once the record passed the limit, not at the end of the file.
    expect(pieces).toBeLessThanOrEqual(CSV_LIMITS.record / 2000);
  });

  it('refuses control characters and NUL bytes, naming the column and showing them escaped', () => {
    expect(() => [...csvRecords('Symbol,Name\nA,"Evil \u001b[31mCorp"\n', 'ansi.csv')]).toThrow(
      'ansi.csv, line 2: the Name column holds a control character: "Evil \\x1b[31mCorp".',
    );
    expect(() => [...csvRecords('Symbol,Name\nA,"two\nlines",\nB,x\u0000\n', 'nul.csv')]).toThrow(
      /^nul\.csv, line 4: a NUL byte/,
    );
    // Tabs and line breaks are text.
    expect([...csvRecords('a\tb,"c\r\nd"\n')][0]?.fields).toEqual(['a\tb', 'c\r\nd']);
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
