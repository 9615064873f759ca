import http from "node:http";
import https from "node:https";
import { parseIp } from "@/lib/geo/client-address";
import { WEBHOOK_ID_HEADER, WEBHOOK_SIGNATURE_HEADER } from "@/lib/schemas/webhooks";
import { isPublicAddress, publicLookup, ForbiddenAddressError } from "./address";
import { signWebhook } from "./signature";

/** How long a receiver has to answer an attempt; a slower one is retried (the receiver dedupes by id). */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** An attempt's outcome: the receiver's status, or why none came (a timeout, a refused address, a reset). */
export type Attempt = { status: number } | { error: string };

/** One POST of a signed body: how the dispatcher reaches a receiver (a test may hand in its own). */
export type WebhookPoster = (delivery: { url: string; secret: string; id: string; body: string; now: Date }) => Promise<Attempt>;

// Kept-alive connections per process: a receiver getting many deliveries is not dialled for each.
const agents = {
  "http:": new http.Agent({ keepAlive: true, maxSockets: 32, lookup: publicLookup }),
  "https:": new https.Agent({ keepAlive: true, maxSockets: 32, lookup: publicLookup }),
};

/**
 * A poster that delivers over HTTP(S) with the signature headers: 2xx is received, anything else (a redirect too:
 * none is followed, so a redirect cannot lead into our network) fails the attempt. The address is
 * checked where the connection is made (publicLookup), an address literal here.
 */
export const webhookPoster =
  (options: { timeoutMs?: number } = {}): WebhookPoster =>
  ({ url, secret, id, body, now }) => {
    const target = new URL(url);
    const literal = target.hostname.replace(/^\[|\]$/g, "");
    if (parseIp(literal) && !isPublicAddress(literal)) return Promise.resolve({ error: "address_refused" });
    const timestamp = Math.floor(now.getTime() / 1000);
    const client = target.protocol === "https:" ? https : http;
    return new Promise((resolve) => {
      const request = client.request(
        target,
        {
          method: "POST",
          agent: agents[target.protocol as keyof typeof agents],
          timeout: options.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
          headers: {
            "content-type": "application/json",
            "content-length": Buffer.byteLength(body),
            "user-agent": "Takapoo-Webhooks/1",
            [WEBHOOK_ID_HEADER]: id,
            [WEBHOOK_SIGNATURE_HEADER]: signWebhook(secret, body, timestamp),
          },
        },
        (response) => {
          response.resume(); // the receiver's body is not read: its status says it all
          response.on("end", () => resolve({ status: response.statusCode ?? 0 }));
          response.on("error", () => resolve({ status: response.statusCode ?? 0 }));
        },
      );
      // The whole attempt, not only a silence: a receiver trickling its answer is cut off at the same time.
      const deadline = setTimeout(() => request.destroy(new Error("timeout")), options.timeoutMs ?? WEBHOOK_TIMEOUT_MS);
      request.on("close", () => clearTimeout(deadline));
      request.on("timeout", () => request.destroy(new Error("timeout")));
      request.on("error", (error) =>
        resolve({
          error: error instanceof ForbiddenAddressError ? "address_refused" : error.message === "timeout" ? "timeout" : "unreachable",
        }),
      );
      request.end(body);
    });
  };

/** The production poster: WEBHOOK_TIMEOUT_MS per attempt. */
export const postWebhook = webhookPoster();
