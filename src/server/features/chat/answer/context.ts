/** The research context of one question: the database, the screener's snapshot and its company directory, the reader. */
import type { Db } from '../../../platform/db/client.ts';
import type { Snapshot, SnapshotStore } from '../../screener/index.ts';
import { createCompanyDirectory, type CompanyDirectory } from './company-mentions.ts';
import type { ResearchContext } from './research.ts';
import { VOCABULARY_WORDS } from './vocabulary.ts';

// One directory per snapshot: rebuilt only when prices (and so the snapshot) change.
const directories = new WeakMap<Snapshot, CompanyDirectory>();

function directoryOf(snapshot: Snapshot): CompanyDirectory {
  let directory = directories.get(snapshot);
  if (!directory) {
    directory = createCompanyDirectory(snapshot.rows, VOCABULARY_WORDS);
    directories.set(snapshot, directory);
  }
  return directory;
}

export async function researchContext(
  db: Db,
  snapshots: SnapshotStore,
  userId: number | null,
  now: Date = new Date(),
): Promise<ResearchContext> {
  const snapshot = await snapshots.get();
  return { db, snapshot, directory: directoryOf(snapshot), userId, now };
}
