import { describe, expect, it } from 'vitest';
import { hasDirectionControls, hasInvisibleCharacters, normalizeName } from '../../src/lib/names.ts';

describe('names people give things', () => {
  it('are composed, so one name typed two ways is one name', () => {
    expect(normalizeName('Cafe\u0301')).toBe('Caf\u00e9');
    expect(normalizeName('Caf\u00e9')).toBe('Caf\u00e9');
  });

  it('may not hide characters: zero-width, direction marks and controls, joiners standing alone', () => {
    for (const hidden of [
      'a\u200Bb',
      'a\u200Eb',
      'a\u200Fb',
      'a\u061Cb',
      'a\u202Eb',
      'a\u2066b\u2069',
      'a\u2060b',
      'a\u2062b',
      'a\u00ADb',
      'a\uFEFFb',
      'a\u180Eb',
      '\u200Dab',
      'ab\u200C',
      'a \u200D b',
      'a\u3164b',
      'a\u{E0041}b',
    ])
      expect(hasInvisibleCharacters(hidden), JSON.stringify(hidden)).toBe(true);
  });

  it('may hold what writing needs: joiners inside emoji and scripts, a subdivision flag, right-to-left text', () => {
    for (const written of [
      'Lithium miners',
      '\u{1F9D1}\u200D\u{1F52C} lab picks',
      '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}',
      'می\u200Cخواهم',
      '\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F} Scottish small caps',
      'שוק ההון',
      'Café',
    ])
      expect(hasInvisibleCharacters(written), JSON.stringify(written)).toBe(false);
  });

  it('tell the direction controls apart for the forms that refuse only those', () => {
    expect(hasDirectionControls('\u202Egnp.exe')).toBe(true);
    expect(hasDirectionControls('a\u200Bb')).toBe(false);
  });
});
