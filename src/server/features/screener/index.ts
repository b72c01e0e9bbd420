/** The screener: what other parts may use (the in-memory snapshot of every company, reloaded when prices move). */
export { createSnapshotStore, type Snapshot, type SnapshotStore } from './snapshot.ts';
export { compileFilters, runScreen, type ScreenResult } from './query.ts';
export { leadersLaggards } from './catalog.ts';
