/**
 * Zip files as the SEC publishes its bulk downloads (the quarterly data sets, companyfacts.zip):
 * opened without unpacking, their entries listed from the central directory, each read on its own as
 * a stream, so memory holds one entry's data at most, never the archive.
 */
import yauzl from 'yauzl';
import { ImportError } from './report.ts';

export type ZipFile = yauzl.ZipFile;
export type ZipEntry = yauzl.Entry;

export async function openZip(zipPath: string): Promise<yauzl.ZipFile> {
  try {
    return await yauzl.openPromise(zipPath, { lazyEntries: true, autoClose: false });
  } catch (error) {
    throw new ImportError(`${zipPath} is not a zip file that can be read (${(error as Error).message}).`);
  }
}

/** The zip's files (folders left out), in the central directory's order. */
export async function zipEntries(zip: yauzl.ZipFile): Promise<yauzl.Entry[]> {
  const entries: yauzl.Entry[] = [];
  for await (const entry of zip.eachEntry()) if (!entry.fileName.endsWith('/')) entries.push(entry);
  return entries;
}

/** An entry's data, streamed and inflated. */
export const openZipEntry = (zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<NodeJS.ReadableStream> =>
  zip.openReadStreamPromise(entry);

/** An entry's whole data (the caller checked its size); the zip's own check of the size stands. */
export async function readZipEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of (await openZipEntry(zip, entry)) as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}
