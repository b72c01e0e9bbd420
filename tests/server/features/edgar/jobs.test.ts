import { describe, expect, it } from 'vitest';
import { duringFilingDay } from '../../../../src/server/features/edgar/jobs.ts';

describe('the EDGAR job’s filing day', () => {
  it('asks the latest-filings feed on weekdays from 6 a.m. to 10 p.m. New York time, in either season', () => {
    // Winter (EST, UTC-5) and summer (EDT, UTC-4).
    expect(duringFilingDay(new Date('2025-01-10T10:59:00Z'))).toBe(false); // Friday 05:59 EST
    expect(duringFilingDay(new Date('2025-01-10T11:00:00Z'))).toBe(true); // Friday 06:00 EST
    expect(duringFilingDay(new Date('2025-01-11T02:59:00Z'))).toBe(true); // Friday 21:59 EST
    expect(duringFilingDay(new Date('2025-01-11T03:00:00Z'))).toBe(false); // Friday 22:00 EST
    expect(duringFilingDay(new Date('2025-07-14T10:00:00Z'))).toBe(true); // Monday 06:00 EDT
    expect(duringFilingDay(new Date('2025-07-12T15:00:00Z'))).toBe(false); // Saturday
    expect(duringFilingDay(new Date('2025-07-13T15:00:00Z'))).toBe(false); // Sunday
  });
});
