import type { GatewayId, PaymentGateway } from "@/server/adapters/payments/types";
import { AppError } from "@/server/core/errors";

/** The configured gateways, by the provider id used on the wire. */
export type Gateways = ReadonlyMap<GatewayId, PaymentGateway>;

/**
 * The gateway a payment asks for. None configured at all (no provider, and the sandbox off because
 * PAYMENTS_SANDBOX is not true) is said as such; otherwise an unknown id is not available here.
 */
export function requireGateway(gateways: Gateways, id: string): PaymentGateway {
  const gateway = gateways.get(id as GatewayId);
  if (gateway) return gateway;
  throw new AppError(gateways.size === 0 ? "payments_not_configured" : "gateway_not_configured");
}

/** Re-verify pending payments after 15 minutes; give them up after an hour. */
export const RECONCILE_AFTER_MS = 15 * 60 * 1000;
export const FAIL_AFTER_MS = 60 * 60 * 1000;
