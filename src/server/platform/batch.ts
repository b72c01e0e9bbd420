/**
 * Batches lookups by key: every key asked for while a piece of work runs
 * (say, the rows of one GraphQL page) is loaded in one call, after that work
 * yields, instead of one query per row. Each key is loaded once per batcher.
 */
export interface Batcher<K, V> {
  load(key: K): Promise<V>;
}

export function createBatcher<K, V>(loadMany: (keys: K[]) => Promise<Map<K, V>>, missing: V): Batcher<K, V> {
  const settled = new Map<K, Promise<V>>();
  let pending: { key: K; resolve: (value: V) => void; reject: (error: unknown) => void }[] = [];
  const flush = () => {
    const batch = pending;
    pending = [];
    loadMany([...new Set(batch.map((item) => item.key))]).then(
      (values) => batch.forEach((item) => item.resolve(values.get(item.key) ?? missing)),
      (error: unknown) => batch.forEach((item) => item.reject(error)),
    );
  };
  return {
    load(key) {
      let value = settled.get(key);
      if (!value) {
        value = new Promise<V>((resolve, reject) => {
          // After the current work and its promise jobs: every row of the page has asked by then.
          if (pending.length === 0) setImmediate(flush);
          pending.push({ key, resolve, reject });
        });
        settled.set(key, value);
      }
      return value;
    },
  };
}
