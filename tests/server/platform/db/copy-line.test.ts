import { describe, expect, it } from 'vitest';
import { copyLine } from '../../../../src/server/platform/db/copy.ts';

describe('COPY text lines', () => {
  it('separate values with tabs, write null as \\N and end with a newline', () => {
    expect(copyLine(['ABC', '2026-11-20', 1.5, null, 1000])).toBe('ABC\t2026-11-20\t1.5\t\\N\t1000\n');
  });

  it('escape backslashes, tabs and line breaks inside text', () => {
    expect(copyLine(['a\\b', 'c\td', 'e\nf', 'g\rh'])).toBe('a\\\\b\tc\\td\te\\nf\tg\\rh\n');
  });
});
