/**
 * A PostgreSQL cluster of the test's own, in a temporary directory on a free
 * port, that a test may stop and start at will without disturbing the
 * machine's server or other tests. Built from the PostgreSQL binaries of the
 * machine (Debian's layout); `available()` says why not when they are absent.
 */
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.ts';

function binaryFolder(): string | null {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((name) => fs.existsSync(path.join(root, name, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
}

/** PostgreSQL refuses to run as root: as root, the cluster belongs to the `postgres` user. */
function runAs(): { user: string; uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  return { user: 'postgres', uid, gid };
}

/** Null when a private cluster can be made here, otherwise the reason it cannot. */
export function privatePostgresUnavailable(): string | null {
  if (!binaryFolder()) return 'no PostgreSQL binaries under /usr/lib/postgresql';
  if (process.getuid?.() === 0 && spawnSync('id', ['-u', 'postgres']).status !== 0) return 'no postgres user to run as';
  return null;
}

export interface PrivatePostgres {
  url: string;
  /** Asynchronous, so that a test's load keeps running while the server starts or stops. */
  start(): Promise<void>;
  stop(): Promise<void>;
  remove(): Promise<void>;
}

export async function createPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = binaryFolder();
  if (!bin) throw new Error('no PostgreSQL binaries');
  const owner = runAs();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'redcap-pg-'));
  if (owner) fs.chownSync(dir, owner.uid, owner.gid);
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  const run = (program: string, args: string[]) =>
    new Promise<void>((resolve, reject) => {
      const command = owner ? 'runuser' : path.join(bin, program);
      const commandArgs = owner ? ['-u', owner.user, '--', path.join(bin, program), ...args] : args;
      execFile(command, commandArgs, { cwd: dir, timeout: 60_000 }, (error, stdout, stderr) =>
        error ? reject(new Error(`${program} failed: ${stderr || stdout || error.message}`)) : resolve(),
      );
    });
  await run('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
  const cluster: PrivatePostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () => run('pg_ctl', ['-D', dataDir, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']),
    // `fast` is what a restart by an operator or a package upgrade does: sessions are ended, not waited for.
    stop: () => run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']),
    async remove() {
      await cluster.stop().catch(() => {}); // Already stopped.
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  await cluster.start();
  return cluster;
}
