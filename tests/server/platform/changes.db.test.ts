import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/server/app.ts';
import { createSnapshotStore, type SnapshotStore } from '../../../src/server/features/screener/index.ts';
import {
  createChangeBus,
  writeWithChange,
  type ChangeBus,
  type ChangeNotice,
} from '../../../src/server/platform/changes.ts';
import { loadConfig } from '../../../src/server/platform/config.ts';
import { createLogger } from '../../../src/server/platform/logger.ts';
import { createTestDatabase, type TestDatabase } from '../../helpers/database.ts';

let first: TestDatabase;
let second: TestDatabase;

beforeAll(async () => {
  [first, second] = await Promise.all([createTestDatabase(), createTestDatabase()]);
});
afterAll(async () => {
  await Promise.all([first?.close(), second?.close()]);
});

/** An article's change recorded through `database` (the write itself changes nothing else). */
const changeAnArticle = (database: TestDatabase, id: number) =>
  writeWithChange(database.database.db, 'news', 'upsert', async () => id);

/** A bus that counts the listeners added to it and not yet removed. */
function counting(bus: ChangeBus): ChangeBus & { listening(): number } {
  let live = 0;
  return {
    ...bus,
    on(listener) {
      live++;
      const off = bus.on(listener);
      return () => {
        live--;
        off();
      };
    },
    listening: () => live,
  };
}

/** A snapshot store that counts the invalidation listeners added to it and not yet removed. */
function countingSnapshots(store: SnapshotStore): SnapshotStore & { listening(): number } {
  let live = 0;
  return {
    ...store,
    onInvalidate(listener) {
      live++;
      const off = store.onInvalidate(listener);
      return () => {
        live--;
        off();
      };
    },
    listening: () => live,
  };
}

const appOn = (database: TestDatabase, changes?: ChangeBus, snapshots?: SnapshotStore) =>
  createApp({
    // The answers cache listens to the change bus only when it is on.
    config: loadConfig({ LOG_LEVEL: 'silent', PUBLIC_CACHE_TTL_MS: '5000' }),
    database: database.database,
    logger: createLogger('silent'),
    changes,
    snapshots,
  });

describe('the change bus', () => {
  it('tells the listeners of a database only of the changes written through that database', async () => {
    const heardFirst: ChangeNotice[] = [];
    const heardSecond: ChangeNotice[] = [];
    const busFirst = createChangeBus(first.database.db);
    const busSecond = createChangeBus(second.database.db);
    busFirst.on((change) => heardFirst.push(change));
    busSecond.on((change) => heardSecond.push(change));
    // Two apps in one process, each on its own database.
    const apps = [appOn(first, busFirst), appOn(second, busSecond)];
    await changeAnArticle(first, 7);
    expect(heardFirst).toEqual([{ kind: 'news', entityId: 7, op: 'upsert' }]);
    expect(heardSecond).toEqual([]);
    await changeAnArticle(second, 8);
    expect(heardFirst).toHaveLength(1);
    expect(heardSecond).toEqual([{ kind: 'news', entityId: 8, op: 'upsert' }]);
    for (const app of apps) app.close();
    busFirst.close();
    busSecond.close();
  });

  it('tells every bus of one database, and a closed bus no more', async () => {
    const heard: string[] = [];
    const one = createChangeBus(first.database.db);
    const other = createChangeBus(first.database.db);
    one.on(() => heard.push('one'));
    other.on(() => heard.push('other'));
    await changeAnArticle(first, 9);
    expect(heard.sort()).toEqual(['one', 'other']);
    one.close();
    await changeAnArticle(first, 10);
    expect(heard.sort()).toEqual(['one', 'other', 'other']);
    other.close();
  });

  it('announces a change made by another instance as remote', () => {
    const heard: ChangeNotice[] = [];
    const bus = createChangeBus(first.database.db);
    const stop = bus.on((change) => heard.push(change));
    bus.announceRemote({ kind: 'event', entityId: 3, op: 'delete' });
    stop();
    bus.announceRemote({ kind: 'event', entityId: 4, op: 'delete' });
    expect(heard).toEqual([{ kind: 'event', entityId: 3, op: 'delete', remote: true }]);
    bus.close();
  });
});

describe('an app', () => {
  it('removes every listener it added to the bus and the snapshot it was given when it closes', () => {
    const changes = counting(createChangeBus(first.database.db));
    const snapshots = countingSnapshots(createSnapshotStore(first.database.db));
    const apps = [appOn(first, changes, snapshots), appOn(first, changes, snapshots)];
    expect(changes.listening()).toBeGreaterThan(0);
    expect(snapshots.listening()).toBeGreaterThan(0);
    for (const app of apps) app.close();
    expect(changes.listening()).toBe(0);
    expect(snapshots.listening()).toBe(0);
    changes.close();
  });

  it('without a bus given, makes one of its own whose changes reach no other database', async () => {
    const heard: ChangeNotice[] = [];
    const observer = createChangeBus(second.database.db);
    observer.on((change) => heard.push(change));
    const app = appOn(first);
    await changeAnArticle(first, 11);
    expect(heard).toEqual([]);
    app.close();
    observer.close();
  });
});
