/**
 * Reading the CSV files the public sources publish: UTF-8 text (a byte-order
 * mark allowed), comma-separated, fields quoted when they hold commas, quotes
 * or line breaks, lines ended by LF or CRLF. A file is read as a stream, a
 * piece at a time: however large it is, only the record being read is held
 * whole, so the memory an import needs does not grow with its file. Each
 * record keeps the line it starts on, so a report can point at it; a record
 * the file ends inside (an unclosed quote) is marked incomplete rather than
 * read as if it were whole.
 *
 * What the sources publish is short, clean text, so a file that is not is
 * refused whole, with its name and line: a NUL byte (binary data) or another
 * control character anywhere in it, a field longer than CSV_LIMITS.field
 * characters, a record longer than CSV_LIMITS.record (a quote never closed
 * runs on into one). The limits keep a hostile file from making the import
 * hold it in memory or store it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ImportError } from './report.ts';
import { CONTROL_CHARACTER, quoted } from './text.ts';

/** The longest field and record (line, or lines of a quoted field) a file may hold, in characters. */
export const CSV_LIMITS = { field: 1_000, record: 10_000 } as const;

export interface CsvRecord {
  /** The line (1-based) the record starts on. */
  line: number;
  fields: string[];
  /** False when the file ends inside the record's quoted field. */
  complete: boolean;
  /** The file ends in the record, without a line break after it: it may have been cut off. */
  unterminated: boolean;
}

const COMMA = 44;
const QUOTE = 34;
const LF = 10;
const CR = 13;

/** Where the field starting at `from` ends: its comma or line break, or the end of the text. */
function fieldEnd(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === COMMA || code === LF || code === CR) return i;
  }
  return text.length;
}

function lineBreaks(text: string, from: number, to: number): number {
  let count = 0;
  for (let i = text.indexOf('\n', from); i !== -1 && i < to; i = text.indexOf('\n', i + 1)) count++;
  return count;
}

interface Parsed {
  fields: string[];
  /** Where the next record starts. */
  next: number;
  /** Line breaks the record spans, its own ending included. */
  lines: number;
  complete: boolean;
  terminated: boolean;
}

/**
 * Reads a CSV text given in pieces, in order, and gives each record once it
 * is whole; `name` (the file's) heads its messages.
 */
export class CsvParser {
  /** The text of a record not whole yet, kept for the next piece. */
  private pending = '';
  /** The line `pending` starts on. */
  private line = 1;
  private started = false;
  /** The first record, naming the columns in messages. */
  private header: string[] | undefined;

  private readonly name: string;

  constructor(name: string) {
    this.name = name;
  }

  /** The line reading has reached: where the record not whole yet starts. */
  get currentLine(): number {
    return this.line;
  }

  /** The records the text `piece` completes; `last` when it ends the file. */
  *records(piece: string, last: boolean): Generator<CsvRecord> {
    let text = this.pending + piece;
    this.pending = '';
    let at = 0;
    if (!this.started && text) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    const control = text.search(CONTROL_CHARACTER);
    while (at < text.length) {
      const parsed = this.parse(text, at, last);
      if (!parsed) break;
      const line = this.line;
      if (control !== -1 && control < parsed.next)
        this.refuseControl(parsed.fields, line + lineBreaks(text, at, control));
      this.checkLength(parsed, parsed.next - at, line);
      this.line += parsed.lines;
      at = parsed.next;
      if (parsed.fields.length === 1 && parsed.complete && parsed.fields[0]!.trim() === '') continue;
      this.header ??= parsed.fields;
      yield { line, fields: parsed.fields, complete: parsed.complete, unterminated: !parsed.terminated };
    }
    this.pending = text.slice(at);
    if (this.pending.length > CSV_LIMITS.record) this.refuseLength(this.line);
  }

  /** The record starting at `from`, or null when the text ends before it does and more is to come. */
  private parse(text: string, from: number, last: boolean): Parsed | null {
    const end = text.length;
    const fields: string[] = [];
    let at = from;
    let lines = 0;
    let complete = true;
    for (;;) {
      let value = '';
      if (text.charCodeAt(at) === QUOTE) {
        // A quoted field: up to the quote that is not doubled.
        let rest = at + 1;
        let closed = false;
        for (;;) {
          const quote = text.indexOf('"', rest);
          if (quote === -1) {
            if (!last) return null;
            value += text.slice(rest);
            lines += lineBreaks(text, rest, end);
            at = end;
            break;
          }
          // The next piece may start with the quote that doubles this one.
          if (quote + 1 === end && !last) return null;
          value += text.slice(rest, quote);
          lines += lineBreaks(text, rest, quote);
          if (text.charCodeAt(quote + 1) === QUOTE) {
            value += '"';
            rest = quote + 2;
            continue;
          }
          at = quote + 1;
          closed = true;
          break;
        }
        if (!closed) complete = false;
      }
      // Text after a closing quote, up to the separator, belongs to the field.
      const stop = fieldEnd(text, at);
      if (stop === end && !last) return null;
      value += text.slice(at, stop);
      at = stop;
      fields.push(value);
      if (text.charCodeAt(at) !== COMMA) break;
      at++;
    }
    let terminated = false;
    if (text.charCodeAt(at) === CR) {
      // The next piece may start with the LF of this CRLF.
      if (at + 1 === end && !last) return null;
      at++;
      terminated = true;
    }
    if (text.charCodeAt(at) === LF) {
      at++;
      terminated = true;
    }
    return { fields, next: at, lines: lines + (terminated ? 1 : 0), complete, terminated };
  }

