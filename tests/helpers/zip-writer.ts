/**
 * Writes a zip file as the SEC publishes its data sets (deflated entries), a stream at a time, so
 * that a benchmark can write a quarter's data set of hundreds of megabytes without holding it:
 * each entry's sizes and CRC-32 follow its data (a data descriptor) and are repeated in the
 * central directory. Entries stay below 4 GiB (no zip64).
 */
import fs from 'node:fs';
import { once } from 'node:events';
import zlib from 'node:zlib';

export type ZipEntry =
  | {
      name: string;
      /** The entry's bytes, whole or as a stream of pieces. */
      content: string | Buffer | AsyncIterable<string | Buffer> | Iterable<string | Buffer>;
    }
  | {
      name: string;
      /**
       * Bytes the caller deflated already (raw deflate, in pieces that make one stream), with the CRC-32
       * and size of what they inflate to: one body compressed once can stand in many entries.
       */
      deflated: { pieces: readonly Buffer[]; crc: number; size: number };
    };

const DOS_TIME = 0;
const DOS_DATE = ((2026 - 1980) << 9) | (1 << 5) | 1;

/** Writes the zip; its size in bytes. */
export async function writeZip(file: string, entries: Iterable<ZipEntry>): Promise<number> {
  const out = fs.createWriteStream(file);
  let offset = 0;
  const write = async (bytes: Buffer) => {
    offset += bytes.length;
    if (!out.write(bytes)) await once(out, 'drain');
  };
  const central: Buffer[] = [];
  let count = 0;
  for (const entry of entries) {
    count++;
    const name = Buffer.from(entry.name, 'utf8');
    const start = offset;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0808, 6); // sizes in a data descriptor; UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt16LE(DOS_TIME, 10);
    local.writeUInt16LE(DOS_DATE, 12);
    local.writeUInt16LE(name.length, 26);
    await write(Buffer.concat([local, name]));

    let crc = 0;
    let size = 0;
    let compressed = 0;
    if ('deflated' in entry) {
      ({ crc, size } = entry.deflated);
      for (const piece of entry.deflated.pieces) {
        compressed += piece.length;
        await write(piece);
      }
    } else {
      const deflate = zlib.createDeflateRaw({ level: 6 });
      const drained = (async () => {
        for await (const chunk of deflate as AsyncIterable<Buffer>) {
          compressed += chunk.length;
          await write(chunk);
        }
      })();
      const pieces =
        typeof entry.content === 'string' || Buffer.isBuffer(entry.content) ? [entry.content] : entry.content;
      for await (const piece of pieces as AsyncIterable<string | Buffer>) {
        const bytes = typeof piece === 'string' ? Buffer.from(piece, 'utf8') : piece;
        crc = zlib.crc32(bytes, crc);
        size += bytes.length;
        if (!deflate.write(bytes)) await once(deflate, 'drain');
      }
      deflate.end();
      await drained;
    }

    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(crc >>> 0, 4);
    descriptor.writeUInt32LE(compressed, 8);
    descriptor.writeUInt32LE(size, 12);
    await write(descriptor);

    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(20, 4);
    record.writeUInt16LE(20, 6);
    record.writeUInt16LE(0x0808, 8);
    record.writeUInt16LE(8, 10);
    record.writeUInt16LE(DOS_TIME, 12);
    record.writeUInt16LE(DOS_DATE, 14);
    record.writeUInt32LE(crc >>> 0, 16);
    record.writeUInt32LE(compressed, 20);
    record.writeUInt32LE(size, 24);
    record.writeUInt16LE(name.length, 28);
    record.writeUInt32LE(start, 42);
    central.push(Buffer.concat([record, name]));
  }
  const directory = Buffer.concat(central);
  const directoryAt = offset;
  await write(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(directoryAt, 16);
  await write(end);
  out.end();
  await once(out, 'finish');
  return offset;
}
