import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/free-port.ts';
import { startServer, tempDataDir } from '../helpers/server-process.ts';

const dirs: string[] = [];
const servers: net.Server[] = [];
const sockets: net.Socket[] = [];
afterAll(async () => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  for (const socket of sockets) socket.destroy();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});
const newDir = () => {
  const dir = tempDataDir();
  dirs.push(dir);
  return dir;
};

/** A TCP server on a free port that accepts connections and never says a word (a black hole). */
async function silentServer(holdPort?: number): Promise<number> {
  const server = net.createServer((socket) => sockets.push(socket));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(holdPort ?? 0, '127.0.0.1', resolve));
  return (server.address() as net.AddressInfo).port;
}

/**
 * Starts with `env`, expects a non-zero exit (not a hang), and returns what was printed. The cases start at
 * once, so on a busy machine loading the server alone can take seconds: a hang is told from a slow start at 20 s.
 */
async function failedStart(env: Record<string, string>): Promise<string> {
  const server = await startServer({ DATA_DIR: newDir(), ...env }, { waitForListening: false });
  const code = await Promise.race([
    server.exited,
    new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 20_000)),
  ]);
  if (code === 'still running') server.child.kill('SIGKILL');
  // A start that hangs is killed after 20 s and fails here; how fast the failure is told is a benchmark's business.
  expect(code).toBe(1);
  return server.output();
}

/** The single line that tells the failure: no stack trace, no second error. */
function failureLine(output: string): string {
  const lines = output.split('\n').filter((line) => line.trim() !== '');
  const failures = lines.filter((line) => line.startsWith('✖'));
  expect(failures).toHaveLength(1);
  expect(output).not.toMatch(/^\s+at /m);
  return failures[0] ?? '';
}

const pg = process.env.TEST_DATABASE_URL;

// Side by side: each case has a data directory and ports of its own, and mostly waits for a process to end.
describe.concurrent('a start that cannot succeed says why in one line', () => {
  it('names the port when it is already in use, before opening (or seeding) the data directory', async () => {
    const port = await silentServer(await freePort());
    const dataDir = newDir();
    const output = await failedStart({ PORT: String(port), DATA_DIR: dataDir, SEED_DEMO_DATA: 'true' });
    expect(failureLine(output)).toContain(`port ${port} is already in use`);
    expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(false);
  });

  it('names HOST when it is not an address of this machine', async () => {
    const output = await failedStart({ HOST: '203.0.113.7' });
    expect(failureLine(output)).toContain('HOST=203.0.113.7');
  });

  it('names DATA_DIR when it is a file', async () => {
    const file = path.join(newDir(), 'not-a-folder');
    fs.writeFileSync(file, 'x');
    const output = await failedStart({ DATA_DIR: file });
    expect(failureLine(output)).toContain(`DATA_DIR=${file} is a file, not a folder`);
  });

  it.runIf(fs.existsSync('/proc/self'))(
    'names DATA_DIR when it cannot be created (under /proc), instead of hanging',
    async () => {
      const output = await failedStart({ DATA_DIR: '/proc/redcap-data' });
      expect(failureLine(output)).toContain('DATA_DIR=/proc/redcap-data: the folder cannot be created');
    },
  );

  it('names DATABASE_URL when it is not a URL', async () => {
    const output = await failedStart({ DATABASE_URL: 'postgres://user@[bad' });
    expect(failureLine(output)).toContain('DATABASE_URL is not a valid URL');
  });

  it('names the address when nothing listens there', async () => {
    const port = await freePort();
    const output = await failedStart({ DATABASE_URL: `postgres://app@127.0.0.1:${port}/redcap` });
    expect(failureLine(output)).toContain(`nothing answers at 127.0.0.1:${port}`);
  });

  it('gives up on a server that accepts the connection but never answers', async () => {
    const port = await silentServer();
    const output = await failedStart({
      DATABASE_URL: `postgres://app@127.0.0.1:${port}/redcap`,
      DATABASE_CONNECT_TIMEOUT_MS: '1500',
    });
    expect(failureLine(output)).toContain(`127.0.0.1:${port} did not answer in time`);
  });

  it.runIf(pg)('names the database when it does not exist on a running PostgreSQL', async () => {
    const url = new URL(pg ?? '');
    url.pathname = '/redcap_missing_database';
    const output = await failedStart({ DATABASE_URL: url.toString() });
    expect(failureLine(output)).toContain('the database "redcap_missing_database" does not exist');
  });

  it.runIf(pg)('names the role when PostgreSQL does not know it', async () => {
    const url = new URL(pg ?? '');
    url.username = 'redcap_missing_role';
    const output = await failedStart({ DATABASE_URL: url.toString() });
    expect(failureLine(output)).toContain('the server refused the user or password');
  });
});
