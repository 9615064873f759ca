import type { Db } from "@/server/db";
import type { Gateways } from "@/server/domain/payments/gateways";
import { gatewaysFromEnv } from "./registry";
import { sandboxGateway } from "./sandbox";

/** The gateways this process offers: the configured providers, or the sandbox in development. */
export function defaultGateways(database: () => Promise<{ db: Db }>): Gateways {
  return gatewaysFromEnv(process.env, sandboxGateway(database));
}
