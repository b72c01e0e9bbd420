/**
 * A shortcut through Node's module resolution for the packages where it is
 * slow. For every `.js` file an ES module imports, Node looks up the
 * nearest package.json to learn the file's format, and each lookup copies
 * the package's whole manifest, parsing its `exports` map again. Drizzle's
 * manifest is 180 KB with 447 exports and the server loads some 150 of its
 * files: 0.35 to 0.65 s of every start (server, command-line tool or test
 * process) went to parsing the same JSON, plus the garbage it left.
 *
 * A relative import between two files of such a package (always `.js`, in a
 * package whose manifest says `"type": "module"`) is resolved here the way
 * Node would resolve it, as a URL next to the importing file, known to be an
 * ES module. Everything else goes to Node's own resolution. A file that is
 * not there still fails to load with Node's own error.
 */
import { registerHooks } from 'node:module';

/** Packages of ES modules whose manifests are large enough to slow every import (checked by a test). */
export const FAST_RESOLVED_PACKAGES = ['drizzle-orm'] as const;

const markers = FAST_RESOLVED_PACKAGES.map((name) => `/node_modules/${name}/`);

/** Whether `specifier`, imported by `parentUrl`, is a relative import between two ES module files of such a package. */
export function isFastResolved(specifier: string, parentUrl: string | undefined): parentUrl is string {
  return (
    parentUrl !== undefined &&
    (specifier.startsWith('./') || specifier.startsWith('../')) &&
    specifier.endsWith('.js') &&
    parentUrl.endsWith('.js') &&
    markers.some((marker) => parentUrl.includes(marker))
  );
}

let registered = false;

/** Registers the shortcut for this process (once; later calls do nothing). */
export function registerFastResolution(): void {
  if (registered) return;
  registered = true;
  registerHooks({
    resolve(specifier, context, nextResolve) {
      if (isFastResolved(specifier, context.parentURL)) {
        return { url: new URL(specifier, context.parentURL).href, format: 'module', shortCircuit: true };
      }
      return nextResolve(specifier, context);
    },
  });
}
