/**
 * FINRA's equity short-interest file (docs/product.md §9.14), as FINRA publishes it twice a month
 * (`cdn.finra.org/equity/otcmarket/biweekly/shrt{YYYYMMDD}.csv`, the settlement date in its name):
 * pipe-delimited text despite its name, one header line, fourteen columns, no quoting (issue names
 * hold literal quotes), LF line ends, one settlement date a file. The columns read are
 * `settlementDate`, `symbolCode`, `currentShortPositionQuantity`, `previousShortPositionQuantity`,
 * `averageDailyVolumeQuantity`, `daysToCoverQuantity`, `stockSplitFlag` and `revisionFlag`
 * (FINRA's consolidatedShortInterest data set names them alike). The file is read whole before
 * anything is kept: a row that is not FINRA's is refused with its line, and the file with it.
 */
import { parse } from 'csv-parse';
import { Readable } from 'node:stream';
import { ImportError, quoted } from '../imports/index.ts';

export const FINRA_COLUMNS = [
  'settlementDate',
  'symbolCode',
  'currentShortPositionQuantity',
  'previousShortPositionQuantity',
  'averageDailyVolumeQuantity',
  'daysToCoverQuantity',
  'stockSplitFlag',
  'revisionFlag',
] as const;

export interface ShortInterestRow {
  /** FINRA's symbol: letters and digits only (BRKB for BRK.B). */
  symbol: string;
  settlementDate: string;
  shortPosition: number;
  previousPosition: number;
  averageDailyVolume: number;
  /** As FINRA gives it: at least 1.00, 999.99 for no volume, 0 for no short position. */
  daysToCover: number;
  split: boolean;
  revised: boolean;
}

export interface ShortInterestFile {
  settlementDate: string;
  rows: ShortInterestRow[];
}

/** A file of FINRA's is a few MB; one far beyond is not one. */
export const MAX_FINRA_FILE_BYTES = 64 * 1024 * 1024;
const MAX_LINE_BYTES = 4096;

const QUANTITY = /^\d{1,15}$/;
const DECIMAL = /^\d{1,6}(\.\d{1,2})?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const SYMBOL = /^[A-Z0-9]{1,14}$/;

/** Reads a FINRA short-interest file; `name` names it in refusals. */
export async function readFinraFile(text: string | Buffer, name: string): Promise<ShortInterestFile> {
  const parser = Readable.from([text]).pipe(
    parse({
      delimiter: '|',
      quote: false,
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: MAX_LINE_BYTES,
      info: true,
    }),
  );
  let index: Map<string, number> | null = null;
  let settlementDate: string | null = null;
  const rows: ShortInterestRow[] = [];
  const seen = new Set<string>();
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      const line = info.lines;
      if (!index) {
        index = new Map(record.map((column, i) => [column.trim(), i]));
        const missing = FINRA_COLUMNS.filter((c) => !index!.has(c));
        if (missing.length)
          throw new ImportError(
            `${name}: line 1 has no column ${missing.join(', ')}: it is not FINRA's equity short-interest file.`,
          );
        continue;
      }
      if (record.length !== index.size)
        throw new ImportError(`${name}: line ${line} has ${record.length} fields where the header has ${index.size}.`);
      const at = index;
      const cell = (column: (typeof FINRA_COLUMNS)[number]) => (record[at.get(column)!] ?? '').trim();
      const bad = (column: string, value: string, what: string): never => {
        throw new ImportError(`${name}: line ${line}: ${column} ${quoted(value)} is not ${what}.`);
      };
      const quantity = (column: (typeof FINRA_COLUMNS)[number]) => {
        const value = cell(column);
        return QUANTITY.test(value) ? Number(value) : bad(column, value, 'a whole number of shares');
      };
      const date = cell('settlementDate');
      if (!DATE.test(date) || Number.isNaN(Date.parse(date))) bad('settlementDate', date, 'a date (YYYY-MM-DD)');
      if (settlementDate && date !== settlementDate)
        throw new ImportError(
          `${name}: line ${line} is of ${date}, the file of ${settlementDate}: one settlement date a file.`,
        );
      settlementDate = date;
      const symbol = cell('symbolCode');
      if (!SYMBOL.test(symbol)) bad('symbolCode', symbol, 'a symbol');
      if (seen.has(symbol)) throw new ImportError(`${name}: line ${line}: ${symbol} is listed twice.`);
      seen.add(symbol);
      const days = cell('daysToCoverQuantity');
      if (!DECIMAL.test(days)) bad('daysToCoverQuantity', days, 'a number of days');
      rows.push({
        symbol,
        settlementDate: date,
        shortPosition: quantity('currentShortPositionQuantity'),
        previousPosition: quantity('previousShortPositionQuantity'),
        averageDailyVolume: quantity('averageDailyVolumeQuantity'),
        daysToCover: Number(days),
        split: cell('stockSplitFlag') !== '',
        revised: cell('revisionFlag') !== '',
      });
    }
  } catch (error) {
    if (error instanceof ImportError) throw error;
    throw new ImportError(`${name} cannot be read as FINRA's file (${(error as Error).message}).`);
  } finally {
    parser.destroy();
  }
  if (!index) throw new ImportError(`${name} is empty: it is not FINRA's equity short-interest file.`);
  if (!settlementDate) throw new ImportError(`${name} has a header and no row.`);
  return { settlementDate, rows };
}
