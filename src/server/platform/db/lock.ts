/**
 * A lock file that keeps two processes from opening one PGlite directory.
 *
 * PGlite writes postmaster.pid when it opens a data directory and removes it
 * on a clean close. After a crash (SIGKILL, power loss) the file stays and
 * the next open waits forever for a server that no longer exists. Holding our
 * own lock tells a live owner (refuse) from a dead one (clean up and go on).
 */
import fs from 'node:fs';
import path from 'node:path';

export class DataDirectoryLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The database in ${dir} is in use by another process (pid ${pid}). ` +
        'Stop that process, or set DATA_DIR to another folder.',
    );
    this.name = 'DataDirectoryLockedError';
  }
}

interface LockOwner {
  pid: number;
  /** Kernel start time of the owner, so a recycled pid is not taken for the owner. */
  startTime: string | null;
}

export interface DirectoryLock {
  readonly path: string;
  /** Whether a crashed owner's lock was cleaned up to take this one. */
  readonly recovered: boolean;
  release(): void;
}

function processStartTime(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start after ') '.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(owner: LockOwner): boolean {
  if (owner.pid === process.pid) return true;
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  const now = processStartTime(owner.pid);
  return owner.startTime === null || now === null || now === owner.startTime;
}

function readOwner(lockPath: string): LockOwner | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(lockPath, 'utf8')) as Partial<LockOwner>;
    return typeof parsed.pid === 'number' ? { pid: parsed.pid, startTime: parsed.startTime ?? null } : null;
  } catch {
    return null;
  }
}

/**
 * Takes the lock of `dir`, or throws DataDirectoryLockedError when a live
 * process holds it. `staleFiles` are removed when no live process owns the
 * directory (PGlite's postmaster.pid).
 */
export function acquireDirectoryLock(dir: string, staleFiles: string[] = []): DirectoryLock {
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, 'owner.lock');
  const me: LockOwner = { pid: process.pid, startTime: processStartTime(process.pid) };
  let recovered = false;

  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, JSON.stringify(me));
      fs.fsyncSync(fd);
      fs.closeSync(fd);
      // We own the directory now: whatever a dead owner left is ours to clear.
      for (const file of staleFiles) {
        if (fs.existsSync(file)) {
          fs.rmSync(file, { force: true });
          recovered = true;
        }
      }
      let released = false;
      return {
        path: lockPath,
        recovered,
        release() {
          if (released) return;
          released = true;
          const owner = readOwner(lockPath);
          if (owner?.pid === process.pid) fs.rmSync(lockPath, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = readOwner(lockPath);
    if (owner && isAlive(owner)) throw new DataDirectoryLockedError(dir, owner.pid);
    // A dead owner (or a torn lock file). Renaming is atomic, so when two
    // processes race only one moves it away; the other retries and finds ours.
    const aside = `${lockPath}.stale-${process.pid}`;
    try {
      fs.renameSync(lockPath, aside);
      fs.rmSync(aside, { force: true });
      recovered = true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  throw new Error(`Could not take the lock of ${dir}`);
}
