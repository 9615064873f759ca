import { execFile } from "node:child_process";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { describe, expect } from "vitest";
import { signWebhook } from "@/server/integrations";
import { apiTest } from "@/tests/api/support/fixture";

// Issue 36: the scripts docs/api.md gives integrators are run as written, so the docs cannot drift from the API.

const it = apiTest.override("client", ({ serial }) => ({ address: `10.7.39.${serial % 250}` }));

/** The code block of docs/api.md opened with ```js <name>, written to a file of that name. */
async function docsScript(name: string): Promise<string> {
  const docs = await readFile(join(process.cwd(), "docs/api.md"), "utf8");
  const block = new RegExp("```js " + name.replace(".", "\\.") + "\\n([\\s\\S]*?)```").exec(docs);
  if (!block) throw new Error(`docs/api.md has no block ${name}`);
  const file = join(await mkdtemp(join(tmpdir(), "takapoo-docs-")), name);
  await writeFile(file, block[1]!);
  return file;
}

describe("docs/api.md's scripts", () => {
  it("reseller.mjs drives /api/v2 over HTTP as reseller software does: services, balance, add, status", async ({
    call,
    person,
    listener,
  }) => {
    const me = await person(5_000_000);
    const key = (await call("integrations/keys", { name: "Reseller", scopes: ["read", "create", "spend"] }, { token: me.token })).body.data
      .secret as string;
    const script = await docsScript("reseller.mjs");
    const { stdout } = await promisify(execFile)(process.execPath, [script, `http://127.0.0.1:${listener.port}`, key], { timeout: 30_000 });
    const printed = JSON.parse(stdout) as { rate: string; balance: string; order: string; status: Record<string, string> };
    expect(printed.balance).toBe("5000000");
    expect(Number(printed.rate)).toBeGreaterThan(0);
    expect(printed.order).toMatch(/^[0-9a-f-]{36}$/);
    expect(printed.status).toMatchObject({ status: "Pending", remains: "100", currency: "IRR" });
    expect(Number(printed.status.charge)).toBe((Number(printed.rate) / 1000) * 100 * 1.1);
  });

  it("verify.mjs accepts a delivery as we sign it and refuses another secret, a changed body and a replay", async () => {
    const { verifyTakapoo } = (await import(/* @vite-ignore */ pathToFileURL(await docsScript("verify.mjs")).href)) as {
      verifyTakapoo: (secret: string, body: string, header: string, now?: number) => boolean;
    };
    const body = JSON.stringify({ id: "d1", event: "ping", created_at: new Date().toISOString(), data: {} });
    const now = Math.floor(Date.now() / 1000);
    const header = signWebhook("whsec_docs", body, now);
    expect(verifyTakapoo("whsec_docs", body, header)).toBe(true);
    expect(verifyTakapoo("whsec_other", body, header)).toBe(false);
    expect(verifyTakapoo("whsec_docs", body.replace("ping", "pong"), header)).toBe(false);
    expect(verifyTakapoo("whsec_docs", body, header, now + 301)).toBe(false);
    expect(verifyTakapoo("whsec_docs", body, signWebhook("whsec_docs", body, now - 301))).toBe(false);
  });
});
