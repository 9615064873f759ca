// @vitest-environment node
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, createApiClient, fileNameOf, newIdempotencyKey, outcomeUnknown, submissionKeys } from "@/lib/api/client";
import { pageEndpoints } from "@/lib/schemas/pages";
import { payoutEndpoints } from "@/lib/schemas/payouts";
import { profileEndpoints } from "@/lib/schemas/profile";
import { systemEndpoints } from "@/lib/schemas/system";
import { walletEndpoints } from "@/lib/schemas/wallet";

// A real HTTP server on 127.0.0.1 that answers from a script and records what it received.
let server: Server;
let baseUrl: string;
let script: Array<{ status: number; body: unknown }> = [];
let received: Array<{ method: string; url: string; headers: IncomingHttpHeaders; body: string }> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      received.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
      const next = script.shift() ?? { status: 200, body: { data: null } };
      res.writeHead(next.status, { "content-type": "application/json" });
      res.end(JSON.stringify(next.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  script = [];
  received = [];
});

describe("API client", () => {
  it("sends the locale headers, the bearer token and JSON, and returns data", async () => {
    script = [{ status: 200, body: { data: { context: { meta_title: "x" } } } }];
    const api = createApiClient({ baseUrl, locale: "fa-IR", getToken: () => "tok123" });
    const data = await api.call(pageEndpoints.get, { body: { slug: "about" } });
    expect(data.context.meta_title).toBe("x");
    const [call] = received;
    expect(call?.method).toBe("POST");
    expect(call?.url).toBe("/api/pages/get");
    expect(call?.headers["accept-language"]).toBe("fa-IR,fa;q=0.9");
    expect(call?.headers["x-locale"]).toBe("fa-IR");
    expect(call?.headers.accept).toBe("application/json");
    expect(call?.headers.authorization).toBe("Bearer tok123");
    expect(JSON.parse(call?.body ?? "")).toEqual({ slug: "about" });
  });

  it("retries a GET once on 503 and returns the second answer", async () => {
    script = [
      { status: 503, body: { error: { code: "service_unavailable", message: "down", request_id: "r1" } } },
      { status: 200, body: { data: { ok: true } } },
    ];
    const api = createApiClient({ baseUrl, locale: "en-US" });
    expect(await api.call(walletEndpoints.transactions, { query: { page: 2, status: undefined } })).toEqual({
      data: { ok: true },
      meta: { page: 1, per_page: 0, total: 0 },
    });
    expect(received).toHaveLength(2);
    expect(received[0]?.url).toBe("/api/wallet/transactions?page=2");
  });

  it("retries only once", async () => {
    script = [
      { status: 502, body: {} },
      { status: 502, body: {} },
      { status: 200, body: { data: 1 } },
    ];
    const api = createApiClient({ baseUrl, locale: "en-US" });
    await expect(api.call(systemEndpoints.health)).rejects.toMatchObject({ status: 502 });
    expect(received).toHaveLength(2);
  });

  it("never retries a POST without an Idempotency-Key, and does with one", async () => {
    const api = createApiClient({ baseUrl, locale: "en-US" });
    script = [
      { status: 503, body: { error: { code: "service_unavailable", message: "down", request_id: "r" } } },
      { status: 200, body: { data: 1 } },
    ];
    await expect(api.call(walletEndpoints.charge, { body: { amount: 1, gateway: "sandbox" } })).rejects.toBeInstanceOf(ApiError);
    expect(received).toHaveLength(1);

    received = [];
    script = [
      { status: 503, body: {} },
      { status: 200, body: { data: 2 } },
    ];
    expect(await api.call(walletEndpoints.charge, { body: { amount: 1, gateway: "sandbox" }, idempotencyKey: "k-1" })).toBe(2);
    expect(received).toHaveLength(2);
    expect(received[0]?.headers["idempotency-key"]).toBe("k-1");
    expect(received[1]?.headers["idempotency-key"]).toBe("k-1");
  });

  it("sends a submission's key on its retries, and a new key for the next submission", async () => {
    const api = createApiClient({ baseUrl, locale: "en-US" });
    const keys = submissionKeys();
    const body = { amount: 1_000_000, gateway: "sandbox" };
    const submit = async () => {
      try {
        const data = await api.call(walletEndpoints.charge, { body, idempotencyKey: keys.keyFor(body) });
        keys.settled(null);
        return data;
      } catch (error) {
        keys.settled(error);
        throw error;
      }
    };
    // The answer is lost twice (the client's own retry included): the person presses again, same key.
    script = [
      { status: 503, body: {} },
      { status: 502, body: {} },
      { status: 200, body: { data: "charged" } },
    ];
    await expect(submit()).rejects.toMatchObject({ status: 502 });
    expect(await submit()).toBe("charged");
    const sent = received.map((call) => call.headers["idempotency-key"]);
    expect(sent).toHaveLength(3);
    expect(new Set(sent).size).toBe(1);
    expect(sent[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

    // After an answer, the same form submitted again is a new charge: a new key.
    received = [];
    script = [{ status: 200, body: { data: "again" } }];
    expect(await submit()).toBe("again");
    expect(received[0]?.headers["idempotency-key"]).not.toBe(sent[0]);
  });

  it("does not retry a 409 or a 422, and turns the envelope into one typed error", async () => {
    script = [
      { status: 422, body: { error: { code: "validation_failed", message: "bad", fields: { slug: "required" }, request_id: "abc" } } },
    ];
    const api = createApiClient({ baseUrl, locale: "en-US" });
    const error = await api.call(pageEndpoints.get, { body: { slug: "" } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, code: "validation_failed", message: "bad", fields: { slug: "required" }, requestId: "abc" });
    expect(received).toHaveLength(1);

    script = [{ status: 409, body: { error: { code: "conflict", message: "c", request_id: "x" } } }];
    await expect(api.call(profileEndpoints.endSession, { params: { id: "s-1" } })).rejects.toMatchObject({ status: 409 });
    expect(received).toHaveLength(2);
    expect(received[1]).toMatchObject({ method: "DELETE", url: "/api/me/sessions/s-1" });
  });

  it("reports an unreachable server as a network error after one retry", async () => {
    const api = createApiClient({ baseUrl: "http://127.0.0.1:1/api", locale: "en-US" });
    await expect(api.call(systemEndpoints.health)).rejects.toMatchObject({ status: 0, code: "network_error" });
  });
});

describe("submission keys", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("keep the key only while the outcome is unknown and the request is the same", () => {
    const keys = submissionKeys();
    const first = keys.keyFor({ amount: 1 });
    expect(keys.keyFor({ amount: 1 })).toBe(first);
    // No answer, a server error, or the first request still running: the outcome is unknown, the key stays.
    for (const error of [new ApiError(0, "network_error", "x"), new ApiError(503, "gateway_unavailable", "x"), new TypeError("aborted")]) {
      keys.settled(error);
      expect(keys.keyFor({ amount: 1 })).toBe(first);
    }
    keys.settled(new ApiError(409, "idempotency_request_in_progress", "x"));
    expect(keys.keyFor({ amount: 1 })).toBe(first);
    // Another request (the person changed the amount) is another submission.
    const second = keys.keyFor({ amount: 2 });
    expect(second).not.toBe(first);
    // A definite answer ends the submission: a refusal, or success.
    keys.settled(new ApiError(403, "insufficient_funds", "x"));
    const third = keys.keyFor({ amount: 2 });
    expect(third).not.toBe(second);
    keys.settled(null);
    expect(keys.keyFor({ amount: 2 })).not.toBe(third);
  });

  it("tells unknown outcomes from answers", () => {
    expect(outcomeUnknown(new ApiError(0, "network_error", "x"))).toBe(true);
    expect(outcomeUnknown(new ApiError(500, "internal", "x"))).toBe(true);
    expect(outcomeUnknown(new ApiError(409, "idempotency_request_in_progress", "x"))).toBe(true);
    expect(outcomeUnknown(new ApiError(409, "trial_already_created", "x"))).toBe(false);
    expect(outcomeUnknown(new ApiError(422, "validation_failed", "x"))).toBe(false);
  });

  it("make UUIDs even where crypto.randomUUID is missing (plain HTTP is not a secure context)", () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newIdempotencyKey()).toMatch(uuid);
    const getRandomValues = crypto.getRandomValues.bind(crypto);
    vi.stubGlobal("crypto", { getRandomValues });
    const made = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(made.size).toBe(50);
    for (const key of made) expect(key).toMatch(uuid);
  });
});

