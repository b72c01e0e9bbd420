/**
 * The site directory: builds in <siteDir>/builds/<id>, the published one
 * named by the <siteDir>/current symlink. Publishing swaps the link by
 * rename, which is atomic: requests see the old site or the new one, never a
 * mix. Each build carries the fingerprint it was built from.
 */
import fs from 'node:fs';
import path from 'node:path';

/** Builds kept after publishing: pages already open keep loading their assets. */
const KEEP_BUILDS = 3;
const STAMP_FILE = '.build-stamp';

export const buildsDirOf = (siteDir: string) => path.join(siteDir, 'builds');
const currentLinkOf = (siteDir: string) => path.join(siteDir, 'current');

/** The published build's directory, or null before the first build. */
export function publishedBuild(siteDir: string): string | null {
  try {
    return fs.realpathSync(currentLinkOf(siteDir));
  } catch {
    return null;
  }
}

export function readStamp(buildDir: string | null): string | null {
  if (!buildDir) return null;
  try {
    return fs.readFileSync(path.join(buildDir, STAMP_FILE), 'utf8').trim();
  } catch {
    return null;
  }
}

export const writeStamp = (buildDir: string, stamp: string) => fs.writeFileSync(path.join(buildDir, STAMP_FILE), stamp);

/** The newest content change a build includes (kept beside its stamp, so a restart still knows). */
const CHANGES_FILE = '.changes-through';

export function readChangesThrough(buildDir: string | null): number | null {
  if (!buildDir) return null;
  try {
    const value = Number(fs.readFileSync(path.join(buildDir, CHANGES_FILE), 'utf8'));
    return Number.isSafeInteger(value) ? value : null;
  } catch {
    return null;
  }
}

export const writeChangesThrough = (buildDir: string, through: number) =>
  fs.writeFileSync(path.join(buildDir, CHANGES_FILE), String(through));

/** Makes `buildDir` the published site. */
export function publish(siteDir: string, buildDir: string): void {
  const currentLink = currentLinkOf(siteDir);
  const tmpLink = `${currentLink}.${process.pid}.tmp`;
  fs.rmSync(tmpLink, { force: true });
  fs.symlinkSync(path.relative(siteDir, buildDir), tmpLink);
  fs.renameSync(tmpLink, currentLink);
}

/**
 * Removes old builds beyond the few kept, never the published one. Tens of
 * thousands of files go: asynchronously, so requests keep being served.
 */
export async function pruneBuilds(siteDir: string, published: string | null): Promise<void> {
  const buildsDir = buildsDirOf(siteDir);
  const builds = fs.existsSync(buildsDir) ? (await fs.promises.readdir(buildsDir)).sort() : [];
  for (const name of builds.slice(0, Math.max(0, builds.length - KEEP_BUILDS))) {
    const dir = path.join(buildsDir, name);
    if (dir !== published) await fs.promises.rm(dir, { recursive: true, force: true });
  }
}
