/**
 * What an import is given: files, or folders of them. A file that cannot be
 * read stops the import with a message naming it and why.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ImportError } from './report.ts';

/** A file's size and modification time. */
export async function inputFacts(file: string): Promise<fs.Stats> {
  try {
    return await fs.promises.stat(file);
  } catch (error) {
    throw new ImportError(
      `${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`,
    );
  }
}

/** A file's bytes. */
export async function readInput(file: string): Promise<Buffer> {
  try {
    return await fs.promises.readFile(file);
  } catch (error) {
    throw new ImportError(
      `${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`,
    );
  }
}

/**
 * The files named: a folder gives its files whose names match `pattern`, in
 * name order; a file is taken as it is. `what` names the files a folder
 * should hold, for the message when none is found.
 */
export async function inputFiles(inputs: string[], options: { pattern: RegExp; what: string }): Promise<string[]> {
  const files: string[] = [];
  for (const input of inputs) {
    let stat: fs.Stats;
    try {
      stat = await fs.promises.stat(input);
    } catch {
      throw new ImportError(`${input} does not exist.`);
    }
    if (!stat.isDirectory()) {
      files.push(input);
      continue;
    }
    const names = (await fs.promises.readdir(input)).filter((name) => options.pattern.test(name)).sort();
    files.push(...names.map((name) => path.join(input, name)));
  }
  if (!files.length) throw new ImportError(`No ${options.what} in ${inputs.join(', ')}.`);
  return files;
}
