import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  currentFeedPath,
  dailyIndexPath,
  readCurrentFeed,
  readDailyIndex,
} from '../../../../src/server/features/edgar/filing-lists.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../fixtures/edgar/index');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name), 'utf8');

describe('EDGAR’s daily master index', () => {
  it('lists each filing with its party’s CIK, form, date and accession number', () => {
    const filings = readDailyIndex(fixture('master.20181231.idx'), 'master.20181231.idx');
    expect(filings).toHaveLength(10);
    expect(filings[0]).toEqual({
      cik: 1000228,
      company: 'HENRY SCHEIN INC',
      form: '4',
      filedOn: '2018-12-31',
      accession: '0001209191-18-064398',
      role: null,
      acceptedAt: null,
    });
    expect(filings.map((f) => f.form)).toContain('8-K');
  });

  it('is found at the day’s quarter', () => {
    expect(dailyIndexPath('2018-12-31')).toBe('/Archives/edgar/daily-index/2018/QTR4/master.20181231.idx');
    expect(dailyIndexPath('2026-02-03')).toBe('/Archives/edgar/daily-index/2026/QTR1/master.20260203.idx');
  });

  it('refuses what is not one, and a line that is not an index line, naming it', () => {
    expect(() => readDailyIndex('<html>Not Found</html>', 'x.idx')).toThrow(/x\.idx: is not an EDGAR master index/);
    const broken = `${fixture('master.20181231.idx')}123|NO FILE NAME|4|20181231\n`;
    expect(() => readDailyIndex(broken, 'm.idx')).toThrow(/m\.idx: line 17 is not an index line/);
  });
});

describe('EDGAR’s latest-filings feed', () => {
  it('lists each entry’s party, role, form, filing date and acceptance time', () => {
    const filings = readCurrentFeed(fixture('getcurrent_count100_start0_type4.atom.xml'), 'feed');
    expect(filings).toHaveLength(100);
    expect(filings[1]).toEqual({
      cik: 1673743,
      company: 'Hinge Health, Inc.',
      form: '4',
      filedOn: '2025-12-12',
      accession: '0002063236-25-000004',
      role: 'Issuer',
      acceptedAt: '2025-12-12T18:02:43-05:00',
    });
    // One filing, one entry per party.
    expect(filings.filter((f) => f.accession === '0002063236-25-000004').map((f) => f.role)).toEqual([
      'Reporting',
      'Issuer',
    ]);
  });

  it('is asked for a form, a page at a time', () => {
    expect(currentFeedPath('4', 100)).toBe(
      '/cgi-bin/browse-edgar?action=getcurrent&type=4&company=&dateb=&owner=include&start=100&count=100&output=atom',
    );
  });

  it('refuses what is not a feed', () => {
    expect(() => readCurrentFeed('<html><body>Maintenance</body></html>', 'feed')).toThrow(/feed: is not an Atom feed/);
  });
});
