import type { Db } from './client.ts';

/**
 * A value kept per database handle, made by `make` on first use and dropped with the handle: for
 * what a process keeps beside a database (prepared statements, in-flight reads), where tests and
 * the bench open several databases in one process.
 */
export function perDatabase<T>(make: (db: Db) => T): (db: Db) => T {
  const values = new WeakMap<Db, T>();
  return (db) => {
    let value = values.get(db);
    if (value === undefined) {
      value = make(db);
      values.set(db, value);
    }
    return value;
  };
}
