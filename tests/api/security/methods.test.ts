import { randomUUID } from "node:crypto";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/server/db/client";
import { openTestDatabase } from "@/tests/api/support/helpers";
import { startNodeListener } from "@/tests/api/support/node-server";
import { newSession, signedInUser, type SignedIn } from "./signed-in";
import { answersErrorOnPurpose, fillPath } from "./paths";

/**
 * Every path of /api/openapi.json, every method, every way of sending (or not sending) a body,
 * anonymous and signed in: never a 5xx, never an error reported. Through the real Node listener
 * (server/http/node-listener.ts, as `npm start` and `npm run api` serve the API) on a real socket,
 * since what broke lives in the Node adapter: a DELETE or OPTIONS without a body answered 500.
 */

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

type Variant = { name: string; headers: string[]; body: string };
const JSON_BODY = "{}";
const chunk = (text: string) => `${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n`;
const VARIANTS: Record<string, Variant> = {
  // What a browser sends for a DELETE or an OPTIONS preflight: neither Content-Length nor Transfer-Encoding.
  none: { name: "no body, no length", headers: [], body: "" },
  zero: { name: "Content-Length: 0", headers: ["Content-Length: 0"], body: "" },
  json: { name: "JSON body", headers: ["Content-Type: application/json", `Content-Length: ${JSON_BODY.length}`], body: JSON_BODY },
  untyped: { name: "body without Content-Type", headers: [`Content-Length: ${JSON_BODY.length}`], body: JSON_BODY },
  chunked: {
    name: "chunked JSON body",
    headers: ["Content-Type: application/json", "Transfer-Encoding: chunked"],
    body: `${chunk(JSON_BODY)}0\r\n\r\n`,
  },
  chunkedEmpty: { name: "chunked, no chunk", headers: ["Content-Type: application/json", "Transfer-Encoding: chunked"], body: "0\r\n\r\n" },
};

let database: Database;
let port: number;
let inflight: Set<Promise<void>>;
let close: () => Promise<void>;
const reported: unknown[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  ({ port, inflight, close } = await startNodeListener(database, { reportError: (error) => void reported.push(error) }));
});
afterAll(async () => {
  await close();
  await database.close();
});

/** One HTTP/1.1 request written byte for byte (fetch would add its own framing), read to the end. */
function send(
  method: string,
  path: string,
  headers: string[],
  body: string,
  options: { halfClose?: boolean } = {},
): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => {
      socket.write(
        `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n${headers.map((h) => `${h}\r\n`).join("")}\r\n${body}`,
      );
      if (options.halfClose) socket.end();
    });
    // No answer within 4 s is an answer too (status 0): a server still waiting for a body.
    socket.setTimeout(4_000, () => socket.destroy());
    const chunks: Buffer[] = [];
    socket.on("data", (data) => chunks.push(data));
    socket.on("error", reject);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const [head = "", ...rest] = text.split("\r\n\r\n");
      const [statusLine = "", ...lines] = head.split("\r\n");
      const answerHeaders: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(":");
        answerHeaders[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(" ")[1] ?? 0), headers: answerHeaders, body: rest.join("\r\n\r\n") });
    });
  });
}

async function settled() {
  while (inflight.size > 0) await Promise.allSettled([...inflight]);
}

async function documentedPaths(): Promise<string[]> {
  const answer = await send("GET", "/api/openapi.json", [], "");
  const doc = JSON.parse(answer.body) as { paths: Record<string, unknown> };
  if (!doc.paths) throw new Error(`openapi.json: ${answer.status} ${answer.body.slice(0, 300)}`);
  return [...Object.keys(doc.paths), "/api/docs", "/api/openapi.json", "/api/no/such/route"];
}

type Identity = { name: string; headers: () => string[]; variants: Variant[]; renew?: () => Promise<void> };

