import type { Db } from "@/server/db";
import type { Gateways } from "@/server/payments";
import { gatewaysFromEnv } from "./registry";
import { sandboxGateway } from "./sandbox";
import { rawEnv } from "@/server/core/env";

/**
 * The gateways this process offers: the configured providers, and the sandbox test bank only where
 * PAYMENTS_SANDBOX=true says so. Every entry point (server/web.ts, server/standalone.ts, the Next.js
 * route handler through server/main.ts, and the tests' app) builds its gateways here.
 */
export function defaultGateways(database: () => Promise<{ db: Db }>, env: Record<string, string | undefined> = rawEnv()): Gateways {
  const gateways = gatewaysFromEnv(env, sandboxGateway(database));
  if (gateways.has("sandbox")) warnSandboxOnce();
  return gateways;
}

let warned = false;
function warnSandboxOnce() {
  if (warned) return;
  warned = true;
  console.warn("[payments] PAYMENTS_SANDBOX=true: the sandbox test bank is on — its payments are simulated, never use it with real money");
}
