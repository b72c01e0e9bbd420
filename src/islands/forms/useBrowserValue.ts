import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * A value only the browser has (storage, cookies): the server render and the
 * first hydration pass see `serverValue`, then the browser's. `read` must
 * return a primitive so React can compare snapshots.
 */
export function useBrowserValue<T extends string | number | boolean | null>(read: () => T, serverValue: T): T {
  return useSyncExternalStore(noSubscription, read, () => serverValue);
}
