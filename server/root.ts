import type { Database } from "@/server/db";
import { sharedDatabase } from "@/server/db";
import { defaultGateways } from "@/server/adapters/payments/default";
import { reportError } from "@/server/adapters/error-reporting";
import type { Gateways } from "@/server/payments";
import type { JobRunner } from "@/server/core/jobs";
import { registerSettlement } from "@/server/payments";
import { campaignSettlement, topUpSettlement } from "@/server/campaigns";
import { membershipSettlement } from "@/server/payouts";
import { onPlanBought, type PlanBoughtHook } from "@/server/payouts";
import { onSignUp } from "@/server/auth";
import { invitationPaid, invitationRegistered } from "@/server/invitations";
import { followPageEdits } from "@/server/pages";

/**
 * What the features hand each other here, above them all: payments settles a payment by its intent
 * with the handler the paid feature registered (campaigns for a campaign, payouts for a plan), so
 * payments imports neither; auth and payouts run the hooks invitations adds (a sign-up, a plan bought). Called by createApp (server/app.ts) and appJobs (server/jobs/index.ts),
 * the two ways in that settle payments; calling it again changes nothing.
 */
export function wireFeatures(): void {
  registerSettlement("campaign_creation", campaignSettlement);
  registerSettlement("campaign_top_up", topUpSettlement);
  registerSettlement("membership_payment", membershipSettlement);
  onSignUp(invitationRegistered);
  onPlanBought(invitationPaidHook);
}

/** A friend's first plan: the invitation that brought them is paid, its reward due after the holding period. */
const invitationPaidHook: PlanBoughtHook = (ctx, { buyerId }) => invitationPaid(ctx, { inviteeId: buyerId });

/**
 * The composition root, above the features: the process's one database, payment gateways and error reporting, and
 * its job runner. Every entry point starts from here — server/web.ts (`npm start`),
 * server/standalone.ts (`npm run api`), the Next.js route handler through server/main.ts and
 * instrumentation.ts (`next dev`) — so the API and the jobs share one set of everything. Kept on
 * globalThis, as the database is, because Next.js loads these modules in more than one bundle.
 */
export type Root = {
  database: () => Promise<Database>;
  gateways: Gateways;
  reportError: typeof reportError;
};

const rootKey = Symbol.for("takapoo.root");
const jobsKey = Symbol.for("takapoo.jobs");
const servingKey = Symbol.for("takapoo.servingDatabase");
type Holder = { [rootKey]?: Root; [jobsKey]?: Promise<JobRunner>; [servingKey]?: Promise<Database> };
const holder = globalThis as Holder;

export function processRoot(): Root {
  holder[rootKey] ??= (() => {
    const gateways = defaultGateways(sharedDatabase);
    return { database: () => servingDatabase(gateways), gateways, reportError };
  })();
  return holder[rootKey];
}

/**
 * The process's database as it serves, once per process: following the other instances' content-page
 * edits (server/pages/page-cache.ts), and on a demo installation with its world built first.
 */
function servingDatabase(gateways: Gateways): Promise<Database> {
  holder[servingKey] ??= (async () => {
    const database = await sharedDatabase();
    await followPageEdits(database.listen).catch((error: unknown) =>
      console.error("[pages] not following the other instances' page edits (their 30 s cache bounds it):", error),
    );
    await buildDemoWorldIfDemo(database, gateways);
    return database;
  })().catch((error: unknown) => {
    delete holder[servingKey];
    throw error;
  });
  return holder[servingKey];
}

/**
 * On a demo installation, its world, built on the first start before any request or job
 * (server/demo/world.ts: through the API, by a copy of the app whose texts the builder reads). A world
 * that cannot be built is said in the log; the installation serves on without it.
 */
async function buildDemoWorldIfDemo(database: Database, gateways: Gateways): Promise<void> {
  const [{ smsSenderFromEnv }, { payoutProvidersFromEnv }, demo] = await Promise.all([
    import("@/server/adapters/sms"),
    import("@/server/adapters/payout-rails/registry"),
    import("@/server/demo"),
  ]);
  if (!demo.isDemoInstallation({ gateways, sms: smsSenderFromEnv(), payouts: payoutProvidersFromEnv() })) return;
  // Its people charge their wallets at the sandbox bank: without it (a plain `npm start`) there is no world to make.
  if (!gateways.has("sandbox")) {
    console.info("[demo] no demo world without the sandbox bank: start with PAYMENTS_SANDBOX=true to have one (README)");
    return;
  }
  const { createApp } = await import("@/server/app");
  const sms = demo.worldSms();
  // Built only when this start builds the world: a later start finds it claimed and makes no app.
  const worldApp = () => {
    const app = createApp({
      database: sharedDatabase,
      gateways,
      sms: sms.sender,
      payouts: { rail: null, ibanOwner: null },
      youtubeAccounts: null,
      socketAddress: (request) => request.headers.get(demo.WORLD_ADDRESS_HEADER),
    });
    return (request: Request) => app.fetch(request);
  };
  const started = Date.now();
  try {
    const world = await demo.buildDemoWorld({ db: database.db, fetch: worldApp, codeFor: sms.codeFor });
    if (world)
      console.info(
        `[demo] a living marketplace was made in ${Math.round((Date.now() - started) / 1000)} s (${world.campaigns} campaigns, ${world.activities} tasks, ${world.invitations} invitations, ${world.payouts} payouts): ` +
          `sign in as the producer ${demo.DEMO_PRODUCER.phone} or the booster ${demo.DEMO_BOOSTER.phone} with the password ${demo.DEMO_PASSWORD} (the code is printed here)`,
      );
  } catch (error) {
    console.error("[demo] the demo world could not be built; the installation serves on without it:", error);
  }
}

/**
 * Starts the background jobs once per process (later calls share the first start). pg-boss is
 * loaded only here, so the modules that only serve requests do not pull it in.
 */
export function startJobs(): Promise<JobRunner> {
  holder[jobsKey] ??= (async () => {
    const root = processRoot();
    const [{ startJobRunner }, { appJobs }, database] = await Promise.all([
      import("@/server/core/jobs"),
      import("@/server/jobs"),
      root.database(),
    ]);
    const runner = await startJobRunner(database, appJobs(root.gateways), {
      onError: (error) => void root.reportError(error, { source: "jobs" }),
    });
    console.info("[jobs] runner started (history: npm run admin -- jobs)");
    return runner;
  })().catch((error: unknown) => {
    delete holder[jobsKey];
    throw error;
  });
  return holder[jobsKey];
}

/** Stops the runner if it started, letting a run under way finish (up to 10 s). */
export async function stopJobs(): Promise<void> {
  const running = holder[jobsKey];
  delete holder[jobsKey];
  if (running) await (await running.catch(() => null))?.stop();
}