  /** How a message names field `index` of a record: by its column's name when the header gives one. */
  private column(index: number, fields: string[]): string {
    const name = this.header && this.header !== fields ? this.header[index]?.trim() : undefined;
    return name && !CONTROL_CHARACTER.test(name) ? `the ${name} column` : `field ${index + 1}`;
  }

  private refuseControl(fields: string[], line: number): never {
    const index = fields.findIndex((field) => CONTROL_CHARACTER.test(field));
    const field = fields[index] ?? '';
    const at = field.search(CONTROL_CHARACTER);
    if (field.charCodeAt(at) === 0) {
      throw new ImportError(`${this.name}, line ${line}: a NUL byte, so it is binary data, not a text file.`);
    }
    // The value around the character, so that the operator sees it (escaped).
    const excerpt = `${at > 40 ? '…' : ''}${field.slice(Math.max(0, at - 40), at + 40)}`;
    throw new ImportError(
      `${this.name}, line ${line}: ${this.column(index, fields)} holds a control character: ${quoted(excerpt)}.`,
    );
  }

  private checkLength(parsed: Parsed, length: number, line: number): void {
    const index = parsed.fields.findIndex((field) => field.length > CSV_LIMITS.field);
    if (index !== -1) {
      throw new ImportError(
        `${this.name}, line ${line}: ${this.column(index, parsed.fields)} is longer than ${CSV_LIMITS.field.toLocaleString('en-US')} characters (${parsed.fields[index]!.length.toLocaleString('en-US')}).`,
      );
    }
    if (length > CSV_LIMITS.record) this.refuseLength(line);
  }

  private refuseLength(line: number): never {
    throw new ImportError(
      `${this.name}, line ${line}: a record longer than ${CSV_LIMITS.record.toLocaleString('en-US')} characters (a field may hold ${CSV_LIMITS.field.toLocaleString('en-US')}; a quote left open runs on).`,
    );
  }
}

/** The records of a whole CSV text, blank lines skipped. */
export function csvRecords(text: string, name = 'the text'): Generator<CsvRecord> {
  return new CsvParser(name).records(text, true);
}

/** Bytes read at a time (a buffer each): enough to read fast, little enough that thousands of small files stay cheap. */
const PIECE = 1 << 16;

/**
 * The records of a CSV file, read as a stream, blank lines skipped.
 * `onRead` hears the bytes read so far. Throws an ImportError (with the file's
 * name, and its line when it has one) for a file that cannot be read, is
 * empty, binary, not UTF-8, holds no records, or breaks the limits above.
 */
export async function* readCsvFile(file: string, onRead?: (bytes: number) => void): AsyncGenerator<CsvRecord> {
  const name = path.basename(file);
  const parser = new CsvParser(name);
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const decode = (bytes?: Uint8Array) => {
    try {
      return bytes ? decoder.decode(bytes, { stream: true }) : decoder.decode();
    } catch {
      throw new ImportError(`${name} is not UTF-8 text (near line ${parser.currentLine}).`);
    }
  };
  let read = 0;
  let found = false;
  const stream = fs.createReadStream(file, { highWaterMark: PIECE });
  try {
    for await (const bytes of stream as AsyncIterable<Buffer>) {
      // A binary file shows itself early; NUL bytes later in a text are refused where they are.
      if (read === 0 && bytes.subarray(0, 8192).includes(0)) {
        throw new ImportError(`${name} is not a text file (it holds binary data).`);
      }
      read += bytes.length;
      for (const record of parser.records(decode(bytes), false)) {
        found = true;
        yield record;
      }
      onRead?.(read);
    }
  } catch (error) {
    if (error instanceof ImportError) throw error;
    throw new ImportError(
      `${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`,
    );
  } finally {
    stream.destroy();
  }
  if (read === 0) throw new ImportError(`${name} is empty.`);
  for (const record of parser.records(decode(), true)) {
    found = true;
    yield record;
  }
  if (!found) throw new ImportError(`${name} holds no data.`);
}

/**
 * A number as the public exports write it ('$1,234.50', '-0.35%', and '' or
 * 'NA' for none): null for none, NaN when it is not a number.
 */
export function csvNumber(text: string): number | null {
  const cleaned = text
    .trim()
    .replace(/^\$|%$/g, '')
    .replace(/,/g, '');
  if (cleaned === '' || /^(n\/?a|-+)$/i.test(cleaned)) return null;
  return /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(cleaned) ? Number(cleaned) : Number.NaN;
}
