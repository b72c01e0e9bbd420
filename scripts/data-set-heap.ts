/**
 * Imported first by scripts/import.ts, before the modules it loads: a data set's import (sec-insider,
 * sec-13f) runs again in a child process on a small heap, and this one only waits for it.
 *
 * Such an import keeps little alive (the filings it is putting together) but makes garbage fast (each
 * row parsed, each statement written), and V8 lets a heap grow towards its default limit, a quarter
 * of the machine's memory, before it collects much: the process would take several times what it
 * uses. On a small heap V8 collects as it goes, for the same speed.
 */
import { spawnSync } from 'node:child_process';

/** Well above what a data set's import keeps alive; the other imports keep more and keep the usual limit. */
const DATA_SET_HEAP_MB = 320;
const DATA_SET_COMMANDS = ['sec-insider', 'sec-13f'];

if (
  DATA_SET_COMMANDS.includes(process.argv[2] ?? '') &&
  !process.execArgv.some((flag) => flag.startsWith('--max-old-space-size'))
) {
  // Ctrl-C reaches the child as well, which stops after the step in hand and reports: this process waits for it.
  process.on('SIGINT', () => {});
  const child = spawnSync(
    process.execPath,
    [...process.execArgv, `--max-old-space-size=${DATA_SET_HEAP_MB}`, process.argv[1]!, ...process.argv.slice(2)],
    { stdio: 'inherit' },
  );
  process.exit(child.status ?? 1);
}