async function sweep(identity: Identity) {
  const failures: string[] = [];
  let requests = 0;
  for (const path of await documentedPaths()) {
    for (const method of METHODS) {
      for (const variant of identity.variants) {
        const url = fillPath(path);
        const answer = await send(method, url, [...identity.headers(), ...variant.headers], variant.body);
        requests++;
        const what = `${identity.name}: ${method} ${url} (${variant.name}) → ${answer.status}`;
        if (answersErrorOnPurpose(method, path)) {
          if (answer.status !== 500) failures.push(`${what}, expected its 500 on purpose`);
        } else if (answer.status >= 500 || answer.status < 100) failures.push(`${what} ${answer.body.slice(0, 200)}`);
        if (answer.status === 405 && !answer.headers.allow?.split(", ").length) failures.push(`${what} without Allow`);
        if (answer.status === 405 && answer.headers.allow?.split(", ").includes(method)) failures.push(`${what} yet Allow names it`);
        // OPTIONS: 204 with Allow on a known path; 404 on an unknown one, or where a route answers 404 to
        // everyone before anything else (YouTube search without YOUTUBE_API_KEY).
        if (method === "OPTIONS" && !(answer.status === 404 || (answer.status === 204 && answer.headers.allow)))
          failures.push(`${what}, expected 204 with Allow, or 404`);
        if (method === "OPTIONS" && path === "/api/no/such/route" && answer.status !== 404) failures.push(`${what}, expected 404`);
        // A write to the account's own endpoints may end the session the sweep is using (logout, refresh reuse).
        if (identity.renew && method !== "GET" && method !== "HEAD" && /^\/api\/(auth|me)\//.test(path)) await identity.renew();
      }
    }
  }
  await settled();
  return { failures, requests };
}

describe("every path, every method, with and without a body, through the Node listener", () => {
  it("answers anonymous callers with their own status, never 5xx", { timeout: 300_000 }, async () => {
    const { failures, requests } = await sweep({ name: "anonymous", headers: () => [], variants: Object.values(VARIANTS) });
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(2000);
    expect(reported.filter((error) => !String(error).includes("thrown on purpose"))).toEqual([]);
  });

  it("answers a user signed in by cookie from our own pages, never 5xx", { timeout: 300_000 }, async () => {
    const user = await signedInUser(database.db, "user");
    let cookie = user.cookie;
    const { failures } = await sweep({
      name: "user (cookie)",
      // A fresh Idempotency-Key each time, as the web client sends with its money requests.
      headers: () => [
        `Cookie: ${cookie}`,
        `Origin: http://127.0.0.1:${port}`,
        "Sec-Fetch-Site: same-origin",
        `Idempotency-Key: ${randomUUID()}`,
      ],
      variants: [VARIANTS.none!, VARIANTS.json!, VARIANTS.chunked!, VARIANTS.untyped!],
      renew: async () => {
        cookie = (await newSession(database.db, user.user)).cookie;
      },
    });
    expect(failures).toEqual([]);
    expect(reported.filter((error) => !String(error).includes("thrown on purpose"))).toEqual([]);
  });

  it("answers an admin signed in by bearer token, never 5xx", { timeout: 300_000 }, async () => {
    const admin: SignedIn = await signedInUser(database.db, "admin", "Admin");
    let token = admin.accessToken;
    const { failures } = await sweep({
      name: "admin (bearer)",
      headers: () => [`Authorization: Bearer ${token}`],
      variants: [VARIANTS.none!, VARIANTS.zero!, VARIANTS.json!, VARIANTS.chunkedEmpty!],
      renew: async () => {
        token = (await newSession(database.db, admin.user)).accessToken;
      },
    });
    expect(failures).toEqual([]);
    expect(reported.filter((error) => !String(error).includes("thrown on purpose"))).toEqual([]);
  });

  it("a preflight, a DELETE of a session and a chunked body, as a browser sends them, get their own answers", async () => {
    const user = await signedInUser(database.db, "user");
    const other = await newSession(database.db, user.user);
    const origin = `http://127.0.0.1:${port}`;
    const preflight = await send(
      "OPTIONS",
      `/api/me/sessions/${other.sessionId}`,
      [`Origin: ${origin}`, "Access-Control-Request-Method: DELETE"],
      "",
    );
    expect(preflight.status).toBe(204);
    expect(preflight.headers.allow).toBe("DELETE, OPTIONS");
    const ended = await send("DELETE", `/api/me/sessions/${other.sessionId}`, [`Cookie: ${user.cookie}`, `Origin: ${origin}`], "");
    expect(ended.status).toBe(200);
    const again = await send("GET", "/api/me", [`Cookie: ${other.cookie}`], "");
    expect(again.status).toBe(401);
    const page = await send(
      "POST",
      "/api/pages/get",
      ["Content-Type: application/json", "Transfer-Encoding: chunked"],
      `${chunk('{"slug":')}${chunk('"about"}')}0\r\n\r\n`,
    );
    expect(page.status).toBe(200);
    expect(JSON.parse(page.body).data.slug).toBe("about");
  });

  it("a declared body over its path's limit answers 413 before a byte of it is read, on every kind of path", async () => {
    for (const [method, path] of [
      ["POST", "/api/pages/get"],
      ["POST", "/api/me/identity-verification"],
      ["PUT", "/api/admin/pages/about/en-US"],
      ["POST", "/api/monitoring"],
    ] as const) {
      // 10 GB announced, nothing sent: only an answer given from the headers can arrive.
      const answer = await send(method, path, ["Content-Type: application/json", "Content-Length: 10000000000"], "");
      expect(answer.status, `${method} ${path}`).toBe(413);
    }
  });

  it("a chunked body over the limit answers 413; a body cut off by the client is not reported as an error", async () => {
    const big = JSON.stringify({ slug: "about", padding: "x".repeat(70 * 1024) });
    const tooLarge = await send(
      "POST",
      "/api/pages/get",
      ["Content-Type: application/json", "Transfer-Encoding: chunked"],
      `${chunk(big)}0\r\n\r\n`,
    );
    expect(tooLarge.status).toBe(413);
    const before = reported.length;
    for (const [method, path] of [
      ["POST", "/api/pages/get"],
      ["PATCH", "/api/me"],
      ["POST", "/api/auth/login"],
    ] as const) {
      await send(method, path, ["Content-Type: application/json", "Content-Length: 40"], '{"slug":', { halfClose: true });
      await send(method, path, ["Content-Type: application/json", "Transfer-Encoding: chunked"], chunk('{"slug":'), { halfClose: true });
    }
    await settled();
    expect(reported.slice(before)).toEqual([]);
  });
});
