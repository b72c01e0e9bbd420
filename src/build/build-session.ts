/**
 * What the page bundle keeps for one build. A build process renders its
 * first build with a freshly bundled site and keeps that bundle loaded for
 * the content builds that follow (see
 * src/server/features/site-build/warm-renderer.ts): whatever a module keeps
 * for the length of a build (the content data store, the site facts) is
 * dropped when the next build begins.
 *
 * The registry lives on the global object: the page bundle holds its own
 * copy of this module, and the build process starts the next build through
 * the copy it imports.
 */
const REGISTRY = Symbol.for('redcap.site-build.session');

type Registry = Set<() => void>;

function registry(): Registry {
  const holder = globalThis as { [REGISTRY]?: Registry };
  return (holder[REGISTRY] ??= new Set());
}

/** Runs `reset` when the next build of this process begins. */
export function onNextBuild(reset: () => void): void {
  registry().add(reset);
}

/** Called by the build process before a content build renders: every page sees this build's data. */
export function beginNextBuild(): void {
  for (const reset of registry()) reset();
}
