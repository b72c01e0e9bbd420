/**
 * Placing a trial's sponsor with a listed company: names written with and without legal forms,
 * punctuation, case and plurals are one name; staff's aliases always win; a name that is only the
 * start of another is doubtful, reported and not placed; two companies of one name place neither.
 */
import { describe, expect, it } from 'vitest';
import { sponsorMatcher, sponsorQuery } from '../../../../src/server/features/trials/sponsors.ts';

const universe = [
  { symbol: 'NEU', name: 'Neuren Pharmaceuticals Limited Ordinary Shares' },
  { symbol: 'XYN', name: 'Xynomic Pharmaceuticals Holdings, Inc. Common Stock' },
  { symbol: 'ACME', name: 'Acme Therapeutic Inc.' },
  { symbol: 'AAPG', name: 'Ascentage Pharma Group International American Depositary Shares' },
  { symbol: 'SNY', name: 'Sanofi American Depositary Shares' },
  { symbol: 'TWIN', name: 'Twin Bio plc' },
  { symbol: 'TWIN2', name: 'Twin Bio Inc.' },
];

describe('the sponsor matcher', () => {
  const matcher = sponsorMatcher(universe, [{ symbol: 'AAPG', alias: 'Ascentage Pharma Group Inc.' }]);

  it('places names that differ in legal form, punctuation, case and plural', () => {
    expect(matcher.match('Neuren Pharmaceuticals Ltd.')).toEqual({ symbol: 'NEU', how: 'name' });
    expect(matcher.match('NEUREN PHARMACEUTICALS LIMITED')).toEqual({ symbol: 'NEU', how: 'name' });
    expect(matcher.match('Xynomic Pharmaceuticals, Inc.')).toEqual({ symbol: 'XYN', how: 'name' });
    expect(matcher.match('Acme Therapeutics, Inc')).toEqual({ symbol: 'ACME', how: 'name' });
    expect(matcher.match('Sanofi')).toEqual({ symbol: 'SNY', how: 'name' });
  });

  it('places a name staff gave as an alias, and not a name only its start matches', () => {
    expect(matcher.match('Ascentage Pharma Group, Inc')).toEqual({ symbol: 'AAPG', how: 'alias' });
    expect(matcher.match('Sanofi Pasteur')).toBeNull();
    expect(matcher.doubtful('Sanofi Pasteur')).toEqual({ sponsor: 'Sanofi Pasteur', symbol: 'SNY' });
    expect(matcher.doubtful('University of Southern California')).toBeNull();
  });

  it('places neither of two companies with one name', () => {
    expect(matcher.match('Twin Bio Ltd')).toBeNull();
  });

  it('asks the registry for the name as people write it', () => {
    expect(sponsorQuery('Xynomic Pharmaceuticals Holdings, Inc. Common Stock')).toBe('Xynomic Pharmaceuticals');
    expect(sponsorQuery('Neuren Pharmaceuticals Limited Ordinary Shares')).toBe('Neuren Pharmaceuticals');
    expect(sponsorQuery('Regeneron Pharmaceuticals, Inc.')).toBe('Regeneron Pharmaceuticals');
  });
});
