/**
 * Site builds in child processes (build-process.ts), each into a given
 * output directory. A process reads the API at `apiUrl` and streams its
 * output to a reader as it comes; a line after each build gives the result
 * of its file work.
 *
 * A process is started before it is needed and waits with Astro loaded, so
 * a build does not spend its first seconds starting up. Its first build is
 * a full one; after that it stays for content builds (see warm-renderer.ts)
 * as long as the site's sources are those it bundled and the published
 * build is its own last one. Otherwise, or after a failure, a new process
 * takes over.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readBuildOutput, type BuildOutput } from './astro-output.ts';
import { RESULT_MARK, type BuildJob, type BuildProcessResult } from './build-process.ts';
import { PROJECT_ROOT } from './fingerprint.ts';

/** A build as the builder asks for it: the process chooses between a full and a content build. */
export interface BuildRequest extends Omit<BuildJob, 'mode'> {
  /** The fingerprint of the site's sources (see fingerprint.ts). */
  sources: string;
}

const BUILD_PROCESS = fileURLToPath(new URL('./build-process.ts', import.meta.url));

export interface AstroBuild {
  /** The build's output so far (pages counted, recent lines). */
  output: BuildOutput;
  /** Resolves with the file work's result when the build succeeded; rejects with its last lines when it failed or was stopped. */
  done: Promise<BuildProcessResult>;
  stop(): void;
}

export interface BuildProcesses {
  /**
   * Starts a build: in the waiting process if it can make it (its first build, or a content build on top of its
   * last), else in a new one. `onLine` hears each output line that is not a page line.
   */
  start(request: BuildRequest, onLine: (line: string) => void): AstroBuild;
  /** Starts the process the next build will use, unless one waits already. */
  prepare(): void;
  /** Stops the waiting process. */
  close(): void;
}

interface WaitingProcess {
  child: ChildProcess;
  /** Output that came before the build had a reader. */
  early: string[];
  /**
   * What its last build leaves it able to build as content builds; null while it has built nothing (a process
   * runs one full build, its first, and is kept after it only when it made a whole site).
   */
  warm: WarmState | null;
}

/** What a process's last (full-phase) build was made from and where it went. */
export interface WarmState {
  sources: string;
  cacheDir: string;
  outDir: string;
}

/**
 * Whether a process whose last build left `warm` can make `request` a
 * content build: its page bundle was made from the same sources, its
 * content store is the cache's, and the build published is its own last one.
 */
export const canRenderContent = (warm: WarmState | null, request: BuildRequest): boolean =>
  warm !== null &&
  request.phase === 'full' &&
  warm.sources === request.sources &&
  warm.cacheDir === request.cacheDir &&
  warm.outDir === request.previousDir;

