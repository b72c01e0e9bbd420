/** Human-readable progress of the start on the console, separate from the JSON logs. */

export const say = (message: string) => process.stdout.write(`▸ ${message}\n`);

/** A setting production needs that is missing or wrong: one line, on standard error, that the start goes on past. */
export const warn = (message: string) => process.stderr.write(`⚠ WARNING: ${message}\n`);

/** A failure to start: one line naming the setting and the cause, then the process ends. */
export function fail(message: string): never {
  process.stderr.write(`\n✖ ${message}\n\n`);
  process.exit(1);
}
