/**
 * Which of a manager's reports for one quarter count: the latest full report (a 13F-HR or a
 * restating amendment), with the amendments adding new holdings filed after it.
 */
import { describe, expect, it } from 'vitest';
import { reportsInForce, type ReportOrder } from '../../../../src/server/features/edgar/form13f/store.ts';

const report = (accession: string, filedOn: string, amendmentType: ReportOrder['amendmentType'] = null) => ({
  accession,
  filedOn,
  amendmentType,
});

describe('a manager’s reports for one quarter', () => {
  it('count as the original alone when nothing amends it', () => {
    expect(reportsInForce([report('A', '2024-05-15')])).toEqual(new Set(['A']));
  });

  it('count as the restatement alone once the original is restated', () => {
    expect(reportsInForce([report('A', '2024-05-15'), report('B', '2024-06-01', 'RESTATEMENT')])).toEqual(
      new Set(['B']),
    );
  });

  it('count as the original and the new holdings an amendment adds after it', () => {
    expect(
      reportsInForce([
        report('A', '2024-05-15'),
        report('B', '2024-08-14', 'NEW HOLDINGS'),
        report('C', '2024-09-01', 'NEW HOLDINGS'),
      ]),
    ).toEqual(new Set(['A', 'B', 'C']));
  });

  it('count as a restatement alone, the new holdings added before it being restated with the rest', () => {
    expect(
      reportsInForce([
        report('A', '2024-05-15'),
        report('B', '2024-06-01', 'NEW HOLDINGS'),
        report('C', '2024-07-01', 'RESTATEMENT'),
      ]),
    ).toEqual(new Set(['C']));
  });

  it('count as the latest of two originals filed for the quarter, whatever order they are read in', () => {
    const reports = [report('0000000002-24-000001', '2024-05-16'), report('0000000001-24-000009', '2024-05-15')];
    expect(reportsInForce(reports)).toEqual(new Set(['0000000002-24-000001']));
    expect(reportsInForce(reports.reverse())).toEqual(new Set(['0000000002-24-000001']));
    // Filed the same day: the later accession number.
    expect(reportsInForce([report('X-2', '2024-05-15'), report('X-1', '2024-05-15')])).toEqual(new Set(['X-2']));
  });

  it('count as the new holdings alone while their original is not on record', () => {
    expect(reportsInForce([report('B', '2024-08-14', 'NEW HOLDINGS')])).toEqual(new Set(['B']));
  });
});
