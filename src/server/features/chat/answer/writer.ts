/**
 * How the built-in engine writes: a line at a time as soon as each is
 * ready, each source cited by the number the answer gives it, and the ways
 * it names companies.
 */
import type { CompanyRow } from '../../companies/index.ts';
import type { AnswerSink } from './engine.ts';
import type { Source } from './facts.ts';

/** Writes the answer a line at a time, as soon as each is ready. */
export class Writer {
  wrote = false;
  private readonly sink: AnswerSink;
  constructor(sink: AnswerSink) {
    this.sink = sink;
  }
  /** The citation mark of a source. */
  cite(source: Source): string {
    return `[${this.sink.cite(source)}]`;
  }
  line(text: string) {
    this.sink.text(`${text}\n`);
    this.wrote = true;
  }
  /** A blank line between blocks (none before the first). */
  gap() {
    if (this.wrote) this.sink.text('\n');
  }
}

/** A company as an answer names it: '**Acme Corp (AA)**'. */
export const who = (c: Pick<CompanyRow, 'name' | 'symbol'>) => `**${c.name} (${c.symbol})**`;

/** A listed company's ticker, linked to its page. */
export const rowLink = (r: { symbol: string }) => `[${r.symbol}](/stocks/${encodeURIComponent(r.symbol)})`;
