/**
 * Vitest global setup of the process tests: the data directory of an
 * embedded database that has been created and migrated, made once and kept
 * beside the database templates (made again when the sources change). A test
 * whose subject is not a brand-new data directory starts its server on a copy
 * (see `migratedDataDir`), instead of every server creating and migrating one,
 * which takes seconds; the first start of a new directory is tested as it is.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/platform/db/client.ts';
import { templateFolder } from './database-templates.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A created and migrated embedded database's data directory, to copy (never to open). */
    migratedDataDirTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<void> {
  const template = path.join(templateFolder(), 'data-dir');
  if (!fs.existsSync(template)) {
    const part = `${template}.${process.pid}`;
    fs.rmSync(part, { recursive: true, force: true });
    const database = await openDatabase({ kind: 'pglite', dataDir: part });
    await database.close();
    try {
      fs.renameSync(part, template);
    } catch {
      // Another run made it meanwhile: theirs is the same.
      fs.rmSync(part, { recursive: true, force: true });
    }
  }
  project.provide('migratedDataDirTemplate', template);
}