describe("file downloads", () => {
  it("answer the file and the name the server gives it, and a refusal as the ApiError a request gets", async () => {
    const answers = [
      new Response("payout_id,iban\n", {
        status: 200,
        headers: { "content-type": "text/csv", "content-disposition": 'attachment; filename="paya-2026-03-01.csv"' },
      }),
      new Response(JSON.stringify({ error: { code: "not_found", message: "Not found.", request_id: "r1" } }), {
        status: 404,
        headers: { "content-type": "application/json" },
      }),
    ];
    const fetch = vi.fn(async () => answers.shift()!);
    const api = createApiClient({ baseUrl: "http://api.test/api", locale: "en-US", fetch });
    const file = await api.download(payoutEndpoints.export);
    expect(file.fileName).toBe("paya-2026-03-01.csv");
    expect(await file.blob.text()).toBe("payout_id,iban\n");
    expect(fetch).toHaveBeenCalledWith(
      "http://api.test/api/admin/payouts/export",
      expect.objectContaining({ method: "POST", headers: expect.objectContaining({ accept: "text/csv" }) }),
    );
    const refusal = await api.download(payoutEndpoints.export).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({ status: 404, code: "not_found", message: "Not found.", requestId: "r1" });
  });

  it("read the file name from Content-Disposition, quoted or not", () => {
    expect(fileNameOf('attachment; filename="paya-2026-03-01.csv"')).toBe("paya-2026-03-01.csv");
    expect(fileNameOf("attachment; filename=paya.csv")).toBe("paya.csv");
    expect(fileNameOf("attachment")).toBeNull();
    expect(fileNameOf(null)).toBeNull();
  });
});
