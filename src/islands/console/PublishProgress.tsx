/**
 * After a save, the rebuild of the affected pages as it happens: waiting for
 * the build, building (with its last lines of output), then published with
 * a link to the live page, or failed with the previous site still serving.
 * A save is live once the served site includes the content change it made.
 */
import { useEffect, useState } from 'react';
import { countOf } from '../../lib/console.ts';
import { buildStatus, contentCursor, type BuildStatus } from './console-api.ts';

/** How often the build's state is read while a save is on its way to the site. */
const POLL_MS = 1000;
/** A build that has not started after this long is reported as waiting for the schedule. */
const GIVE_UP_MS = 10 * 60_000;

type Phase =
  | { kind: 'waiting' }
  | { kind: 'building'; status: BuildStatus }
  | { kind: 'live'; seconds: number }
  | { kind: 'failed'; error: string | null }
  | { kind: 'unknown' };

/** The moment a save was answered, taken in the save's handler (what PublishProgress counts from). */
export const saveMoment = (): number => Date.now();

/** Follows one save from the moment it was answered; `livePath` is the public page it changed, if any. */
export function usePublishProgress(savedAt: number | null): Phase | null {
  // The phase is kept with the save it belongs to: a newer save starts from 'waiting'.
  const [state, setState] = useState<{ at: number; phase: Phase } | null>(null);
  useEffect(() => {
    if (savedAt === null) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const setPhase = (phase: Phase) => setState({ at: savedAt, phase });
    const follow = async () => {
      let target: number;
      try {
        target = await contentCursor();
      } catch {
        if (!stopped) setPhase({ kind: 'unknown' });
        return;
      }
      const tick = async () => {
        if (stopped) return;
        try {
          const status = await buildStatus();
          if (status.publishedThrough !== null && status.publishedThrough >= target) {
            setPhase({ kind: 'live', seconds: Math.max(1, Math.round((Date.now() - savedAt) / 1000)) });
            return;
          }
          if (status.state === 'failed' && (status.buildingThrough ?? 0) < target && status.lastError) {
            setPhase({ kind: 'failed', error: status.lastError });
          } else if (status.state === 'building' && (status.buildingThrough ?? 0) >= target) {
            setPhase({ kind: 'building', status });
          } else {
            setPhase({ kind: 'waiting' });
          }
          if (Date.now() - savedAt > GIVE_UP_MS) {
            setPhase({ kind: 'unknown' });
            return;
          }
        } catch {
          // A missed reading is retried.
        }
        timer = setTimeout(() => void tick(), POLL_MS);
      };
      await tick();
    };
    void follow();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [savedAt]);
  if (savedAt === null) return null;
  return state?.at === savedAt ? state.phase : { kind: 'waiting' };
}

export default function PublishProgress({ savedAt, livePath }: { savedAt: number | null; livePath: string | null }) {
  const phase = usePublishProgress(savedAt);
  if (!phase) return null;
  return (
    <div role="status" aria-live="polite" className="text-sm" data-testid="publish-progress" data-phase={phase.kind}>
      {phase.kind === 'waiting' && <span>Saved. The site rebuild starts in a moment…</span>}
      {phase.kind === 'building' && (
        <span>
          Rebuilding the affected pages…
          {phase.status.pages && ` ${countOf(phase.status.pages.rendered, 'page')} rendered so far.`}
        </span>
      )}
      {phase.kind === 'live' && (
        <span>
          Live after {phase.seconds} s.{' '}
          {livePath && (
            <a href={livePath} target="_blank" rel="noopener" className="text-primary underline">
              View the live page
            </a>
          )}
        </span>
      )}
      {phase.kind === 'failed' && (
        <span className="text-down">
          Saved, but the site rebuild failed; the previous pages keep serving. {phase.error}
        </span>
      )}
      {phase.kind === 'unknown' && <span>Saved. The pages will update with the next rebuild.</span>}
    </div>
  );
}
