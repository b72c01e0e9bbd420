import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirectoryLockedError, acquireDirectoryLock } from '../../../../src/server/platform/db/lock.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lock-test-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('data directory lock', () => {
  it('refuses a second owner while the first is alive, naming its pid', async () => {
    const dir = tempDir();
    // A live foreign owner: a child process that holds the lock file's pid.
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      fs.writeFileSync(path.join(dir, 'owner.lock'), JSON.stringify({ pid: child.pid, startTime: null }));
      expect(() => acquireDirectoryLock(dir)).toThrow(DataDirectoryLockedError);
      expect(() => acquireDirectoryLock(dir)).toThrow(new RegExp(`pid ${child.pid}`));
    } finally {
      child.kill('SIGKILL');
    }
  });

  it("takes over a dead owner's lock and clears the files it left behind", async () => {
    const dir = tempDir();
    const child = spawn(process.execPath, ['-e', '0']);
    await new Promise((resolve) => child.on('exit', resolve));
    fs.writeFileSync(path.join(dir, 'owner.lock'), JSON.stringify({ pid: child.pid, startTime: null }));
    const stale = path.join(dir, 'postmaster.pid');
    fs.writeFileSync(stale, '12345');
    const lock = acquireDirectoryLock(dir, [stale]);
    expect(lock.recovered).toBe(true);
    expect(fs.existsSync(stale)).toBe(false);
    lock.release();
    expect(fs.existsSync(path.join(dir, 'owner.lock'))).toBe(false);
  });

  it('can be taken again after a clean release', () => {
    const dir = tempDir();
    acquireDirectoryLock(dir).release();
    const again = acquireDirectoryLock(dir);
    expect(again.recovered).toBe(false);
    again.release();
  });
});
