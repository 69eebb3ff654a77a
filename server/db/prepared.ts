// Statements built once. drizzle assembles a query's SQL from its builder objects on every call (a
// twentieth of an uncached /k/{id} page, measured); a prepared query keeps the SQL and takes its values
// through `sql.placeholder`. Named, it is also a prepared statement on a PostgreSQL server (parsed once
// per connection).

/**
 * `build(db)` made once per database or transaction handle (a prepared query belongs to the handle it
 * was built on) and kept as long as the handle lives.
 */
export function oncePerHandle<Handle extends object, Statement>(
  build: (db: Handle) => Statement,
): (db: Handle) => Statement {
  const made = new WeakMap<Handle, Statement>();
  return (db) => {
    let statement = made.get(db);
    if (!statement) {
      statement = build(db);
      made.set(db, statement);
    }
    return statement;
  };
}
