/**
 * One site build in a child process (build-process.ts), into a given output
 * directory. The process runs with copy-on-write.ts loaded (see
 * incremental.ts), reads the API at `apiUrl`, and streams its output to a
 * reader as it comes; its last line is the result of its file work.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { readBuildOutput, type BuildOutput } from './astro-output.ts';
import { RESULT_MARK, type BuildProcessResult } from './build-process.ts';

const PROJECT_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const BUILD_PROCESS = fileURLToPath(new URL('./build-process.ts', import.meta.url));
const COPY_ON_WRITE = fileURLToPath(new URL('./copy-on-write.ts', import.meta.url));

export interface AstroBuild {
  /** The build's output so far (pages counted, recent lines). */
  output: BuildOutput;
  /** Resolves with the file work's result when the build succeeded; rejects with its last lines when it failed or was stopped. */
  done: Promise<BuildProcessResult>;
  stop(): void;
}

export function startAstroBuild(options: {
  outDir: string;
  /** The published build, whose unchanged pages are carried over. */
  previousDir: string | null;
  cacheDir: string;
  apiUrl: string;
  siteUrl: string;
  /** Hears each output line that is not a page line. */
  onLine: (line: string) => void;
  /** The first build of a new site renders only its first pages (see src/build/build-phase.ts). */
  firstPhase?: boolean;
}): AstroBuild {
  const output = readBuildOutput(options.onLine);
  const child: ChildProcess = spawn(process.execPath, ['--import', COPY_ON_WRITE, BUILD_PROCESS], {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      ASTRO_TELEMETRY_DISABLED: '1',
      SITE_API_URL: options.apiUrl,
      SITE_URL: options.siteUrl,
      ASTRO_CACHE_DIR: options.cacheDir,
      SITE_BUILD_OUT_DIR: options.outDir,
      SITE_BUILD_PREVIOUS_DIR: options.previousDir ?? '',
      SITE_BUILD_PHASE: options.firstPhase ? 'first' : 'full',
      FORCE_COLOR: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const done = new Promise<BuildProcessResult>((resolve, reject) => {
    let result: BuildProcessResult | null = null;
    let partial = '';
    const onData = (chunk: Buffer) => {
      // Whole lines only, so the result line is found even when it arrives in pieces.
      const lines = (partial + chunk.toString('utf8')).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        if (line.startsWith(RESULT_MARK)) result = JSON.parse(line.slice(RESULT_MARK.length)) as BuildProcessResult;
        else output.feed(`${line}\n`);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => output.feed(chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (partial) output.feed(partial);
      if (code === 0 && result) resolve(result);
      else
        reject(
          new Error(
            `the site build ${signal ? `was stopped (${signal})` : `exited with ${code}`}: ${output.tail.slice(-8).join(' | ')}`,
          ),
        );
    });
  });
  return { output, done, stop: () => child.kill('SIGTERM') };
}
