/**
 * Vitest global setup of the database suites: where database templates (see
 * database.ts) are kept.
 *
 * PGlite templates are files, kept between runs in a folder named by a hash
 * of everything that shapes them (the migrations, the server and shared
 * code that seeds, the installed packages): a change to any of it starts a new
 * folder, and folders unused for a day are removed. PostgreSQL templates
 * are databases on the test server, made once per run and dropped at its
 * end (or, for a run that was killed, at the next run's start).
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where this run finds and leaves database templates, and its own id. */
    databaseTemplates: { folder: string; runId: string };
  }
}

const ROOT = path.resolve(import.meta.dirname, '../..');
/** What a template depends on: a change to any file under these makes new templates. */
const SOURCES = ['drizzle', 'src/server', 'src/lib', 'package-lock.json'];
const CACHE = path.join(os.tmpdir(), 'redcap-db-templates');
const UNUSED_FOR = 24 * 60 * 60 * 1000;

/** Template databases are named `tmpl_<run id>_<companies>`; the run's marker folder is `run-<run id>`. */
export const templateDatabaseName = (runId: string, companies: number) => `tmpl_${runId}_${companies}`;
export const templateRunFolder = (runId: string) => path.join(CACHE, `run-${runId}`);

function filesUnder(entry: string): string[] {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return [];
  if (!stat.isDirectory()) return [entry];
  return fs
    .readdirSync(entry)
    .sort()
    .flatMap((name) => filesUnder(path.join(entry, name)));
}

function sourcesHash(): string {
  const hash = createHash('sha256');
  for (const file of SOURCES.flatMap((source) => filesUnder(path.join(ROOT, source)))) {
    hash.update(path.relative(ROOT, file)).update('\0').update(fs.readFileSync(file)).update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

/** Drops the test server's template databases whose run is over (its folder is gone), or, with `runId`, that run's. */
async function dropTemplates(runId?: string): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const rows = await admin<{ datname: string }[]>`select datname from pg_database where not datistemplate`;
    for (const { datname } of rows) {
      const match = /^tmpl_([0-9a-f]+)_\d+$/.exec(datname);
      if (!match) continue;
      const over = runId ? match[1] === runId : !fs.existsSync(templateRunFolder(match[1]!));
      if (over) await admin.unsafe(`drop database if exists ${datname} with (force)`);
    }
  } finally {
    await admin.end({ timeout: 5 });
  }
}

/** Template folders of sources no longer in use (untouched for a day) go. */
function removeUnused(): void {
  for (const name of fs.readdirSync(CACHE)) {
    const entry = path.join(CACHE, name);
    const stat = fs.statSync(entry, { throwIfNoEntry: false });
    if (stat && Date.now() - stat.mtimeMs > UNUSED_FOR) fs.rmSync(entry, { recursive: true, force: true });
  }
}

/** The folder of templates made from the current sources (created, and marked as in use). */
export function templateFolder(): string {
  fs.mkdirSync(CACHE, { recursive: true });
  removeUnused();
  const folder = path.join(CACHE, sourcesHash());
  fs.mkdirSync(folder, { recursive: true });
  // Touched on use, so a folder in use is never removed as unused.
  fs.utimesSync(folder, new Date(), new Date());
  return folder;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const postgresRun = project.config.env.TEST_DB_DRIVER === 'postgres';
  const folder = templateFolder();
  const runId = randomBytes(4).toString('hex');
  if (postgresRun) {
    fs.mkdirSync(templateRunFolder(runId));
    await dropTemplates();
  }
  project.provide('databaseTemplates', { folder, runId });
  return async () => {
    if (!postgresRun) return;
    await dropTemplates(runId);
    fs.rmSync(templateRunFolder(runId), { recursive: true, force: true });
  };
}
