import { describe, expect, it } from 'vitest';
import { CODE_ALPHABET, codeEntry, isPossibleCode, normalizeCode } from '../../src/lib/validation.ts';

describe('one-time codes', () => {
  it('are read in capitals with the spaces and dashes inside them ignored', () => {
    expect(normalizeCode('jdc f8t')).toBe('JDCF8T');
    expect(normalizeCode(' JDC-F8T ')).toBe('JDCF8T');
    expect(normalizeCode('JDC – F8T')).toBe('JDCF8T');
    expect(normalizeCode('JD\u00a0CF\t8T')).toBe('JDCF8T');
  });

  it('could be one the site sent only when six of its 31 unambiguous characters are left', () => {
    expect(CODE_ALPHABET).toHaveLength(31);
    expect(isPossibleCode('jdc-f8t')).toBe(true);
    expect(isPossibleCode('JDCF8')).toBe(false);
    expect(isPossibleCode('JDCF8TT')).toBe(false);
    expect(isPossibleCode('JDCF80')).toBe(false);
    expect(isPossibleCode('JDCF8O')).toBe(false);
    expect(isPossibleCode('JDCF8I')).toBe(false);
  });

  it('are kept by a code box whole when typed or pasted with separators, and cut at six characters', () => {
    expect(codeEntry('JDC F8T')).toBe('JDCF8T');
    expect(codeEntry('jdc-f8t')).toBe('JDCF8T');
    expect(codeEntry('JDCF8TX')).toBe('JDCF8T');
  });
});
