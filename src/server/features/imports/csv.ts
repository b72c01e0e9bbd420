/**
 * Reading the CSV files the public sources publish: UTF-8 text (a byte-order
 * mark allowed), comma-separated, fields quoted when they hold commas, quotes
 * or line breaks, lines ended by LF or CRLF. csv-parse reads them; this module
 * keeps what an import needs around it. A file is read as a stream, a piece
 * at a time: however large it is, only the record being read is held whole,
 * so the memory an import needs does not grow with its file. Each record
 * keeps the line it starts on, so a report can point at it; a record the file
 * ends inside (an unclosed quote) is marked incomplete rather than read as if
 * it were whole.
 *
 * What the sources publish is short, clean text, so a file that is not is
 * refused whole, with its name and line: a NUL byte (binary data) or another
 * control character anywhere in it, a field longer than CSV_LIMITS.field
 * characters, a record longer than CSV_LIMITS.record (a quote never closed
 * runs on into one), text after a field's closing quote. The limits keep a
 * hostile file from making the import hold it in memory or store it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { CsvError, Parser } from 'csv-parse';
import { parse as parseWhole } from 'csv-parse/sync';
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

/** A record as csv-parse hands it over: its fields, the line it ends on, the bytes read up to its end. */
interface Parsed {
  fields: string[];
  lines: number;
  bytes: number;
}

/**
 * How csv-parse reads the sources' files: every line a record (blank ones
 * too, to keep the count), fields as text, each record handed to `take` as it
 * is read rather than through the stream's buffer, which would cost more
 * than the reading itself.
 */
const options = (take: (record: Parsed) => void) => ({
  bom: true,
  relax_column_count: true,
  record_delimiter: ['\r\n', '\n'],
  max_record_size: CSV_LIMITS.record,
  on_record: (fields: string[], { lines, bytes }: { lines: number; bytes: number }) => {
    take({ fields, lines, bytes });
    return null;
  },
});

/**
 * Reads a CSV text given in pieces, in order, and gives each record once it
 * is whole; `name` (the file's) heads its messages.
 */
export class CsvParser {
  /** Records read and not given yet. */
  private readonly ready: Parsed[] = [];
  private readonly parser = new Parser(options((record) => this.ready.push(record)));
  /** The line the record not whole yet starts on. */
  private line = 1;
  /** The first record, naming the columns in messages. */
  private header: string[] | undefined;
  /** The text after the last whole record, as written: what the file ends inside when a quote is left open. */
  private rest: Buffer[] = [];
  /** Bytes written before the first piece of `rest`, and bytes read up to the end of the last whole record. */
  private restStart = 0;
  private read = 0;
  /** A control character was written: the record holding it is refused (fields are searched only then). */
  private controlSeen = false;

  private readonly name: string;

  constructor(name: string) {
    this.name = name;
    // Errors are read where they happen (see take); the stream's own event would otherwise go unheard.
    this.parser.on('error', () => {});
  }

  /** The line reading has reached: where the record not whole yet starts. */
  get currentLine(): number {
    return this.line;
  }

  /** The records the text `piece` completes; `last` when it ends the file. */
  *records(piece: string, last: boolean): Generator<CsvRecord> {
    if (piece) {
      this.controlSeen ||= CONTROL_CHARACTER.test(piece);
      const bytes = Buffer.from(piece, 'utf8');
      this.rest.push(bytes);
      this.parser.write(bytes);
      yield* this.take(false);
    }
    if (last) {
      this.parser.end();
      yield* this.take(true);
    }
  }

  /** The records csv-parse has finished, checked, then the reason it stopped if it did. */
  private *take(ending: boolean): Generator<CsvRecord> {
    for (const parsed of this.ready.splice(0)) {
      const line = this.line;
      this.line = parsed.lines + 1;
      this.forget(parsed.bytes);
      const record = this.checked(parsed.fields, line);
      if (record.length === 1 && record[0]!.trim() === '') continue;
      this.header ??= record;
      // A record is given before the file's end only once its line break is read.
      yield { line, fields: record, complete: true, unterminated: ending };
    }
    const error = this.parser.errored;
    if (!error) return;
    if (error instanceof CsvError && error.code === 'CSV_QUOTE_NOT_CLOSED' && ending) {
      yield this.unfinished();
      return;
    }
    if (error instanceof CsvError && error.code === 'CSV_MAX_RECORD_SIZE') this.refuseLength(this.line);
    if (error instanceof CsvError && error.code === 'CSV_INVALID_CLOSING_QUOTE')
      throw new ImportError(`${this.name}, line ${error.lines}: a quoted field goes on after its closing quote.`);
    throw new ImportError(`${this.name}, line ${this.line}: ${error.message}.`);
  }

  /** Drops the text up to byte `bytes` (the end of the record just read). */
  private forget(bytes: number): void {
    this.read = bytes;
    while (this.rest.length && this.restStart + this.rest[0]!.length <= bytes) {
      this.restStart += this.rest.shift()!.length;
    }
  }

  /** The record the file ends inside, its quote closed where the file ends. */
  private unfinished(): CsvRecord {
    let text = Buffer.concat(this.rest)
      .subarray(this.read - this.restStart)
      .toString('utf8');
    // Blank lines before it are lines, not part of it.
    for (; /^\r?\n/.test(text); text = text.replace(/^\r?\n/, '')) this.line++;
    const line = this.line;
    const [fields = []] = parseWhole(`${text}"`, { relax_column_count: true, relax_quotes: true }) as string[][];
    return { line, fields: this.checked(fields, line), complete: false, unterminated: true };
  }

  /** The record's fields, once they hold no control character and no field is too long. */
  private checked(fields: string[], line: number): string[] {
    if (this.controlSeen) this.checkControl(fields, line);
    for (let index = 0; index < fields.length; index++) {
      if (fields[index]!.length <= CSV_LIMITS.field) continue;
      throw new ImportError(
        `${this.name}, line ${line}: ${this.column(index, fields)} is longer than ${CSV_LIMITS.field.toLocaleString('en-US')} characters (${fields[index]!.length.toLocaleString('en-US')}).`,
      );
    }
    return fields;
  }

  /** How a message names field `index` of a record: by its column's name when the header gives one. */
  private column(index: number, fields: string[]): string {
    const name = this.header && this.header !== fields ? this.header[index]?.trim() : undefined;
    return name && !CONTROL_CHARACTER.test(name) ? `the ${name} column` : `field ${index + 1}`;
  }

  /**
   * Refuses a record holding a control character, naming the line it is on
   * (a line break inside a record is inside a quoted field, so the fields
   * before it tell).
   */
  private checkControl(fields: string[], line: number): void {
    const index = fields.findIndex((field) => CONTROL_CHARACTER.test(field));
    if (index === -1) return;
    const field = fields[index]!;
    const inField = field.search(CONTROL_CHARACTER);
    const before = [...fields.slice(0, index), field.slice(0, inField)].join(',');
    const onLine = line + (before.match(/\n/g)?.length ?? 0);
    if (field.charCodeAt(inField) === 0) {
      throw new ImportError(`${this.name}, line ${onLine}: a NUL byte, so it is binary data, not a text file.`);
    }
    // The value around the character, so that the operator sees it (escaped).
    const excerpt = `${inField > 40 ? '…' : ''}${field.slice(Math.max(0, inField - 40), inField + 40)}`;
    throw new ImportError(
      `${this.name}, line ${onLine}: ${this.column(index, fields)} holds a control character: ${quoted(excerpt)}.`,
    );
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
