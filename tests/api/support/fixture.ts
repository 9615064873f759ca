import { test } from "vitest";
import type { AppDeps } from "@/server/http/context";
import type { Database } from "@/server/db/client";
import { caller } from "@/tests/api/support/account-helpers";
import { openTestDatabase, recordingSms, resetAccounts, testApp } from "@/tests/api/support/helpers";

/** What a test may give its app besides the database and the SMS recorder. */
export type AppTestDeps = Partial<Omit<AppDeps, "database">>;

/** What apiTestWith hands a file before each test. */
export type ApiSetup = {
  database: Database;
  sms: ReturnType<typeof recordingSms>;
  /** The app on this database, sending codes to `sms` unless `deps` says otherwise. */
  app(deps?: AppTestDeps): ReturnType<typeof testApp>;
};

/**
 * The API tests' fixture. One database per file (PGlite starts slowly; PostgreSQL when
 * TEST_DATABASE_URL is set), migrated and seeded, closed after the file; before every test the
 * account tables are emptied (`fresh`, automatic). A test takes what it needs:
 *   apiTest("…", async ({ app, sms, call }) => …)
 * `appDeps` changes the app's adapters for a suite: apiTest.override("appDeps", { … }).
 */
export const apiTest = test
  // Vitest reads a fixture's dependencies from its first parameter, which must be a destructuring.
  .extend("database", { scope: "file" }, async ({}, { onCleanup }) => {
    const database = await openTestDatabase();
    onCleanup(() => database.close());
    return database;
  })
  .extend("fresh", { auto: true }, async ({ database }) => {
    await resetAccounts(database);
    return database;
  })
  .extend("sms", () => recordingSms())
  .extend("appDeps", {} as AppTestDeps)
  .extend("app", ({ fresh, sms, appDeps }) => testApp(fresh, { sms: sms.sender, ...appDeps }))
  .extend("call", ({ app }) =>
    caller(
      () => app,
      () => "10.0.0.1",
    ),
  );

/**
 * The fixture for a file whose tests and helpers read module variables (the older files): `setup`
 * runs before every test, after the reset, and stores what the file needs, e.g.
 *   const it = apiTestWith((api) => { ({ database, sms } = api); app = api.app({ socketAddress }); });
 */
export function apiTestWith(setup: (api: ApiSetup) => void | Promise<void>) {
  const it = apiTest.extend("setup", { auto: true }, async ({ fresh, sms }) => {
    await setup({ database: fresh, sms, app: (deps = {}) => testApp(fresh, { sms: sms.sender, ...deps }) });
    return true;
  });
  openDatabaseFirst(it);
  return it;
}

/**
 * Opens the file's database in a beforeAll of the current suite: PGlite's cold start (migrations,
 * seed) then counts against the hook's timeout (60 s), as it did before the fixture, not against the
 * first test's 30 s. apiTestWith does it; a file using apiTest directly calls it once at its top.
 */
export function openDatabaseFirst(it: Pick<typeof apiTest, "beforeAll">) {
  it.beforeAll(async ({ database }) => void database);
}

/**
 * The fixture for a file whose tests call their app from an address of their own, `address(n)` for
 * the n-th test (an address's counted limits then never carry over). `setup` stores what the file
 * reads and answers the app's other adapters, if any; `rebuild` gives the running test another app:
 *   const { it, call } = apiFile((n) => `10.7.0.${n % 250}`, (api) => void ({ database, sms } = api));
 */
export function apiFile(address: (n: number) => string, setup: (api: ApiSetup) => void | AppTestDeps | Promise<void | AppTestDeps>) {
  let n = 0;
  let current: ApiSetup | undefined;
  let app: ReturnType<ApiSetup["app"]>;
  const socketAddress = () => address(n);
  const it = apiTestWith(async (api) => {
    n++;
    current = api;
    app = api.app({ socketAddress, ...((await setup(api)) ?? {}) });
  });
  return {
    it,
    call: caller(() => app, socketAddress),
    /** The running test's app. */
    app: () => app,
    /** The running test's number (1 for the first). */
    serial: () => n,
    rebuild(deps: AppTestDeps) {
      app = current!.app({ socketAddress, ...deps });
    },
  };
}

/**
 * The fixture for a file whose every call says its own address (the caller's x-test-ip header is
 * the client's address), e.g. many guesses from many addresses at once; `address()` is read per call:
 *   let ip = "10.40.0.1";
 *   const { it, call } = apiByAddress(() => ip, (api) => void ({ database, sms } = api));
 */
export function apiByAddress(address: () => string, setup: (api: ApiSetup) => void) {
  let app: ReturnType<ApiSetup["app"]>;
  const it = apiTestWith((api) => {
    setup(api);
    app = api.app({ socketAddress: (request) => request.headers.get("x-test-ip") });
  });
  return { it, call: caller(() => app, address) };
}
