import { createHash } from "node:crypto";
import { z } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { checkIdempotencyKey, claimIdempotencyKey, completeIdempotencyKey, releaseIdempotencyKey, type Claim } from "@/server/idempotency";
import type { AppEnv } from "./context";
import { text } from "@/lib/schemas/common";
import { AppError } from "./errors";

/**
 * Idempotency keys for requests that move money or create a money object, the way payment APIs do
 * (Stripe's idempotent requests): a client sends `Idempotency-Key: <unique value>` with a POST, and
 *
 * - a repeat with the same key and the same request (method, path, body) answers the first answer —
 *   status and body — marked `Idempotent-Replayed: true`, without running again;
 * - the same key with another request answers 422 (idempotency_key_reused);
 * - a repeat while the first still runs waits for it (up to WAIT_MS), else answers 409
 *   (idempotency_request_in_progress);
 * - an answer of 5xx (our failure) or 422 (input refused before anything ran) is not kept: the key is
 *   released and a retry runs;
 * - keys are per user, kept in PostgreSQL for 24 hours (server/idempotency/keys.ts);
 * - a key is 1–255 printable ASCII characters, else 422 (idempotency_key_invalid).
 *
 * Without the header nothing changes. A route takes it with `middleware: [requireUser, idempotent]`
 * (after the caller is known) and `request: { headers: idempotencyHeaders, … }` (so /api/docs shows it).
 */

export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";
export const IDEMPOTENT_REPLAYED_HEADER = "Idempotent-Replayed";
/** How long a repeat waits for the first request with its key before answering 409. */
export const WAIT_MS = 3_000;
const POLL_MS = 50;
const VALID_KEY = /^[\x20-\x7e]{1,255}$/;

/** The header as routes declare it in OpenAPI (lower case, as Hono hands headers to validators; names are case-insensitive). */
export const idempotencyHeaders = z.object({
  "idempotency-key": text().optional().openapi({
    pattern: "^[ -~]{1,255}$",
    description:
      "Makes the request safe to retry: a unique value per operation (a UUID), 1–255 printable characters. A repeat with the same key and body within 24 hours answers the first answer (marked Idempotent-Replayed: true) without running again; the same key with another request answers 422; a repeat while the first still runs answers 409. 5xx answers are not kept.",
    example: "5f0c2a5e-8a8b-4b5e-9a53-2f8f1c1d7e21",
  }),
});

export const idempotent: MiddlewareHandler<AppEnv> = async (c, next) => {
  const key = c.req.header(IDEMPOTENCY_KEY_HEADER);
  if (key === undefined) return next();
  if (!VALID_KEY.test(key)) throw new AppError("idempotency_key_invalid", {}, { "idempotency-key": null });
  const user = c.get("user") as AppEnv["Variables"]["user"] | undefined;
  if (!user) throw new Error("idempotent needs the caller: list it after requireUser");
  const db = c.get("db");
  const owner = { userId: user.id, key, requestId: c.get("requestId") };
  const request = { ...owner, fingerprint: await fingerprintOf(c) };

  let claim: Claim = await claimIdempotencyKey({ db }, request);
  const deadline = Date.now() + WAIT_MS;
  while (claim.state === "running" && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    claim = (await checkIdempotencyKey({ db }, request)) ?? (await claimIdempotencyKey({ db }, request));
  }
  if (claim.state === "mismatch") throw new AppError("idempotency_key_reused", {}, { "idempotency-key": null });
  if (claim.state === "running") throw new AppError("idempotency_request_in_progress");
  if (claim.state === "done") {
    c.header(IDEMPOTENT_REPLAYED_HEADER, "true");
    c.header("Content-Type", "application/json; charset=UTF-8");
    return c.body(claim.answer.body, claim.answer.status as ContentfulStatusCode);
  }

  try {
    await next();
  } catch (error) {
    await settle(() => releaseIdempotencyKey({ db }, owner), "release", owner.requestId);
    throw error;
  }
  const status = c.res.status;
  if (status >= 500 || status === 422) {
    await settle(() => releaseIdempotencyKey({ db }, owner), "release", owner.requestId);
    return;
  }
  const body = await c.res.clone().text();
  await settle(() => completeIdempotencyKey({ db }, { owner, answer: { status, body } }), "keep the answer of", owner.requestId);
};

/**
 * Bookkeeping after the request ran never turns its answer into an error: the work is done and the
 * caller gets its answer. A key left running is free again after IDEMPOTENCY_LOCK_MS.
 */
async function settle(step: () => Promise<unknown>, what: string, requestId: string): Promise<void> {
  try {
    await step();
  } catch (error) {
    console.error(`[idempotency] could not ${what} request ${requestId}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** A hash of what the request asks: method, path and body (JSON with its keys sorted, so their order does not matter). */
async function fingerprintOf(c: Context<AppEnv>): Promise<string> {
  return requestFingerprint(c.req.method, c.req.path, await c.req.text());
}

export function requestFingerprint(method: string, path: string, bodyText: string): string {
  let body = bodyText;
  try {
    body = JSON.stringify(sortKeys(JSON.parse(bodyText)));
  } catch {
    // Not JSON: the bytes as sent.
  }
  return createHash("sha256").update(`${method} ${path}\n${body}`).digest("hex");
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((name) => [name, sortKeys((value as Record<string, unknown>)[name])]),
  );
}
