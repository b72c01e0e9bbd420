/**
 * Site builds in child processes (build-process.ts), each into a given
 * output directory. A process runs with build-writes.ts loaded, reads the
 * API at `apiUrl`, and streams its output to a reader as it comes; its last
 * line is the result of its file work.
 *
 * After a build, the next build's process is started at once and waits with
 * Astro loaded, so an edit's build does not spend its first seconds starting
 * up; each build still runs in a process of its own.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { readBuildOutput, type BuildOutput } from './astro-output.ts';
import { RESULT_MARK, type BuildJob, type BuildProcessResult } from './build-process.ts';

const PROJECT_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const BUILD_PROCESS = fileURLToPath(new URL('./build-process.ts', import.meta.url));
const BUILD_WRITES = fileURLToPath(new URL('./build-writes.ts', import.meta.url));

export interface AstroBuild {
  /** The build's output so far (pages counted, recent lines). */
  output: BuildOutput;
  /** Resolves with the file work's result when the build succeeded; rejects with its last lines when it failed or was stopped. */
  done: Promise<BuildProcessResult>;
  stop(): void;
}

export interface BuildProcesses {
  /** Starts a build, in the waiting process if there is one. `onLine` hears each output line that is not a page line. */
  start(job: BuildJob, onLine: (line: string) => void): AstroBuild;
  /** Starts the process the next build will use, unless one waits already. */
  prepare(): void;
  /** Stops the waiting process. */
  close(): void;
}

interface WaitingProcess {
  child: ChildProcess;
  /** Output that came before the build had a reader. */
  early: string[];
}

export function createBuildProcesses(options: {
  apiUrl: string;
  siteUrl: string;
  /** Where the processes keep compiled code for the next ones (Node's compile cache). */
  compileCacheDir: string;
}): BuildProcesses {
  let waiting: WaitingProcess | null = null;

  function spawnProcess(): WaitingProcess {
    const child = spawn(process.execPath, ['--import', BUILD_WRITES, BUILD_PROCESS], {
      cwd: PROJECT_ROOT,
      env: {
        ...process.env,
        ASTRO_TELEMETRY_DISABLED: '1',
        SITE_API_URL: options.apiUrl,
        SITE_URL: options.siteUrl,
        FORCE_COLOR: '0',
        NODE_COMPILE_CACHE: options.compileCacheDir,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const spawned: WaitingProcess = { child, early: [] };
    const keep = (chunk: Buffer) => spawned.early.push(chunk.toString('utf8'));
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    // A process that ends while waiting (it failed to load) or could not start is not handed a build.
    const discard = () => {
      if (waiting === spawned) waiting = null;
    };
    child.once('exit', discard);
    child.on('error', discard);
    child.stdin?.on('error', () => {});
    return spawned;
  }

  function start(job: BuildJob, onLine: (line: string) => void): AstroBuild {
    const taken = waiting && waiting.child.exitCode === null ? waiting : spawnProcess();
    waiting = null;
    const { child } = taken;
    child.stdout?.removeAllListeners('data');
    child.stderr?.removeAllListeners('data');
    const output = readBuildOutput(onLine);
    const done = new Promise<BuildProcessResult>((resolve, reject) => {
      let result: BuildProcessResult | null = null;
      let partial = '';
      const onData = (chunk: Buffer | string) => {
        // Whole lines only, so the result line is found even when it arrives in pieces.
        const lines = (partial + chunk.toString()).split('\n');
        partial = lines.pop() ?? '';
        for (const line of lines) {
          if (line.startsWith(RESULT_MARK)) result = JSON.parse(line.slice(RESULT_MARK.length)) as BuildProcessResult;
          else output.feed(`${line}\n`);
        }
      };
      for (const text of taken.early) output.feed(text);
      child.stdout?.on('data', onData);
      child.stderr?.on('data', (chunk: Buffer) => output.feed(chunk.toString('utf8')));
      child.on('error', reject);
      const finish = (code: number | null, signal: NodeJS.Signals | null) => {
        if (partial) output.feed(partial);
        if (code === 0 && result) resolve(result);
        else
          reject(
            new Error(
              `the site build ${signal ? `was stopped (${signal})` : `exited with ${code}`}: ${output.tail.slice(-8).join(' | ')}`,
            ),
          );
      };
      if (child.exitCode !== null || child.signalCode !== null) finish(child.exitCode, child.signalCode);
      else child.once('close', finish);
    });
    child.stdin?.end(`${JSON.stringify(job)}\n`);
    return { output, done, stop: () => child.kill('SIGTERM') };
  }

  return {
    start,
    prepare() {
      if (!waiting || waiting.child.exitCode !== null) waiting = spawnProcess();
    },
    close() {
      waiting?.child.kill('SIGTERM');
      waiting = null;
    },
  };
}
