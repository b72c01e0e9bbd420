/** The screener: what other parts may use (the in-memory snapshot of every company, reloaded when prices move). */
export { createSnapshotStore, type SnapshotStore } from './snapshot.ts';
