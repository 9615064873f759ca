import type { GatewayId, PaymentGateway } from "@/server/adapters/payments/types";

/** The configured gateways, by the provider id used on the wire. */
export type Gateways = ReadonlyMap<GatewayId, PaymentGateway>;

/** Re-verify pending payments after 15 minutes; give them up after an hour. */
export const RECONCILE_AFTER_MS = 15 * 60 * 1000;
export const FAIL_AFTER_MS = 60 * 60 * 1000;
