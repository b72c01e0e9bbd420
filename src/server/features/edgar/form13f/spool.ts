/**
 * The information table's lines a data-set import may keep, spooled to a temporary file as it
 * checks the data set, so that writing them does not parse the tables a second time (parsing three
 * million tab-separated lines is most of an import's work). Each line is a fixed record of its
 * report, CUSIP, line number, value, amount, option kind and discretion (30 bytes): the file is read
 * back as a stream, so memory stays flat whatever its size.
 */
import fs from 'node:fs';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import type { PutCall } from './rows.ts';

const RECORD = 30;
/** Records written or read per piece. */
const PIECE = 4096;

export interface SpooledLine {
  accession: string;
  cusip: string;
  line: number;
  value: number;
  amount: number;
  putCall: PutCall | null;
  discretion: string;
}

const PUT_CALL: (PutCall | null)[] = [null, 'PUT', 'CALL'];

/** Strings kept once, each by its number in a record. */
class Dictionary {
  readonly values: string[] = [];
  private readonly index = new Map<string, number>();
  id(value: string): number {
    let id = this.index.get(value);
    if (id === undefined) {
      id = this.values.length;
      this.values.push(value);
      this.index.set(value, id);
    }
    return id;
  }
}

export class Spool {
  readonly file: string;
  private readonly out: fs.WriteStream;
  private readonly accessions = new Dictionary();
  private readonly cusips = new Dictionary();
  private readonly discretions = new Dictionary();
  private piece = Buffer.allocUnsafe(RECORD * PIECE);
  private used = 0;
  /** Lines spooled. */
  lines = 0;

  constructor() {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'redcap-13f-'));
    this.file = path.join(folder, 'lines.bin');
    this.out = fs.createWriteStream(this.file);
  }

  async add(line: SpooledLine): Promise<void> {
    const at = this.used * RECORD;
    this.piece.writeUInt32LE(this.accessions.id(line.accession), at);
    this.piece.writeUInt32LE(this.cusips.id(line.cusip), at + 4);
    this.piece.writeUInt32LE(line.line, at + 8);
    this.piece.writeDoubleLE(line.value, at + 12);
    this.piece.writeDoubleLE(line.amount, at + 20);
    this.piece.writeUInt8(line.putCall === 'PUT' ? 1 : line.putCall === 'CALL' ? 2 : 0, at + 28);
    // Filers write SOLE, DFND or OTR; a table of more kinds than a byte counts keeps the rest as one.
    const discretion = this.discretions.values.length < 250 ? line.discretion : 'OTHER';
    this.piece.writeUInt8(this.discretions.id(discretion), at + 29);
    this.lines++;
    if (++this.used === PIECE) await this.flush();
  }

  private async flush(): Promise<void> {
    if (!this.used) return;
    const full = this.piece.subarray(0, this.used * RECORD);
    this.piece = Buffer.allocUnsafe(RECORD * PIECE);
    this.used = 0;
    if (!this.out.write(full)) await once(this.out, 'drain');
  }

  /** Ends the writing; the lines can be read from then on. */
  async close(): Promise<void> {
    await this.flush();
    this.out.end();
    await once(this.out, 'finish');
  }

  /** The lines after line `from`, in the order they were spooled. */
  async *read(from = 0): AsyncGenerator<SpooledLine> {
    let rest: Buffer = Buffer.alloc(0);
    for await (const chunk of fs.createReadStream(this.file, {
      highWaterMark: RECORD * PIECE,
    }) as AsyncIterable<Buffer>) {
      const bytes = rest.length ? Buffer.concat([rest, chunk]) : chunk;
      const whole = bytes.length - (bytes.length % RECORD);
      for (let at = 0; at < whole; at += RECORD) {
        const line = bytes.readUInt32LE(at + 8);
        if (line <= from) continue;
        yield {
          accession: this.accessions.values[bytes.readUInt32LE(at)]!,
          cusip: this.cusips.values[bytes.readUInt32LE(at + 4)]!,
          line,
          value: bytes.readDoubleLE(at + 12),
          amount: bytes.readDoubleLE(at + 20),
          putCall: PUT_CALL[bytes.readUInt8(at + 28)] ?? null,
          discretion: this.discretions.values[bytes.readUInt8(at + 29)]!,
        };
      }
      rest = bytes.subarray(whole);
    }
  }

  /** Removes the file. */
  remove(): void {
    this.out.destroy();
    fs.rmSync(path.dirname(this.file), { recursive: true, force: true });
  }
}
