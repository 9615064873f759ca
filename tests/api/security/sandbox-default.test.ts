import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { defaultGateways } from "@/server/adapters/payments/default";
import { gatewaysFromEnv } from "@/server/adapters/payments/registry";
import { sandboxGateway } from "@/server/adapters/payments/sandbox";
import { registerAndSignIn } from "@/tests/api/support/account-helpers";
import { smartCampaign } from "@/tests/api/support/campaign-fixtures";
import { apiTest } from "@/tests/api/support/fixture";

/**
 * Money is safe by default (issue 13 item 5): the sandbox test bank "pays" whatever is asked, so it
 * runs only where PAYMENTS_SANDBOX=true is set explicitly — not because NODE_ENV is unset or
 * "development", nor because no real gateway is configured — in every entry point.
 */

const root = path.resolve(import.meta.dirname, "../../..");
const unset = {
  PAYMENTS_SANDBOX: undefined,
  ZARINPAL_MERCHANT_ID: undefined,
  STRIPE_SECRET_KEY: undefined,
  NOWPAYMENTS_API_KEY: undefined,
};

describe("gateway construction", () => {
  const it = apiTest;

  it("gatewaysFromEnv: no sandbox without PAYMENTS_SANDBOX=true, whatever NODE_ENV is", ({ database }) => {
    const sandbox = sandboxGateway(async () => database);
    for (const NODE_ENV of [undefined, "", "development", "test", "production"]) {
      expect([...gatewaysFromEnv({ NODE_ENV }, sandbox).keys()]).toEqual([]);
      expect([...gatewaysFromEnv({ NODE_ENV, PAYMENTS_SANDBOX: "false" }, sandbox).keys()]).toEqual([]);
      expect([...gatewaysFromEnv({ NODE_ENV, PAYMENTS_SANDBOX: "true" }, sandbox).keys()]).toEqual(["sandbox"]);
    }
  });

  it("defaultGateways (server/web.ts, server/standalone.ts, server/main.ts, the tests' app): off unless asked for", ({ database }) => {
    expect([...defaultGateways(async () => database, {}).keys()]).toEqual([]);
    expect([...defaultGateways(async () => database, { NODE_ENV: "development" }).keys()]).toEqual([]);
    expect([...defaultGateways(async () => database, { PAYMENTS_SANDBOX: "true" }).keys()]).toEqual(["sandbox"]);
  });

  it("every server entry point builds its gateways through defaultGateways, never on its own", () => {
    // The composition root builds them once; npm start and npm run api take them from it.
    for (const file of ["server/root.ts", "server/app.ts"]) {
      const source = readFileSync(path.join(root, file), "utf8");
      expect(source, file).toMatch(/defaultGateways\(/);
      expect(source, file).not.toMatch(/gatewaysFromEnv\(|sandboxGateway\(/);
    }
    for (const file of ["server/web.ts", "server/standalone.ts", "server/main.ts"]) {
      const source = readFileSync(path.join(root, file), "utf8");
      expect(source, file).toMatch(/from "\.\/root"/);
      expect(source, file).not.toMatch(/gatewaysFromEnv\(|sandboxGateway\(/);
    }
    // next dev: the catch-all route handler mounts server/main.ts's app, which takes the root's.
    expect(readFileSync(path.join(root, "app/api/[[...route]]/route.ts"), "utf8")).toMatch(/from "@\/server\/main"/);
  });
});

describe("the app with nothing configured (the tests' app, and next dev's through server/main.ts)", () => {
  const it = apiTest
    // Nothing configured, for the test's app and what it builds; put back after the test.
    .extend("nothingConfigured", { auto: true }, ({}, { onCleanup }) => {
      for (const [name, value] of Object.entries(unset)) vi.stubEnv(name, value);
      vi.stubEnv("NODE_ENV", "development");
      onCleanup(() => void vi.unstubAllEnvs());
      // No gateways handed in: the app builds its own from the environment, as every entry point does.
      return {};
    })
    .override("client", () => ({ address: "10.13.5.1" }))
    .override("appDeps", ({ nothingConfigured }) => nothingConfigured);

  it("offers no gateway, has no sandbox bank, and refuses a charge with a translated sentence (not 500)", async ({ sms, call }) => {
    expect((await call("payments/gateways", undefined, { method: "GET" })).body.data).toEqual([]);
    const { token } = await registerAndSignIn(call, sms, { phone: "09125550111", email: "nothing-configured@example.com" });

    for (const locale of ["en-US", "fa-IR"]) {
      const charged = await call("wallet/charge", { amount: 500_000_000, gateway: "sandbox" }, { token, locale });
      expect(charged.status).toBe(503);
      expect(charged.body.error?.code).toBe("payments_not_configured");
      expect(charged.body.error?.message).toBeTruthy();
      expect(charged.body.error?.message).not.toContain("payments_not_configured");
    }
    const campaign = await call("campaigns", { ...smartCampaign, gateway: "sandbox" }, { token });
    expect(campaign.status).toBe(503);
    expect(campaign.body.error?.code).toBe("payments_not_configured");

    // The bank page's API does not exist at all: nothing can be "paid" through it.
    expect((await call("payments/sandbox/SBX0000/decision", { decision: "pay" })).status).toBe(404);
    expect((await call("payments/sandbox/SBX0000", undefined, { method: "GET" })).status).toBe(404);
    const doc = await call("openapi.json", undefined, { method: "GET" });
    const paths = Object.keys((doc.body as unknown as { paths: Record<string, unknown> }).paths);
    expect(paths.length).toBeGreaterThan(10);
    expect(paths.filter((p) => p.includes("sandbox"))).toEqual([]);
    expect((await call("wallet", undefined, { method: "GET", token })).body.data.wallet_balance).toBe(0);
  });

  it("server/main.ts (what next dev mounts) builds the same app: no sandbox in its API description", async () => {
    vi.resetModules();
    const { app: nextApp } = await import("@/server/main");
    const doc = (await (await nextApp.request("/api/openapi.json")).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).length).toBeGreaterThan(10);
    expect(Object.keys(doc.paths).filter((p) => p.includes("sandbox"))).toEqual([]);
  });

  it("with PAYMENTS_SANDBOX=true the sandbox is there (so the checks above are not vacuous)", async ({ rebuild, call }) => {
    vi.stubEnv("PAYMENTS_SANDBOX", "true");
    rebuild({});
    expect((await call("payments/gateways", undefined, { method: "GET" })).body.data).toEqual([{ id: "sandbox", kind: "test" }]);
  });
});

describe("npm run api (server/standalone.ts) with PAYMENTS_SANDBOX and NODE_ENV unset", () => {
  let dataDir = "";
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), "takapoo-sandbox-default-"));
  });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("offers no sandbox and refuses a sandbox charge", { timeout: 90_000 }, async () => {
    const port = await freePort();
    const env: Record<string, string> = {};
    for (const [name, value] of Object.entries(process.env)) {
      if (value === undefined || name === "NODE_ENV" || name.startsWith("PAYMENTS_") || name.startsWith("VITEST")) continue;
      if (/^(ZARINPAL|STRIPE|NOWPAYMENTS|DATABASE_URL|TEST_DATABASE_URL)/.test(name)) continue;
      env[name] = value;
    }
    Object.assign(env, { API_PORT: String(port), API_HOST: "127.0.0.1", DATA_DIR: dataDir, SMS_PROVIDER: "console" });
    const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "server/standalone.ts")], {
      cwd: root,
      env: env as NodeJS.ProcessEnv,
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    try {
      await vi.waitFor(
        () => {
          if (child.exitCode !== null) throw new Error(`the API exited: ${output}`);
          expect(output).toContain("Takapoo core API on");
        },
        { timeout: 60_000, interval: 200 },
      );
      const base = `http://127.0.0.1:${port}/api`;
      const gateways = (await (await fetch(`${base}/payments/gateways`)).json()) as { data: unknown[] };
      expect(gateways.data).toEqual([]);
      const decision = await fetch(`${base}/payments/sandbox/SBX0000/decision`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ decision: "pay" }),
      });
      expect(decision.status).toBe(404);
      expect(output).not.toContain("sandbox test bank is on");
    } finally {
      child.kill("SIGTERM");
    }
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}
