import { registerFastResolution } from '../src/server/platform/module-resolution.ts';

// Before the server's modules load (see module-resolution.ts): a start takes a third less.
registerFastResolution();
const { main } = await import('../src/server/main.ts');

try {
  await main();
} catch (error) {
  // Whatever stopped the start, one line says it (the cause's details go to the debug log).
  process.stderr.write(`\n✖ The server could not start: ${error instanceof Error ? error.message : String(error)}\n\n`);
  process.exit(1);
}
