/**
 * Reading the CSV files the public sources publish: UTF-8 text (a byte-order
 * mark allowed), comma-separated, fields quoted when they hold commas, quotes
 * or line breaks, lines ended by LF or CRLF. Each record keeps the line it
 * starts on, so a report can point at it; a record the file ends inside (an
 * unclosed quote) is marked incomplete rather than read as if it were whole.
 */
import { ImportError } from './report.ts';

export interface CsvRecord {
  /** The line (1-based) the record starts on. */
  line: number;
  fields: string[];
  /** False when the file ends inside the record's quoted field. */
  complete: boolean;
}

/**
 * The file's text, or an ImportError saying why it is not a text file:
 * empty, binary (NUL bytes), or not UTF-8.
 */
export function decodeText(bytes: Uint8Array, name: string): string {
  if (bytes.length === 0) throw new ImportError(`${name} is empty.`);
  if (bytes.subarray(0, 8192).includes(0)) throw new ImportError(`${name} is not a text file (it holds binary data).`);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ImportError(`${name} is not UTF-8 text.`);
  }
  // TextDecoder drops a leading byte-order mark itself; a second one is not expected.
  if (text.trim() === '') throw new ImportError(`${name} holds no data.`);
  return text;
}

/** The records of a CSV text, blank lines skipped. */
export function* csvRecords(text: string): Generator<CsvRecord> {
  const length = text.length;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  while (i < length) {
    const start = line;
    const fields: string[] = [];
    let field = '';
    let complete = true;
    for (;;) {
      if (text[i] === '"') {
        // A quoted field: up to the quote that is not doubled.
        i++;
        let closed = false;
        while (i < length) {
          const ch = text[i]!;
          if (ch === '"') {
            if (text[i + 1] === '"') {
              field += '"';
              i += 2;
              continue;
            }
            i++;
            closed = true;
            break;
          }
          if (ch === '\n') line++;
          field += ch;
          i++;
        }
        if (!closed) complete = false;
        // Text after the closing quote, up to the separator, belongs to the field.
        while (i < length && text[i] !== ',' && text[i] !== '\n' && text[i] !== '\r') field += text[i++];
      } else {
        while (i < length && text[i] !== ',' && text[i] !== '\n' && text[i] !== '\r') field += text[i++];
      }
      fields.push(field);
      field = '';
      if (text[i] === ',') {
        i++;
        continue;
      }
      break;
    }
    if (text[i] === '\r') i++;
    if (text[i] === '\n') i++;
    line++;
    if (fields.length === 1 && fields[0] === '' && complete) continue;
    yield { line: start, fields, complete };
  }
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

/** The file ends with a line break: a last record without one may have been cut off. */
export const endsWithLineBreak = (text: string): boolean => /[\r\n]$/.test(text);
