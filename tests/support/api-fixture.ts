// The fixture of the database and API tests: one block of tests per database engine (testEngines:
// PGlite always, PostgreSQL when TEST_DATABASE_URL is set), each on a fresh database with every
// migration, dropped after the block.
//
// API tests (the app on that database, an Accounts helper, an admin and a customer signed up):
//
//   describeOnEngines("admin calls", ({ app, db, accounts, admin, customer, logs, mailbox }) => {
//     it("answers 401 without a token", async () => {
//       await expectError(await call(app, "/api/admin/check"), 401, "unauthorized");
//     });
//   });
//
// The block is named "<name> on pglite" and "<name> on postgresql". What the fixture gives may be taken
// apart at once, as above, though it is made only in its beforeAll: `app`, `db`, `handle`, `images` and
// `other` stand for the real ones and throw when used outside a test or hook; `admin` and `customer`
// are filled in by then. A hook of the block runs after the fixture's (and its afterAll before the drop).
// Options go between the name and the body, as with vitest's describe:
//   describeOnEngines("per-address limits", { app: { config } }, ({ app }) => …)
// `app` gives createTestApp more dependencies or other ones (a config with TRUST_PROXY, a page cache),
// `pages` a page renderer, `other` a second handle (see DatabaseFixture).
//
// Tests of the database alone (no app): describeOnDatabases(name, ({ handle, other }) => …), with
// `migrate: false` for a database left empty. Tests of the migrations themselves (migrations.test.ts)
// and of the built server (server-lifecycle.test.ts) make their own.
import { describe, beforeAll, afterAll } from "vitest";
import type { AppDeps, PageHandler } from "../../server/app";
import type { Database, DatabaseHandle } from "../../server/db/client";
import { openDatabase } from "../../server/db/client";
import { migrate } from "../../server/db/migrate";
import { readOutbox, type OutboxMessage } from "../../server/providers/email";
import type { ImageStore } from "../../server/providers/images";
import { Accounts, type Account, type TestApp } from "./accounts";
import { testEngines, type TestEngine } from "./databases";
import { createTestApp, type LogLine } from "./test-app";

export type DatabaseOptions = {
  /** Apply every bundled migration first (default); false leaves the database empty. */
  migrate?: boolean;
  /** Also open `other`. */
  other?: boolean;
};

export type DatabaseFixture = {
  /** Known at once: for `postgresqlOnly(engine)` and for spare databases. */
  engine: TestEngine;
  handle: DatabaseHandle;
  db: Database;
  /**
   * With the `other` option: the view another process has of the same database, a second handle on a
   * PostgreSQL server; on PGlite, which is one process's, the same handle. Closed after the block.
   */
  other: DatabaseHandle;
  /** Opens one more handle on the same server database (PostgreSQL only); the caller closes it. */
  connect(): Promise<DatabaseHandle>;
  /** The server database's address, for app processes of a test's own (PostgreSQL only). */
  url(): string;
};

export type ApiOptions = DatabaseOptions & {
  /** More dependencies of the app, or other ones (config, pageCache). */
  app?: Partial<AppDeps>;
  pages?: PageHandler;
};

export type ApiFixture = DatabaseFixture & {
  app: TestApp;
  images: ImageStore;
  accounts: Accounts;
  /** Signed up, with the roles customer and admin. */
  admin: Account;
  /** Signed up, with the role customer only. */
  customer: Account;
  /** Every log line the app wrote. */
  logs: LogLine[];
  /** Resolves once the work the app does after answering (e-mails) is done. */
  settled: () => Promise<void>;
  /** The e-mails sent, once the app has finished sending. */
  mailbox: () => Promise<OutboxMessage[]>;
};

/**
 * Stands for an object made later (in a beforeAll): every use reaches the real one, and a use before
 * it exists fails with a message saying so rather than as "undefined".
 */
function late<T extends object>(what: string, current: () => T | undefined): T {
  const real = (): T => {
    const value = current();
    if (value === undefined) throw new Error(`The fixture's ${what} exists only inside tests and hooks.`);
    return value;
  };
  return new Proxy({} as T, {
    get(_, key) {
      const target = real();
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === "function" && key !== "constructor" ? value.bind(target) : value;
    },
    set: (_, key, value) => Reflect.set(real(), key, value),
    has: (_, key) => Reflect.has(real(), key),
    ownKeys: () => Reflect.ownKeys(real()),
    getOwnPropertyDescriptor(_, key) {
      const descriptor = Reflect.getOwnPropertyDescriptor(real(), key);
      // The stand-in's own target is empty: a proxy may only report configurable properties for it.
      return descriptor && { ...descriptor, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
  });
}

/** A fresh database on `engine` for the tests of the current block (registers beforeAll and afterAll). */
export function useTestDatabase(engine: TestEngine, options: DatabaseOptions = {}): DatabaseFixture {
  let created: Awaited<ReturnType<TestEngine["create"]>> | undefined;
  let other: DatabaseHandle | undefined;

  beforeAll(async () => {
    created = await engine.create({ migrated: options.migrate !== false });
    if (options.migrate !== false) await migrate(created.handle);
    if (options.other) other = created.url ? await openDatabase({ url: created.url }) : created.handle;
  });
  afterAll(async () => {
    if (other && other !== created?.handle) await other.close();
    await created?.drop();
  });

  return {
    engine,
    handle: late("database handle", () => created?.handle),
    db: late("db", () => created?.handle.db),
    other: late("other handle (option `other`)", () => other),
    connect: async () => {
      if (!created?.url) throw new Error(`connect() needs a database server, not ${engine.name}`);
      return openDatabase({ url: created.url });
    },
    url: () => {
      if (!created?.url) throw new Error(`url() needs a database server, not ${engine.name}`);
      return created.url;
    },
  };
}

/** The database, the app on it and two accounts, for the tests of the current block. */
export function useApiFixture(engine: TestEngine, options: ApiOptions = {}): ApiFixture {
  const database = useTestDatabase(engine, options);
  let made: ReturnType<typeof createTestApp> | undefined;
  const logs: LogLine[] = [];
  const app = late("app", () => made?.app);
  const accounts = new Accounts(app, database.db);
  const admin = {} as Account;
  const customer = {} as Account;
  const settled = async () => {
    await made?.settled();
  };

  beforeAll(async () => {
    made = createTestApp(database.handle, options.pages, options.app, logs);
    Object.assign(admin, await accounts.admin());
    Object.assign(customer, await accounts.signUp());
  });

  return {
    ...database,
    app,
    images: late("image store", () => made?.images),
    accounts,
    admin,
    customer,
    logs,
    settled,
    mailbox: async () => {
      await settled();
      return made ? readOutbox(made.outbox) : [];
    },
  };
}

type Block<Options, Fixture> =
  [body: (fixture: Fixture) => void] | [options: Options, body: (fixture: Fixture) => void];

/** The tests of `body` once per database engine, in a block named "<name> on <engine>", on useApiFixture;
 * options, if any, go between the name and the body (as with vitest's describe). */
export function describeOnEngines(name: string, ...block: Block<ApiOptions, ApiFixture>): void {
  const [options, body] = block.length === 1 ? [{}, block[0]] : block;
  describe.each(testEngines())(`${name} on $name`, (engine) => body(useApiFixture(engine, options)));
}

/** The same on a fresh database alone (useTestDatabase), without the app. */
export function describeOnDatabases(name: string, ...block: Block<DatabaseOptions, DatabaseFixture>): void {
  const [options, body] = block.length === 1 ? [{}, block[0]] : block;
  describe.each(testEngines())(`${name} on $name`, (engine) => body(useTestDatabase(engine, options)));
}
