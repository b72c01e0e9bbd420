/**
 * Rows in PostgreSQL's COPY text format, which both databases bulk-load far faster than INSERTs:
 * one line a row (tab-separated, \N for null, special characters escaped), sent a chunk at a time.
 */
const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

export function assertIdentifiers(table: string, columns: readonly string[]): void {
  for (const name of [table, ...columns]) {
    if (!IDENTIFIER.test(name)) throw new Error(`Not a plain SQL identifier: ${name}`);
  }
}

/** One row in COPY text format: tab-separated, \N for null, special characters escaped. */
const COPY_SPECIAL = /[\\\t\n\r]/;

export function copyLine(row: readonly unknown[]): string {
  let line = '';
  for (let i = 0; i < row.length; i++) {
    const value = row[i];
    if (i > 0) line += '\t';
    if (value === null || value === undefined) line += '\\N';
    // Numbers never need escaping; most strings do not either.
    else if (typeof value === 'number') line += String(value);
    else {
      const text = value instanceof Date ? value.toISOString() : String(value);
      line += COPY_SPECIAL.test(text)
        ? text.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r')
        : text;
    }
  }
  return `${line}\n`;
}

const COPY_CHUNK_ROWS = 100_000;

export function* chunksOf(rows: Iterable<readonly unknown[]>): Generator<string[]> {
  let chunk: string[] = [];
  for (const row of rows) {
    chunk.push(copyLine(row));
    if (chunk.length >= COPY_CHUNK_ROWS) {
      yield chunk;
      chunk = [];
    }
  }
  if (chunk.length > 0) yield chunk;
}
