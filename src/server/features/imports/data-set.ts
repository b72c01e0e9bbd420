/**
 * The SEC's quarterly data sets (Insider Transactions, Form 13F): a zip of tab-separated files,
 * each with a header line of column names, unquoted (a value never holds a tab or a line break, and
 * a quotation mark in a remark is part of it). A data set's files are read one at a time, streamed
 * from the zip without unpacking it, so memory holds what the import keeps, never a whole file; a
 * row is handed over with its line number, for the report to name a bad one.
 */
import { parse } from 'csv-parse';
import { ImportError, type ImportReport } from './report.ts';
import { openZip, openZipEntry, zipEntries, type ZipEntry, type ZipFile } from './zip.ts';

export interface DataSetRow {
  /** The value of a column by name ('' when the row leaves it empty). */
  get(column: string): string;
  /** The row's line in its file (the header is line 1). */
  line: number;
}

export interface DataSet {
  /** The names of the files in the zip. */
  files: string[];
  /**
   * Reads one file's rows in order; `columns` are the ones it must have (a file without one of them
   * is not the file its name says, and stops the import). `onRow` may be async: the file waits.
   */
  read(file: string, columns: readonly string[], onRow: (row: DataSetRow) => void | Promise<void>): Promise<number>;
  close(): void;
}

/**
 * How a data set's import runs beside the site: in steps, each a transaction of its own, so that the
 * site's readers are answered between two.
 */
export interface DataSetImportOptions {
  dryRun: boolean;
  /** Records written per step: few on the embedded database, where a step holds up readers. */
  batch: number;
  /** Pause after each step as long as it took, so that readers' requests are answered between two. */
  pace: boolean;
  /** Stops the import after the step in hand. */
  signal?: AbortSignal;
  onProgress?: (phase: string, done: number, total: number) => void;
}

export interface DataSetReport extends ImportReport {
  /** Why the import stopped before its end (asked to); null when it ran through. */
  stopped: string | null;
}

/** A longer line is not a data set's (the longest real ones are remarks of a few kilobytes). */
const MAX_LINE_BYTES = 256 * 1024;

/** Files by their own name, upper-cased: a data set is flat, some zips put it in a folder. */
async function entriesByName(zip: ZipFile): Promise<Map<string, ZipEntry>> {
  return new Map((await zipEntries(zip)).map((entry) => [entry.fileName.split('/').pop()!.toUpperCase(), entry]));
}

/** Opens a data set's zip; `what` names the data set in messages ('an Insider Transactions data set'). */
export async function openDataSet(zipPath: string, what: string): Promise<DataSet> {
  const zip = await openZip(zipPath);
  let entries: Map<string, ZipEntry>;
  try {
    entries = await entriesByName(zip);
  } catch (error) {
    zip.close();
    throw new ImportError(`${zipPath} is not a zip file that can be read (${(error as Error).message}).`);
  }
  const name = zipPath.split(/[\\/]/).pop();

  async function read(
    file: string,
    columns: readonly string[],
    onRow: (row: DataSetRow) => void | Promise<void>,
  ): Promise<number> {
    const entry = entries.get(file.toUpperCase());
    if (!entry) throw new ImportError(`${name} has no ${file}: it is not ${what}.`);
    const stream = await openZipEntry(zip, entry);
    const parser = stream.pipe(
      parse({
        delimiter: '\t',
        quote: false,
        bom: true,
        relax_column_count: true,
        skip_empty_lines: true,
        max_record_size: MAX_LINE_BYTES,
        info: true,
      }),
    );
    let index: Map<string, number> | null = null;
    let rows = 0;
    try {
      for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
        if (!index) {
          index = new Map(record.map((column, i) => [column.trim().toUpperCase(), i]));
          const missing = columns.filter((c) => !index!.has(c));
          if (missing.length)
            throw new ImportError(`${name}: ${file} has no column ${missing.join(', ')}: it is not ${what}.`);
          continue;
        }
        const cells = record;
        const at = index;
        rows++;
        await onRow({
          get: (column) => {
            const i = at.get(column);
            return i === undefined ? '' : (cells[i] ?? '').trim();
          },
          line: info.lines,
        });
      }
    } catch (error) {
      if (error instanceof ImportError) throw error;
      // A zip cut short or a line that is not tab-separated text: the file, not a row, is bad.
      throw new ImportError(`${name}: ${file} cannot be read (${(error as Error).message}).`);
    } finally {
      parser.destroy();
    }
    return rows;
  }

  return { files: [...entries.keys()], read, close: () => zip.close() };
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** A data set's date (DD-MON-YYYY, '10-JAN-2025') as YYYY-MM-DD; null when empty, undefined when not a date. */
export function dataSetDate(value: string): string | null | undefined {
  if (!value.trim()) return null;
  const match = /^(\d{1,2})-([A-Za-z]{3})-(\d{4})$/.exec(value.trim());
  if (!match) return undefined;
  const month = MONTHS.indexOf(match[2]!.toUpperCase()) + 1;
  const day = Number(match[1]);
  const iso = `${match[3]}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  // A day the month does not have (31-APR) is not a date.
  return month > 0 && new Date(`${iso}T00:00:00Z`).toISOString().startsWith(iso) ? iso : undefined;
}

/** A data set's number; null when empty, undefined when not a number. */
export function dataSetNumber(value: string): number | null | undefined {
  if (!value) return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}
