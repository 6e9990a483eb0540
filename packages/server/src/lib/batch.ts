import DataLoader from 'dataloader';

/**
 * Reads by key gathered into one statement per turn of the event loop: the polls that
 * arrive together (many open apps at once) share one round trip to the database instead of one
 * each, which is what a busy evening costs. Nothing is cached here: every call reads anew, it only
 * waits for the current turn's other requests (setImmediate) before the statement goes out.
 *
 * `read` answers the rows it found by key; a key it does not answer resolves to undefined. A failed
 * read fails every call of its batch.
 */
export function batchReader<K, V>(read: (keys: K[]) => Promise<Map<K, V>>, maxBatch = 500): (key: K) => Promise<V | undefined> {
  const loader = new DataLoader<K, V | undefined>(
    async (keys) => {
      const found = await read([...keys]);
      return keys.map((key) => found.get(key));
    },
    { cache: false, maxBatchSize: maxBatch, batchScheduleFn: (run) => setImmediate(run) },
  );
  return (key) => loader.load(key);
}

/** One `make(db)` per database handle (a test process runs several platforms, each on its own database). */
export function perDatabase<D extends object, R>(make: (db: D) => R): (db: D) => R {
  const made = new WeakMap<D, R>();
  return (db) => {
    let value = made.get(db);
    if (value === undefined) {
      value = make(db);
      made.set(db, value);
    }
    return value;
  };
}
