import vm from "node:vm";
import { describe, expect } from "vitest";
import { apiTest, type ApiContext } from "@/tests/api/support/fixture";
import { newSession, signedInUser, type SignedIn } from "./signed-in";
import { answersErrorOnPurpose, fillPath } from "./paths";

const it = apiTest
  // An admin, before every test, as the docs' walk signs in.
  .extend("people", { auto: true }, async ({ fresh }): Promise<{ admin: SignedIn }> => ({ admin: await signedInUser(fresh.db, "admin") }))
  // No socket address, as the app was made before (the API under next dev knows none).
  .override("appDeps", { socketAddress: () => null });

type Node = { tag: string; className: string; textContent: string; children: Node[]; append(...nodes: Node[]): void };

/**
 * Runs the docs page's own script against a minimal DOM, its fetch answered by the app, and reads
 * back what it lists: each operation's method badge and the path shown next to it.
 */
async function operationsListedBy(
  app: ApiContext["app"],
  html: string,
): Promise<{ fetched: string[]; operations: Array<{ method: string; path: string }> }> {
  const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!script) throw new Error("the docs page has no script");
  const node = (tag: string): Node => ({
    tag,
    className: "",
    textContent: "",
    children: [],
    append(...nodes) {
      this.children.push(...nodes);
    },
  });
  const main = node("main");
  const fetched: string[] = [];
  let loaded!: () => void;
  const done = new Promise<void>((resolve) => (loaded = resolve));
  const document = {
    getElementById: (id: string) => (id === "ops" ? main : null),
    createElement: node,
    createTextNode: (text: string) => ({ ...node("#text"), textContent: text }),
  };
  const fetchFromApp = async (url: string) => {
    fetched.push(url);
    const response = await app.request(url);
    return {
      json: async () => {
        const doc = await response.json();
        setTimeout(loaded, 0);
        return doc;
      },
    };
  };
  vm.runInNewContext(script, { document, fetch: fetchFromApp });
  await done;
  const operations = main.children.map((details) => {
    const [badge, code] = details.children[0]!.children;
    return { method: badge!.textContent.toUpperCase(), path: code!.textContent };
  });
  return { fetched, operations };
}

describe("/api/docs", () => {
  it("lists every operation of /api/openapi.json once, at the path a client requests", async ({ app }) => {
    const page = await app.request("/api/docs", { headers: { "x-locale": "en-US" } });
    expect(page.status).toBe(200);
    const { fetched, operations } = await operationsListedBy(app, await page.text());
    expect(fetched).toEqual(["/api/openapi.json"]);

    const doc = (await (await app.request("/api/openapi.json")).json()) as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations.map((op) => `${op.method} ${op.path}`).sort()).toEqual(documented.sort());
    for (const { path } of operations) expect(path).toMatch(/^\/api\/(?!api\/)/);
  });

  it("each listed operation answers from the path it shows, not with route_not_found or 405", async ({
    app,
    database,
    people: { admin },
  }) => {
    const page = await app.request("/api/docs");
    const { operations } = await operationsListedBy(app, await page.text());
    expect(operations.length).toBeGreaterThan(40);
    const missing: string[] = [];
    for (const { method, path } of operations) {
      // A fresh admin session each time: logout (listed too) ends the session it is sent with.
      const session = await newSession(database.db, admin.user);
      const hasBody = method !== "GET" && method !== "HEAD";
      const response = await app.request(fillPath(path), {
        method,
        headers: {
          authorization: `Bearer ${session.accessToken}`,
          "x-locale": "en-US",
          ...(hasBody ? { "content-type": "application/json" } : {}),
        },
        ...(hasBody ? { body: "{}" } : {}),
      });
      const type = response.headers.get("content-type") ?? "";
      const code = type.includes("json") ? ((await response.json()) as { error?: { code: string } }).error?.code : undefined;
      if (code === "route_not_found" || response.status === 405) missing.push(`${method} ${path} → ${response.status} ${code}`);
      if (!answersErrorOnPurpose(method, path)) expect(response.status, `${method} ${path}`).toBeLessThan(500);
    }
    expect(missing).toEqual([]);
  });
});