export function createBuildProcesses(options: {
  apiUrl: string;
  siteUrl: string;
  /**
   * The site directory the builds go to. A static build's server bundle is kept below the output directory
   * when that is inside the process's working directory, and in a `.astro` folder of the working directory
   * otherwise. Each site directory gets a working directory of its own inside the checkout (so the bundle
   * still finds the checkout's packages): with one for all, two sites built at once from one checkout (two
   * servers, or a server and a benchmark) took each other's bundles and published pages whose styles were
   * missing.
   */
  siteDir: string;
  /** Where the processes keep compiled code for the next ones (Node's compile cache). */
  compileCacheDir: string;
  /** A process that made a full build renders the next changes (content builds); false: every build is full. */
  contentBuilds: boolean;
}): BuildProcesses {
  let waiting: WaitingProcess | null = null;
  let stopped = false;

  const workDir = path.join(
    PROJECT_ROOT,
    '.astro',
    'site-builds',
    createHash('sha256').update(path.resolve(options.siteDir)).digest('hex').slice(0, 16),
  );

  function spawnProcess(): WaitingProcess {
    fs.mkdirSync(workDir, { recursive: true });
    const child = spawn(process.execPath, [BUILD_PROCESS], {
      cwd: workDir,
      env: {
        ...process.env,
        ASTRO_TELEMETRY_DISABLED: '1',
        SITE_API_URL: options.apiUrl,
        SITE_URL: options.siteUrl,
        FORCE_COLOR: '0',
        // React's server renderer is loaded while the process waits, before Astro would set it: pages are rendered
        // by its production build whatever the server was started with (tests run under NODE_ENV=test).
        NODE_ENV: 'production',
        NODE_COMPILE_CACHE: options.compileCacheDir,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const spawned: WaitingProcess = { child, early: [], warm: null };
    keepEarlyOutput(spawned);
    // A process that ends while waiting (it failed to load) or could not start is not handed a build.
    const discard = () => {
      if (waiting === spawned) waiting = null;
    };
    child.once('exit', discard);
    child.on('error', discard);
    child.stdin?.on('error', () => {});
    return spawned;
  }

  /** Output of a process between builds is kept for the next build's reader. */
  function keepEarlyOutput(idle: WaitingProcess): void {
    idle.early = [];
    const keep = (chunk: Buffer) => idle.early.push(chunk.toString('utf8'));
    idle.child.stdout?.on('data', keep);
    idle.child.stderr?.on('data', keep);
  }

  function takeProcess(request: BuildRequest): { taken: WaitingProcess; content: boolean } {
    const alive = waiting && waiting.child.exitCode === null && waiting.child.signalCode === null ? waiting : null;
    waiting = null;
    if (alive && options.contentBuilds && canRenderContent(alive.warm, request)) return { taken: alive, content: true };
    if (alive && alive.warm === null) return { taken: alive, content: false };
    // Its bundle is not this build's (the sources changed, or another build was published since).
    alive?.child.kill('SIGTERM');
    return { taken: spawnProcess(), content: false };
  }

  function start(request: BuildRequest, onLine: (line: string) => void): AstroBuild {
    const { sources, ...rest } = request;
    const { taken, content } = takeProcess(request);
    const job: BuildJob = { ...rest, mode: content ? 'content' : 'full' };
    const { child } = taken;
    child.stdout?.removeAllListeners('data');
    child.stderr?.removeAllListeners('data');
    const output = readBuildOutput(onLine);
    const done = new Promise<BuildProcessResult>((resolve, reject) => {
      let partial = '';
      const onData = (chunk: Buffer | string) => {
        // Whole lines only, so the result line is found even when it arrives in pieces.
        const lines = (partial + chunk.toString()).split('\n');
        partial = lines.pop() ?? '';
        for (const line of lines) {
          if (!line.startsWith(RESULT_MARK)) {
            output.feed(`${line}\n`);
            continue;
          }
          const { retiring, ...result } = JSON.parse(line.slice(RESULT_MARK.length)) as BuildProcessResult;
          // The process stays for the next build, unless it said it ends now.
          child.stdout?.removeListener('data', onData);
          child.stderr?.removeListener('data', onError);
          child.removeListener('close', finish);
          child.removeListener('error', reject);
          taken.warm = job.phase === 'full' ? { sources, cacheDir: job.cacheDir, outDir: job.outDir } : null;
          if (!retiring && !stopped && !waiting) {
            keepEarlyOutput(taken);
            waiting = taken;
          } else child.stdin?.end();
          resolve(result);
          return;
        }
      };
      const onError = (chunk: Buffer) => output.feed(chunk.toString('utf8'));
      for (const text of taken.early) output.feed(text);
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onError);
      child.on('error', reject);
      function finish(code: number | null, signal: NodeJS.Signals | null) {
        if (partial) output.feed(partial);
        reject(
          new Error(
            `the site build ${signal ? `was stopped (${signal})` : `exited with ${code}`}: ${output.tail.slice(-8).join(' | ')}`,
          ),
        );
      }
      if (child.exitCode !== null || child.signalCode !== null) finish(child.exitCode, child.signalCode);
      else child.once('close', finish);
    });
    child.stdin?.write(`${JSON.stringify(job)}\n`);
    return { output, done, stop: () => child.kill('SIGTERM') };
  }

  return {
    start,
    prepare() {
      if (!stopped && (!waiting || waiting.child.exitCode !== null)) waiting = spawnProcess();
    },
    close() {
      stopped = true;
      waiting?.child.kill('SIGTERM');
      waiting = null;
    },
  };
}
