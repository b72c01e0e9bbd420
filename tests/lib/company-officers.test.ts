/**
 * What the Leadership tab and RedChat say of the officers named in ownership filings, and which they
 * show; and the line under a description saying where it comes from.
 */
import { describe, expect, it } from 'vitest';
import { OFFICER_TEXT, officerSince, officersShownSince } from '../../src/lib/company-officers.ts';
import { ownerFilingsUrl } from '../../src/lib/edgar-links.ts';
import { descriptionSourceLine } from '../../src/lib/section-sources.ts';

describe('the officers named in ownership filings', () => {
  it('are shown while their latest filing is at most two years old', () => {
    expect(officersShownSince('2026-12-07')).toBe('2024-12-07');
    // A month's last days: the day two years before that month has.
    expect(officersShownSince('2026-03-31')).toBe('2024-03-31');
  });

  it('are said to be named since the month of their first filing, with a link to their filings', () => {
    expect(officerSince('2021-03-01')).toBe('since March 2021');
    expect(officerSince('2024-12-31')).toBe('since December 2024');
    expect(OFFICER_TEXT.heading('AAR Corp.')).toBe("Officers and directors named in AAR Corp.'s SEC ownership filings");
    expect(ownerFilingsUrl(1806647)).toBe('https://www.sec.gov/cgi-bin/browse-edgar?action=getcompany&CIK=0001806647');
  });
});

describe('the line under a description', () => {
  it('names the annual report it was read from, linking to it, or says it is the demo’s', () => {
    const url = 'https://www.sec.gov/Archives/edgar/data/320193/000032019324000123/aapl-20240928.htm';
    expect(descriptionSourceLine({ source: '10-K', filed_on: '2024-11-01', filing_url: url })).toEqual({
      text: 'From the business section of the 10-K filed Nov 1, 2024.',
      href: url,
    });
    expect(descriptionSourceLine({ source: '20-F', filed_on: '2021-03-30', filing_url: null })).toEqual({
      text: 'From the business section of the 20-F filed Mar 30, 2021.',
      href: null,
    });
    expect(descriptionSourceLine({ source: 'demo', filed_on: null, filing_url: null })).toEqual({
      text: 'Demo data generated for demonstration.',
      href: null,
    });
    expect(descriptionSourceLine(null)).toBeNull();
  });
});
