import { describe, expect, it, vi } from 'vitest';
import type * as Changes from '../../../src/server/platform/changes.ts';

/** Every change bus made while the module graph loads (none should be). */
const busesMade = vi.hoisted(() => ({ count: 0 }));

vi.mock('../../../src/server/platform/changes.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof Changes>();
  return {
    ...actual,
    createChangeBus: (...args: Parameters<typeof actual.createChangeBus>) => {
      busesMade.count++;
      return actual.createChangeBus(...args);
    },
  };
});

describe('importing the server', () => {
  it('listens to no change: the events service and the app subscribe only when the composition asks', async () => {
    await import('../../../src/server/features/events/service.ts');
    await import('../../../src/server/features/events/index.ts');
    await import('../../../src/server/app.ts');
    expect(busesMade.count).toBe(0);
  });

  it('offers no module-wide way to listen: a listener needs a bus, and a bus its database', async () => {
    const changes = await import('../../../src/server/platform/changes.ts');
    expect(Object.keys(changes).sort()).toEqual(
      [
        'changesSince',
        'createChangeBus',
        'latestChangeId',
        'missedChangesJob',
        'recordChange',
        'recordChanges',
        'writeWithChange',
      ].sort(),
    );
  });
});
