/** Writes a zip of the given files (name to content), as the SEC's data sets are packed. */
import fs from 'node:fs';
import yazl from 'yazl';

export async function writeZip(file: string, entries: Record<string, string | Buffer>): Promise<void> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of Object.entries(entries))
    zip.addBuffer(Buffer.isBuffer(content) ? content : Buffer.from(content), name);
  zip.end();
  await new Promise<void>((resolve, reject) =>
    zip.outputStream.pipe(fs.createWriteStream(file)).on('close', resolve).on('error', reject),
  );
}
