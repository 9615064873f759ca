import { appendFileSync } from "node:fs";
import { afterAll } from "vitest";
import type { GatewayId, PaymentGateway } from "@/server/adapters/payments/types";
import type { YoutubeAccounts } from "@/server/adapters/youtube-account";
import { staleKnownMismatches } from "@/tests/api/support/contract";
import { provokedAnswers, undocumented, unnamed422s, type OpenApiPaths } from "@/tests/api/support/provoked";

/**
 * /api/openapi.json of the app with every optional route on (the sandbox bank, YouTube search and
 * connections). The app is imported here, after the file's tests: a setup file that loaded it first
 * would load @hono/zod-openapi before any contract schema (tests/api/system/openapi-schema-order.test.ts).
 */
export async function documentedPaths(): Promise<OpenApiPaths> {
  const { sandboxGateway } = await import("@/server/adapters/payments/sandbox");
  const { testApp } = await import("@/tests/api/support/helpers");
  const noDatabase = async () => {
    throw new Error("the document needs no database");
  };
  const app = testApp(noDatabase as never, {
    gateways: new Map<GatewayId, PaymentGateway>([["sandbox", sandboxGateway(noDatabase)]]),
    youtube: {
      searchChannels: async () => [],
      metered() {
        return this;
      },
    },
    youtubeAccounts: { likeChecks: false } as YoutubeAccounts,
  });
  return ((await (await app.request("/api/openapi.json")).json()) as { paths: OpenApiPaths }).paths;
}

// Every API test file, once its tests ran: each status it provoked through the test caller is one the
// document lists for that operation, and each 422 names its field (issue 31: the description tells the
// truth). PROVOKED_REPORT=<file> writes the gaps there instead of failing, to list them all in one run.
afterAll(async () => {
  const answers = provokedAnswers();
  if (answers.length === 0) return;
  const gaps = [...undocumented(await documentedPaths(), answers), ...unnamed422s(answers)];
  if (gaps.length === 0) return;
  if (process.env.PROVOKED_REPORT) appendFileSync(process.env.PROVOKED_REPORT, `${gaps.join("\n")}\n`);
  else throw new Error(`answers the tests provoked that /api/openapi.json does not list, or 422s naming no field:\n  ${gaps.join("\n  ")}`);
});

// A known mismatch of the contract check (contract.ts) met in this file must still differ: one that
// matched every time is fixed, and its entry goes.
afterAll(() => {
  const stale = staleKnownMismatches();
  if (stale.length > 0)
    throw new Error(`known contract mismatches that now match (remove them from KNOWN_MISMATCHES):\n  ${stale.join("\n  ")}`);
});
