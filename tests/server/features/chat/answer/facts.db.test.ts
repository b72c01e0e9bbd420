/**
 * One fact, two paths: what the built-in engine writes and what the model's
 * tools hand over come from the same fact builders, so a figure reads the
 * same and cites the same source (label and address) on both.
 */
import { and, asc, eq, gte, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatCitation } from '../../../../../src/lib/content-records.ts';
import { researchContext } from '../../../../../src/server/features/chat/answer/context.ts';
import { runTool } from '../../../../../src/server/features/chat/answer/model-tools.ts';
import { companies } from '../../../../../src/server/schema.ts';
import { createTestApp, type TestApp } from '../../../../helpers/app.ts';
import { askBuiltin } from '../../../../helpers/chat.ts';

let t: TestApp;
let symbol: string;

beforeAll(async () => {
  t = await createTestApp({ seedCompanies: 40 });
  const [row] = await t.database.db
    .select({ symbol: companies.symbol })
    .from(companies)
    .where(and(eq(companies.isClient, false), gte(companies.totalAnalysts, 2), isNotNull(companies.lastSale)))
    .orderBy(asc(companies.symbol))
    .limit(1);
  symbol = row!.symbol;
});
afterAll(() => t.close());

const builtinAnswer = (question: string) => askBuiltin(t, question);

async function toolResult<T>(name: string, args: Record<string, unknown>) {
  const research = await researchContext(t.database.db, t.snapshots, null);
  const cited: ChatCitation[] = [];
  const result = (await runTool(name, JSON.stringify(args), {
    ctx: research,
    cite: (source) => cited.push(source),
    looked: () => {},
  })) as T;
  /** The source a result's number stands for. */
  const source = (n: number) => cited[n - 1];
  return { result, source };
}

describe('a figure on both paths', () => {
  it('the quote: the same price, change and session, citing the same market data', async () => {
    const tool = await toolResult<{ last_price: string; session_change: string; session: string; source: number }>(
      'get_quote',
      { symbol },
    );
    const answer = await builtinAnswer(`${symbol} price`);
    expect(answer.text).toContain(`**${tool.result.last_price}**, ${tool.result.session_change}`);
    expect(answer.text).toContain(`) ${tool.result.session} [`);
    expect(answer.citations).toContainEqual(tool.source(tool.result.source));
  });

  it('the analysts: the same target and counts, citing the same ratings section', async () => {
    const tool = await toolResult<{ buy: number; hold: number; sell: number; average_target: string; source: number }>(
      'get_analyst_ratings',
      { symbol },
    );
    const answer = await builtinAnswer(`${symbol} analyst ratings`);
    expect(answer.text).toContain(`**${tool.result.buy} Buy, ${tool.result.hold} Hold, ${tool.result.sell} Sell**`);
    expect(answer.text).toContain(`**${tool.result.average_target}**`);
    expect(answer.citations).toContainEqual(tool.source(tool.result.source));
  });

  it('the performance over three months: the same change from the same close', async () => {
    const tool = await toolResult<{ change: string; from_close: string; from_date: string; source: number }>(
      'get_performance',
      { symbol, period: '3m' },
    );
    const answer = await builtinAnswer(`how did ${symbol} do over 3 months`);
    expect(answer.text).toContain(
      `${tool.result.change} from ${tool.result.from_close} (close of ${tool.result.from_date})`,
    );
    expect(answer.citations).toContainEqual(tool.source(tool.result.source));
  });

  it('the filings: each one dated alike and citing the same document', async () => {
    const tool = await toolResult<{ filings: { form: string; date: string; source: number }[]; source: number }>(
      'get_sec_filings',
      { symbol, limit: 5 },
    );
    const answer = await builtinAnswer(`${symbol} sec filings`);
    for (const filing of tool.result.filings) {
      expect(answer.text).toContain(`${filing.date}: **${filing.form}**`);
      expect(answer.citations).toContainEqual(tool.source(filing.source));
    }
    expect(answer.citations).toContainEqual(tool.source(tool.result.source));
  });
});

describe('a definition on both paths', () => {
  it('the model’s glossary tool gives the words the built-in engine writes', async () => {
    const tool = await toolResult<{ term: string; definition: string; note: string }>('define_term', {
      term: 'reverse split',
    });
    const answer = await builtinAnswer('What is a reverse stock split?');
    expect(answer.text).toContain(`**${tool.result.term}**: ${tool.result.definition}`);
    expect(answer.text).toContain(tool.result.note);
  });
});
