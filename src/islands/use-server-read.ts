/**
 * One server read held by one island (through the data layer in
 * stores/server-reads.ts): read when the island is shown and whenever its
 * param changes, again on `retry`, and changed in place by `replace` when a
 * save answers with the new record.
 */
import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useEffect, useState } from 'react';
import { createReadStore } from '../stores/server-reads.ts';

type ServerRead<T> = { status: 'loading' } | { status: 'failed'; error: unknown } | { status: 'ready'; data: T };

type HeldRead<T> = ServerRead<T> & {
  /** The last data read, for any key: a list shows it while the next page is read, or after that read failed. */
  latest: T | undefined;
  /** Reads again, showing the loading state meanwhile. */
  retry: () => void;
  /** Shows a newer copy of the data (a save's answer) without reading again. */
  replace: (change: (data: T) => T) => void;
};

/**
 * `name` says what is read, and keeps apart reads that take the same `param` (one symbol's alert
 * rule and its leaders); `param` is what the read depends on ('' for nothing, null while it is not yet
 * known: the island stays loading), and `read` fetches it. The first `read` is the one used, so it
 * must depend on `param` alone.
 */
export function useServerRead<T>(name: string, param: string | null, read: (param: string) => Promise<T>): HeldRead<T> {
  const [{ $param, $read, started, retry, replace }] = useState(() => {
    const $param = atom<string | null>(param);
    const started: { param: string | null } = { param: null };
    // The query's key is "name:param", never empty: the library takes an empty key for none.
    const $read = createReadStore<T>([`${name}:`, $param], {
      fetcher: (_name, value) => {
        started.param = String(value);
        return read(started.param);
      },
    });
    // The same functions at every render: an island may start a timer or an effect with them.
    const retry = () => $read.invalidate();
    const replace = (change: (data: T) => T) => {
      const current = $read.get().data;
      if (current !== undefined) $read.mutate(change(current));
    };
    return { $param, $read, started, retry, replace };
  });
  useEffect(() => $param.set(param), [$param, param]);
  useEffect(() => {
    // The library skips a read asked for while the tab is hidden and does not ask again when it shows:
    // a param that changed meanwhile (a search typed just before switching tabs) is read when it shows.
    // On `window`, after the library's own listener, which marks the tab as shown first.
    const onShown = () => {
      const wanted = $param.get();
      if (!document.hidden && wanted !== null && wanted !== started.param) $read.invalidate();
    };
    window.addEventListener('visibilitychange', onShown);
    return () => window.removeEventListener('visibilitychange', onShown);
  }, [$param, $read, started]);
  const { data, error, loading } = useStore($read);
  const [latest, setLatest] = useState<T | undefined>(undefined);
  if (data !== undefined && data !== latest) setLatest(data);

  const held = { latest: data ?? latest, retry, replace };
  if (loading || (data === undefined && error === undefined)) return { status: 'loading', ...held };
  if (error !== undefined) return { status: 'failed', error, ...held };
  return { status: 'ready', data: data as T, ...held };
}
