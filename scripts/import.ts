/**
 * `npm run import -- …` (the imports are in import-commands.ts). A data set's import (sec-insider,
 * sec-13f) runs in a child process on a small heap, and this one only waits for it: such an import
 * keeps little alive (the filings it is putting together) but makes garbage fast (each row parsed,
 * each statement written), and V8 lets a heap grow towards its default limit, a quarter of the
 * machine's memory, before it collects much, so the process would take several times what it uses.
 * On a small heap V8 collects as it goes, for the same speed. The other imports keep more alive and
 * keep the usual limit, in this process.
 */
import { spawn } from 'node:child_process';

/** Well above what a data set's import keeps alive. */
const DATA_SET_HEAP_MB = 320;
const DATA_SET_COMMANDS = ['sec-insider', 'sec-13f'];
const COMMANDS = new URL('./import-commands.ts', import.meta.url).pathname;

if (DATA_SET_COMMANDS.includes(process.argv[2] ?? '')) {
  const child = spawn(
    process.execPath,
    [...process.execArgv, `--max-old-space-size=${DATA_SET_HEAP_MB}`, COMMANDS, ...process.argv.slice(2)],
    { stdio: 'inherit' },
  );
  // Ctrl-C reaches the child as well (the terminal signals both), which stops after the step in hand and reports;
  // a SIGTERM sent to this process alone is passed on, so that the child stops the same way.
  process.on('SIGINT', () => {});
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  child.on('exit', (status) => process.exit(status ?? 1));
} else await import('./import-commands.ts');
