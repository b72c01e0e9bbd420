/**
 * Investing terms answered from the glossary, briefly and before anything
 * else, in any chat; and a question that is neither about RedCap's data nor
 * a term, declined at once.
 */
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_TEXT } from '../../../../../src/lib/chat.ts';
import { companySectionPath } from '../../../../../src/lib/company.ts';
import { glossaryEntry } from '../../../../../src/server/features/chat/answer/glossary.ts';
import { companies } from '../../../../../src/server/schema.ts';
import { createTestApp, type TestApp } from '../../../../helpers/app.ts';
import { askBuiltin } from '../../../../helpers/chat.ts';

/** Saturday, Nov 21, 2026, 10:00 AM in New York. */
const SATURDAY = new Date('2026-11-21T15:00:00Z');

let t: TestApp;
let s: typeof companies.$inferSelect;

beforeAll(async () => {
  t = await createTestApp({ seedCompanies: 40 });
  [s] = (await t.database.db
    .select()
    .from(companies)
    .where(and(eq(companies.isClient, false), isNotNull(companies.lastSale)))
    .orderBy(asc(companies.symbol))
    .limit(1)) as [typeof s];
});
afterAll(() => t.close());

const definitionOf = (term: string) => {
  const entry = glossaryEntry(term)!;
  return `**${entry.term}**: ${entry.definition}\n_${CHAT_TEXT.definitionNote}_\n`;
};

describe('a question about an investing term', () => {
  it('is answered with the term’s definition and nothing else: no market summary, no sources', async () => {
    for (const [q, term] of [
      ['What is a reverse stock split?', 'reverse split'],
      ['what does short interest mean', 'short interest'],
      ['what is a 10-K', '10-K'],
      ['What is a market order?', 'market order'],
    ] as const) {
      const a = await askBuiltin(t, q, { now: SATURDAY });
      expect(a.text, q).toBe(definitionOf(term));
      expect(a.citations, q).toEqual([]);
    }
  });

  it('is answered as briefly in a chat opened for a company, about no company', async () => {
    const a = await askBuiltin(t, 'what is dilution?', { now: SATURDAY, subject: s.symbol });
    expect(a.text).toBe(definitionOf('dilution'));
    expect(a.citations).toEqual([]);
  });

  it('leaves the company’s own figure to a question about it', async () => {
    const a = await askBuiltin(t, "what's the market cap?", { now: SATURDAY, subject: s.symbol });
    expect(a.text).toContain('has a market cap of');
    expect(a.citations.map((c) => c.href)).toContain(companySectionPath(s.symbol, 'market-stats', false));
    expect(a.text).not.toContain(CHAT_TEXT.definitionNote);
  });

  it('comes first in a compound question, then the rest is answered', async () => {
    const a = await askBuiltin(t, `what is a warrant, and what is the price of ${s.symbol}?`, { now: SATURDAY });
    expect(a.text.startsWith(definitionOf('warrant'))).toBe(true);
    expect(a.text).toContain(`(${s.symbol})** last traded at`);
    const other = await askBuiltin(t, 'what is a warrant, and who won the world cup?', { now: SATURDAY });
    expect(other.text).toBe(`${definitionOf('warrant')}\nI can't answer "who won the world cup" from RedCap's data.\n`);
  });
});

describe('a question neither about RedCap’s data nor a term', () => {
  it('is declined at once with the decline text', async () => {
    for (const q of ["What's the capital of France?", 'Who won the world cup?', 'how do I bake sourdough bread?']) {
      const a = await askBuiltin(t, q, { now: SATURDAY });
      expect(a.text.startsWith(`${CHAT_TEXT.notCovered} `), `${q}: ${a.text}`).toBe(true);
      expect(a.text.split('\n').filter(Boolean), q).toHaveLength(1);
      expect(a.citations, q).toEqual([]);
    }
  });
});
