/**
 * One `astro build` in a child process, into a given output directory. The
 * process runs with copy-on-write.ts loaded (see incremental.ts), reads the
 * API at `apiUrl`, and streams its output to a reader as it comes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readBuildOutput, type BuildOutput } from './astro-output.ts';

const PROJECT_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const ASTRO_CLI = path.join(PROJECT_ROOT, 'node_modules', 'astro', 'bin', 'astro.mjs');
const COPY_ON_WRITE = fileURLToPath(new URL('./copy-on-write.ts', import.meta.url));

export interface AstroBuild {
  /** The build's output so far (pages counted, recent lines). */
  output: BuildOutput;
  /** Resolves when the build succeeded; rejects with its last lines when it failed or was stopped. */
  done: Promise<void>;
  stop(): void;
}

export function startAstroBuild(options: {
  outDir: string;
  cacheDir: string;
  apiUrl: string;
  siteUrl: string;
  /** Hears each output line that is not a page line. */
  onLine: (line: string) => void;
}): AstroBuild {
  const output = readBuildOutput(options.onLine);
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', COPY_ON_WRITE, ASTRO_CLI, 'build', '--outDir', options.outDir],
    {
      cwd: PROJECT_ROOT,
      env: {
        ...process.env,
        ASTRO_TELEMETRY_DISABLED: '1',
        SITE_API_URL: options.apiUrl,
        SITE_URL: options.siteUrl,
        ASTRO_CACHE_DIR: options.cacheDir,
        SITE_BUILD_OUT_DIR: options.outDir,
        FORCE_COLOR: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const done = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => output.feed(chunk.toString('utf8'));
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) resolve();
      else
        reject(
          new Error(
            `astro build ${signal ? `was stopped (${signal})` : `exited with ${code}`}: ${output.tail.slice(-8).join(' | ')}`,
          ),
        );
    });
  });
  return { output, done, stop: () => child.kill('SIGTERM') };
}
