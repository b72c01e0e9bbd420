/**
 * Reading a question that asks what an investing term means, alone or as a
 * part of a compound question, apart from questions about a company's own
 * figures.
 */
import { describe, expect, it } from 'vitest';
import { createCompanyDirectory } from '../../../../../src/server/features/chat/answer/company-mentions.ts';
import { askedTerm } from '../../../../../src/server/features/chat/answer/term-question.ts';
import { understand } from '../../../../../src/server/features/chat/answer/understand.ts';
import { VOCABULARY_WORDS } from '../../../../../src/server/features/chat/answer/vocabulary.ts';

const directory = createCompanyDirectory(
  [
    { symbol: 'AA', name: 'Aspen Aviation Corp.', is_client: false },
    { symbol: 'TIDD', name: 'Tidewater Diagnostics Inc.', is_client: true },
  ],
  VOCABULARY_WORDS,
);
const term = (q: string) => askedTerm(q)?.term ?? null;

describe('a question asking what a term means', () => {
  it('is read in the ways readers ask it', () => {
    expect(term('What is a reverse stock split?')).toBe('Reverse stock split');
    expect(term('what does short interest mean')).toBe('Short interest');
    expect(term('what is a 10-K')).toBe('10-K');
    expect(term("What's an ATM offering?")).toBe('ATM offering');
    expect(term('what are warrants?')).toBe('Warrant');
    expect(term('define PIPE')).toBe('PIPE');
    expect(term('Explain days to cover')).toBe('Days to cover');
    expect(term('what does PDUFA stand for?')).toBe('PDUFA date');
    expect(term('hi, can you tell me what dilution means?')).toBe('Dilution');
    expect(term('float meaning')).toBe('Float');
    expect(term('what is market cap in stocks?')).toBe('Market cap');
  });

  it('is not a question about a company’s figure, nor about something the glossary lacks', () => {
    expect(term("what's the market cap?")).toBeNull();
    expect(term("what is AA's float?")).toBeNull();
    expect(term('what is the price target?')).toBeNull();
    expect(term('AA 10-K')).toBeNull();
    expect(term("What's the capital of France?")).toBeNull();
    expect(term('what is the weather tomorrow')).toBeNull();
  });

  it('is answered alone, and a compound question’s other parts as usual', () => {
    const alone = understand('What is a reverse stock split?', directory);
    expect(alone.definitions.map((e) => e.term)).toEqual(['Reverse stock split']);
    expect(alone).toMatchObject({ companies: [], market: false, screen: null, unanswered: [] });
    expect([...alone.intents]).toEqual([]);
    const both = understand('what is dilution, and what is the price of AA?', directory);
    expect(both.definitions.map((e) => e.term)).toEqual(['Dilution']);
    expect(both.companies.map((c) => c.symbol)).toEqual(['AA']);
    expect([...both.intents]).toEqual(['quote']);
    expect(both.unanswered).toEqual([]);
    const other = understand('what is a warrant, and who won the world cup?', directory);
    expect(other.definitions.map((e) => e.term)).toEqual(['Warrant']);
    expect(other.unanswered).toEqual(['who won the world cup']);
  });

  it('never turns a term with market words into a market summary', () => {
    for (const q of ['what is a market order?', 'what is a small cap?', 'what does Russell 2000 mean?']) {
      expect(understand(q, directory), q).toMatchObject({ market: false, movers: null, screen: null });
    }
  });
});
