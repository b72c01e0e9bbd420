/**
 * The answer engine: one interface, two implementations. The built-in engine
 * (the default, no network) reads the question and the site's data itself;
 * a configured OpenAI-compatible model answers with the same data functions
 * as tools, and hands over to the built-in engine when it fails. Either one
 * writes its answer to a sink as it goes: text, the sources it cites, the
 * stock it is about.
 */
import type { ChatCitation } from '../../../../lib/content-records.ts';
import type { ResearchContext } from './research.ts';

export interface AnswerRequest {
  question: string;
  /** The conversation so far, oldest first (only the last few turns). */
  history: { role: 'user' | 'assistant'; content: string }[];
  /** The stock the conversation is about, if any (the symbol it was started for, or last discussed). */
  subject: string | null;
  research: ResearchContext;
  /** Aborted when the reader goes away or the answer takes too long. */
  signal: AbortSignal;
}

export interface AnswerSink {
  /** The next piece of text. */
  text(delta: string): void;
  /** A source of what the answer states; gives the number `[n]` to cite it by (one number per address). */
  cite(citation: ChatCitation): number;
  /** The answer is about this stock. */
  subject(symbol: string, name: string): void;
  /** A sentence for the reader above the answer. */
  notice(text: string): void;
  /** Forget the text and sources so far: another engine answers instead. */
  reset(): void;
  /** Whether any text was written since the last reset. */
  readonly written: boolean;
}

export interface AnswerEngine {
  readonly kind: 'builtin' | 'model';
  answer(request: AnswerRequest, sink: AnswerSink): Promise<void>;
}
