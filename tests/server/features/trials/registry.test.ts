/**
 * The registry's client keeps to one request a second whatever it is configured to, says who it is,
 * asks for the studies' modules a trial is read from, and follows a query's pages by their token.
 */
import { describe, expect, it } from 'vitest';
import { createTrialRegistry, sponsorStudiesUrl } from '../../../../src/server/features/trials/registry.ts';

describe('the ClinicalTrials.gov client', () => {
  it('starts its requests a second apart at most once a second, and follows the pages', async () => {
    let clock = 0;
    const asked: { url: string; at: number; agent: string | null }[] = [];
    const pages = [{ studies: [], nextPageToken: 'second' }, { studies: [], nextPageToken: 'third' }, { studies: [] }];
    const registry = createTrialRegistry({
      url: 'https://registry.example/api/v2',
      requestsPerSecond: 1,
      userAgent: 'RedCap Research admin@redcap.example',
      now: () => clock,
      sleep: async (ms) => {
        clock += ms;
      },
      fetch: async (input, init) => {
        asked.push({ url: String(input), at: clock, agent: new Headers(init?.headers).get('user-agent') });
        return new Response(JSON.stringify(pages[asked.length - 1]), { status: 200 });
      },
    });
    const read = [];
    for await (const page of registry.sponsorStudies('Neuren Pharmaceuticals')) read.push(page.document);
    expect(read).toEqual([
      'ClinicalTrials.gov studies of "Neuren Pharmaceuticals"',
      'ClinicalTrials.gov studies of "Neuren Pharmaceuticals" (page 2)',
      'ClinicalTrials.gov studies of "Neuren Pharmaceuticals" (page 3)',
    ]);
    expect(asked.map((a) => a.at)).toEqual([0, 1000, 2000]);
    expect(asked[0]!.agent).toBe('RedCap Research admin@redcap.example');
    expect(new URL(asked[1]!.url).searchParams.get('pageToken')).toBe('second');
    expect(registry.requests).toBe(3);
  });

  it('asks for the sponsor as a phrase, with the modules a trial is read from, a thousand a page', () => {
    const url = new URL(sponsorStudiesUrl('https://clinicaltrials.gov/api/v2', 'Acme "Bio"', null));
    expect(url.pathname).toBe('/api/v2/studies');
    expect(url.searchParams.get('query.spons')).toBe('"Acme Bio"');
    expect(url.searchParams.get('pageSize')).toBe('1000');
    expect(url.searchParams.get('fields')?.split('|')).toContain('SponsorCollaboratorsModule');
  });
});
