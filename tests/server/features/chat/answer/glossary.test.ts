/**
 * RedChat's glossary: a small, curated set of the terms a small-cap investor
 * meets, each found by any of its names, a plural or a typo in a long name.
 */
import { describe, expect, it } from 'vitest';
import { GLOSSARY, glossaryEntry } from '../../../../../src/server/features/chat/answer/glossary.ts';

const key = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

describe('the glossary', () => {
  it('holds between 30 and 60 terms, each with a brief definition', () => {
    expect(GLOSSARY.length).toBeGreaterThanOrEqual(30);
    expect(GLOSSARY.length).toBeLessThanOrEqual(60);
    for (const entry of GLOSSARY) {
      expect(entry.definition.length, entry.term).toBeLessThanOrEqual(400);
      expect(entry.definition, entry.term).toMatch(/^[A-Z0-9].*\.$/);
    }
  });

  it('gives every name to one term only', () => {
    const owner = new Map<string, string>();
    for (const entry of GLOSSARY) {
      for (const name of [entry.term, ...entry.also]) {
        expect(owner.get(key(name)), `${name} (${entry.term})`).toBeUndefined();
        owner.set(key(name), entry.term);
      }
    }
  });

  it('finds a term by any of its names, in any case and spelling', () => {
    expect(glossaryEntry('reverse splits')?.term).toBe('Reverse stock split');
    expect(glossaryEntry('10k')?.term).toBe('10-K');
    expect(glossaryEntry('Form 10-K')?.term).toBe('10-K');
    expect(glossaryEntry('P/E')?.term).toBe('P/E ratio');
    expect(glossaryEntry('at-the-market offering')?.term).toBe('ATM offering');
    expect(glossaryEntry('Phase III')?.term).toBe('Phase 3');
    expect(glossaryEntry('reverse stock spilt')?.term).toBe('Reverse stock split');
  });

  it('forgives no typo in a short name, and knows no other words', () => {
    expect(glossaryEntry('ema')?.term).toBe('EMA');
    expect(glossaryEntry('sma')?.term).toBe('SMA');
    expect(glossaryEntry('weather')).toBeNull();
    expect(glossaryEntry('capital of france')).toBeNull();
  });
});
