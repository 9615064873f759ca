import { expect, test, type TestAPI } from "vitest";
import type { AppDeps } from "@/server/http/context";
import { caller } from "@/tests/api/support/account-helpers";
import { openTestDatabase, recordingSms, resetAccounts, testApp } from "@/tests/api/support/helpers";
import { sandboxGateway } from "@/server/adapters/payments/sandbox";
import type { GatewayId, PaymentGateway } from "@/server/adapters/payments/types";
import { earnWorld } from "@/tests/api/support/earn-fixtures";
import { startNodeListener } from "@/tests/api/support/node-server";
import { payoutWorld } from "@/tests/api/support/payout-fixtures";
import type { Document } from "@/tests/api/support/openapi-document";

/** What a test may give its app besides the database and the SMS recorder. */
export type AppTestDeps = Partial<Omit<AppDeps, "database">>;
type App = ReturnType<typeof testApp>;

let tests = 0;

/** The app a test talks to: built on the test's database, replaced by `rebuild`. */
type Apps = { current: App; build(deps: AppTestDeps): App };

/**
 * The API tests' one fixture. One database per file (PGlite starts slowly; PostgreSQL when
 * TEST_DATABASE_URL is set), migrated and seeded, opened before the file's first test and closed
 * after it; before every test the account tables are emptied (`fresh`, automatic). A test takes what
 * it needs by name:
 *   it("…", async ({ call, database, sms }) => …)
 * - `call(path, body, options)`: the app as a browser or API client calls it, from `client.address`;
 *   `get(path, token?, locale?)` a GET through it; `openapi()` the document the app serves.
 * - `client`: `{ address }`, where the test's calls come from (the app takes the request's x-test-ip,
 *   else this, as the socket's address); set `client.address` to call from elsewhere mid-test.
 * - `app`: the app on this database, codes sent to `sms`, with the file's `appDeps`; `rebuild(deps)`
 *   gives the running test another one (`deps` in place of `appDeps`) and points `call` at it.
 * - `serial`: the running test's number in its file (1 for the first), for addresses and keys of its own.
 * - `gateways`: the sandbox bank on this database; `listener`: the API on a real socket (`port`).
 * - the people of the boosters' tests (earn-fixtures.ts) and of the payout tests (payout-fixtures.ts);
 *   `inviterWithPlan`, a member who may invite.
 * A file changes a fixture for all its tests, a describe for its own, with override:
 *   const it = apiTest.override("client", ({ serial }) => ({ address: `10.7.1.${serial % 250}` }));
 *   apiTest.override("appDeps", { storage }) // inside a describe
 */
export const apiTest = test
  // Vitest reads a fixture's dependencies from its first parameter, which must be a destructuring.
  // PostgreSQL's pool for the file's database: a race of many transfers wants more (override it per file).
  .extend("maxConnections", { scope: "file" }, 5)
  .extend("database", { scope: "file" }, async ({ maxConnections }, { onCleanup }) => {
    const database = await openTestDatabase({ maxConnections });
    onCleanup(() => database.close());
    return database;
  })
  // The API through the real Node listener on 127.0.0.1 for the file (node-server.ts), for what lives in
  // the Node adapter; `listenerDeps` (file scope) are its adapters besides the database.
  .extend("listenerDeps", { scope: "file" }, {} as Partial<AppDeps>)
  .extend("listener", { scope: "file" }, async ({ database, listenerDeps }, { onCleanup }) => {
    const listener = await startNodeListener(database, listenerDeps);
    onCleanup(listener.close);
    return listener;
  })
  .extend("fresh", { auto: true }, async ({ database }) => {
    await resetAccounts(database);
    return database;
  })
  .extend("serial", { auto: true }, () => ++tests)
  .extend("sms", () => recordingSms())
  .extend("client", (): { address: string } => ({ address: "10.0.0.1" }))
  // The sandbox bank on this database, for a file whose app pays through it: override("appDeps", ({ gateways }) => ({ gateways })).
  .extend("gateways", ({ fresh }) => new Map<GatewayId, PaymentGateway>([["sandbox", sandboxGateway(async () => fresh)]]))
  .extend("appDeps", {} as AppTestDeps)
  .extend("apps", ({ fresh, sms, client, appDeps }): Apps => {
    const build = (deps: AppTestDeps) =>
      testApp(fresh, { sms: sms.sender, socketAddress: (request) => request.headers.get("x-test-ip") ?? client.address, ...deps });
    return { current: build(appDeps), build };
  })
  .extend("app", ({ apps }) => apps.current)
  .extend(
    "rebuild",
    ({ apps }) =>
      (deps: AppTestDeps) =>
        (apps.current = apps.build(deps)),
  )
  .extend("call", ({ apps, client }) =>
    caller(
      () => apps.current,
      () => client.address,
    ),
  )
  // A GET as a browser sends it: with the session's token and in the locale when given (en-US otherwise).
  .extend(
    "get",
    ({ call }) =>
      (path: string, token?: string, locale?: string) =>
        call(path, undefined, { method: "GET", ...(token ? { token } : {}), ...(locale ? { locale } : {}) }),
  )
  // /api/openapi.json as this app serves it.
  .extend(
    "openapi",
    ({ app }) =>
      async (): Promise<Document> =>
        (await (await app.request("/api/openapi.json")).json()) as Document,
  )
  .extend("adminPhone", "09100000077")
  .extend("earnWorld", ({ call, fresh, sms, adminPhone }) => earnWorld(call, () => ({ database: fresh, sms }), adminPhone))
  .extend("person", ({ earnWorld }) => earnWorld.person)
  .extend("admin", ({ earnWorld }) => earnWorld.admin)
  .extend("liveCampaign", ({ earnWorld }) => earnWorld.liveCampaign)
  .extend("approvedCampaign", ({ earnWorld }) => earnWorld.approvedCampaign)
  .extend("escrow", ({ earnWorld }) => earnWorld.escrow)
  .extend("submitted", ({ earnWorld }) => earnWorld.submitted)
  .extend("approvedWork", ({ earnWorld }) => earnWorld.approvedWork)
  .extend("payoutWorld", ({ call, fresh, person }) => payoutWorld(call, () => fresh, person))
  .extend("earn", ({ payoutWorld }) => payoutWorld.earn)
  .extend("setIban", ({ payoutWorld }) => payoutWorld.setIban)
  .extend("planId", ({ payoutWorld }) => payoutWorld.planId)
  .extend("booster", ({ payoutWorld }) => payoutWorld.booster)
  .extend("readyBooster", ({ payoutWorld }) => payoutWorld.readyBooster)
  // A verified person who bought the bronze plan from a wallet of 5,000,000 Rials (3,000,000 left): one who may invite.
  .extend(
    "inviterWithPlan",
    ({ call, person, planId }) =>
      async function inviterWithPlan() {
        const me = await person(5_000_000, true);
        expect((await call("memberships", { plan_id: await planId("bronze"), pay_from: "wallet" }, { token: me.token })).status).toBe(201);
        return me;
      },
  );

// PGlite's cold start (migrations, seed) counts against the hook's timeout (60 s), not the first test's (30 s).
apiTest.beforeAll(async ({ database }) => void database);

/** What a test of the API is given (its fixtures), for helpers that take it whole. */
export type ApiContext = typeof apiTest extends TestAPI<infer C> ? C : never;

/**
 * Opens the file's database in a beforeAll of the current suite. apiTest already does it for every
 * file that imports it (above), so a call changes nothing; kept while a file still calls it.
 */
export function openDatabaseFirst(it: Pick<typeof apiTest, "beforeAll">) {
  it.beforeAll(async ({ database }) => void database);
}
