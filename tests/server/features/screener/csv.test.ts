import { describe, expect, it } from 'vitest';
import { csvCell } from '../../../../src/server/features/screener/csv.ts';

describe('CSV cells a spreadsheet would run as formulas', () => {
  it('are neutralised also behind leading spaces of any kind and in full-width form', () => {
    expect(csvCell(' =1+1')).toBe("' =1+1");
    expect(csvCell('\u00A0=cmd')).toBe("'\u00A0=cmd");
    expect(csvCell('\u3000@SUM(A1)')).toBe("'\u3000@SUM(A1)");
    expect(csvCell('＝HYPERLINK("x")')).toBe(`"'＝HYPERLINK(""x"")"`);
    expect(csvCell('＋1')).toBe("'＋1");
    expect(csvCell('\tx')).toBe("'\tx");
  });

  it('leave ordinary text and numbers alone', () => {
    expect(csvCell('Acme Holdings')).toBe('Acme Holdings');
    expect(csvCell(' Acme')).toBe(' Acme');
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell(-2.5)).toBe('-2.5');
  });
});
