/**
 * What every tool a model may call is made of (model-tools.ts, model-site-tools.ts): its declared
 * parameters and its run, the citing of sources, and the arguments tools share (a ticker, a period).
 */
import { z } from 'zod';
import type { CompanyRow } from '../../companies/index.ts';
import type * as facts from './facts.ts';
import type { Period } from './period.ts';
import * as research from './research.ts';

/** Registers a source and gives the number to cite it by. */
export type Cite = (source: facts.Source) => number;

export interface ToolRun {
  ctx: research.ResearchContext;
  cite: Cite;
  /** The tool looked at this company (the answer is about it). */
  looked(company: CompanyRow): void;
}

export interface Tool<S extends z.ZodType> {
  description: string;
  parameters: S;
  run(args: z.infer<S>, run: ToolRun): Promise<unknown> | unknown;
}

export const tool = <S extends z.ZodType>(t: Tool<S>) => t;

export const symbolArg = z.object({ symbol: z.string().min(1).max(12).describe('Ticker, e.g. "AA"') }).strict();

export async function companyOf(symbol: string, run: ToolRun): Promise<CompanyRow> {
  const row = await research.company(run.ctx, symbol);
  run.looked(row);
  return row;
}

export const PERIODS: Record<string, Period> = {
  today: { unit: 'session', count: 1 },
  '5d': { unit: 'day', count: 5 },
  week_to_date: { unit: 'wtd', count: 1 },
  '1w': { unit: 'week', count: 1 },
  month_to_date: { unit: 'mtd', count: 1 },
  '1m': { unit: 'month', count: 1 },
  '3m': { unit: 'month', count: 3 },
  '6m': { unit: 'month', count: 6 },
  '1y': { unit: 'year', count: 1 },
  ytd: { unit: 'ytd', count: 1 },
};
