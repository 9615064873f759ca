import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { WEBHOOK_TOLERANCE_SECONDS } from "@/lib/schemas/webhooks";

/** An endpoint's signing secret: `whsec_` and 32 random bytes. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString("base64url")}`;

/**
 * The `Takapoo-Signature` header of a delivery: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`,
 * the scheme docs/api.md shows receivers (the timestamp is signed, so an old delivery replayed is told).
 */
export function signWebhook(secret: string, body: string, timestamp: number): string {
  return `t=${timestamp},v1=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

/**
 * What a receiver does (docs/api.md, "Verify a delivery"), here so a test holds the docs to the
 * deliveries: the signature matches the body, and the timestamp is at most 5 minutes old.
 */
export function verifyWebhook(secret: string, body: string, header: string, nowSeconds = Math.floor(Date.now() / 1000)): boolean {
  const parts = Object.fromEntries(header.split(",").map((part) => part.split("=", 2) as [string, string]));
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || !parts.v1 || Math.abs(nowSeconds - timestamp) > WEBHOOK_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(signWebhook(secret, body, timestamp).split("v1=")[1]!, "hex");
  const given = Buffer.from(parts.v1, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}
