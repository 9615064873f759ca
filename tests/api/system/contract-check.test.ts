import { describe, expect } from "vitest";
import { caller } from "@/tests/api/support/account-helpers";
import { contractProblem } from "@/tests/api/support/contract";
import { apiTest } from "@/tests/api/support/fixture";

/**
 * The test caller holds every JSON success to its route's documented schema (contract.ts): these
 * show the check can fail, on each kind of mismatch, and that a call meeting one fails its test.
 */
const it = apiTest;

describe("the contract check of the test caller", () => {
  it("passes a real answer, and names what differs in a wrong one", ({ app }) => {
    const health = (body: unknown, status = 200) => contractProblem(app, "GET", "/api/health", status, body).problem;
    expect(health({ data: { status: "ok", database: "ok" } })).toBeNull();
    expect(health({ data: { status: "ok" } })).toMatch(/^200 does not match its schema: data\.database: /);
    expect(health({ data: { status: "ok", database: 5 } })).toMatch(/data\.database/);
    expect(health({ data: { status: "ok", database: "ok", secret: "x" } })).toBe(
      "200 carries fields its schema does not name: data.secret",
    );
    expect(health({ data: { status: "ok", database: "ok" } }, 299)).toBe("299 is not documented as a JSON answer");
    expect(contractProblem(app, "GET", "/api/no/such/route", 200, {})).toEqual({
      route: "GET /api/no/such/route",
      problem: "no documented route answers this path",
    });
  });

  it("finds the first route registered that matches, as Hono tries them, and checks inside lists", ({ rebuild, gateways }) => {
    const app = rebuild({ gateways });
    // The gateways' return comes before the sandbox bank's page, whose {authority} "callback" would fit too.
    expect(contractProblem(app, "GET", "/api/payments/sandbox/callback", 303, {}).route).toBe("GET /payments/{gateway}/callback");
    expect(contractProblem(app, "GET", "/api/payments/sandbox/SBX1", 200, {}).route).toBe("GET /payments/sandbox/{authority}");
    const page = contractProblem(app, "GET", "/api/notifications", 200, {
      data: [{ unexpected: true }],
      meta: { page: 1, per_page: 20, total: 1 },
    });
    expect(page.route).toBe("GET /notifications");
    expect(page.problem).toMatch(/^200 does not match its schema: data\.0\./);
  });

  it("fails a call whose success does not match, with the route and the difference", async ({ app }) => {
    const wrong = {
      fetch: async () => Response.json({ data: { status: "ok" } }),
      openAPIRegistry: app.openAPIRegistry,
    } as unknown as typeof app;
    const call = caller(
      () => wrong,
      () => "10.0.0.9",
    );
    await expect(call("health", undefined, { method: "GET" })).rejects.toThrow(
      /does not match its contract .*: GET \/health 200\n {2}200 does not match its schema: data\.database/,
    );
  });
});
