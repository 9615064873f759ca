import { describe, expect } from "vitest";
import { eq, sql } from "drizzle-orm";
import { openDatabase } from "@/server/db/client";
import { apiKeys } from "@/server/db/schema";
import { apiTest } from "@/tests/api/support/fixture";
import { startNodeListener } from "@/tests/api/support/node-server";

// PostgreSQL only (*.pg.test.ts), issue 36: a key revoked or expired through one instance is refused at once
// by another instance with its own connections (no cache: every use is checked in the key's one statement),
// and the key's per-minute count is one across both.

const it = apiTest
  .override("client", ({ serial }) => ({ address: `10.7.40.${serial % 250}` }))
  .extend("second", { scope: "file" }, async ({}, { onCleanup }) => {
    const other = await openDatabase({ url: process.env.TEST_DATABASE_URL!, maxConnections: 2 });
    const listener = await startNodeListener(other);
    onCleanup(async () => {
      await listener.close();
      await other.close();
    });
    return listener;
  });

const balance = (port: number, key: string) =>
  fetch(`http://127.0.0.1:${port}/api/orders/balance`, { headers: { authorization: `Bearer ${key}` } }).then(async (r) => ({
    status: r.status,
    body: (await r.json()) as { data?: unknown; error?: { code: string } },
  }));

describe("API keys across instances", () => {
  it("revoked through one instance, expired in the database: the other refuses the next request; the rate is shared", async ({
    call,
    person,
    listener,
    second,
    database,
  }) => {
    const me = await person(1_000);
    const created = (await call("integrations/keys", { name: "Two", scopes: ["read"] }, { token: me.token })).body.data;
    const key = created.secret as string;
    expect((await balance(listener.port, key)).status).toBe(200);
    expect((await balance(second.port, key)).status).toBe(200);

    // Both instances counted on the key's one row.
    const [row] = await database.db.select().from(apiKeys).where(eq(apiKeys.id, created.key.id));
    expect(row!.windowUses).toBe(2);

    expect((await call(`integrations/keys/${created.key.id}`, null, { method: "DELETE", token: me.token })).status).toBe(204);
    const refused = await balance(second.port, key);
    expect([refused.status, refused.body.error?.code]).toEqual([401, "api_key_invalid"]);
    expect((await balance(listener.port, key)).status).toBe(401);

    const other = (await call("integrations/keys", { name: "Expiring", scopes: ["read"] }, { token: me.token })).body.data;
    expect((await balance(second.port, other.secret)).status).toBe(200);
    await database.db.execute(sql`update api_keys set expires_at = now() - interval '1 second' where id = ${other.key.id}::uuid`);
    expect((await balance(second.port, other.secret)).status).toBe(401);
    expect((await balance(listener.port, other.secret)).status).toBe(401);
  });
});
