import { describe, expect } from "vitest";
import { eq } from "drizzle-orm";
import { apiKeys, auditLog, userBans } from "@/server/db/schema";
import { env } from "@/server/core/env";
import { apiTest } from "@/tests/api/support/fixture";
import { smartCampaign } from "@/tests/api/support/campaign-fixtures";

// Issue 36 item 1 and the panel-compatible endpoint's reads: keys made with a session, seen once, used by
// programs within their scopes, addresses and rate, refused everywhere a session belongs, revoked at once.

const it = apiTest.override("client", ({ serial }) => ({ address: `10.7.36.${serial % 250}` }));

const readKey = { name: "Reseller panel", scopes: ["read"] };

describe("API keys", () => {
  it("made with a session: the secret answered once, only its hash kept, listed without it, audited", async ({
    database,
    call,
    get,
    person,
  }) => {
    const me = await person();
    const made = await call("integrations/keys", { ...readKey, ip_allow: ["203.0.113.7", "2001:db8::/32"] }, { token: me.token });
    expect(made.status).toBe(201);
    const { key, secret } = made.body.data;
    expect(secret).toMatch(/^tk_[A-Za-z0-9_-]{43}$/);
    expect(key).toMatchObject({
      name: "Reseller panel",
      scopes: ["read"],
      state: "active",
      prefix: secret.slice(0, 9),
      last_used_at: null,
    });
    const [row] = await database.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row!.secretHash).not.toContain(secret.slice(3));
    const list = await get("integrations/keys", me.token);
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain(secret);
    expect(list.body.data).toEqual([key]);
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.targetId, key.id));
    expect(audit.map((entry) => entry.action)).toEqual(["api_key.created"]);
  });

  it("bad input is 422 with the field named and nothing made", async ({ database, call, person }) => {
    const me = await person();
    const bad = [
      [{ ...readKey, name: " " }, "name"],
      [{ ...readKey, scopes: [] }, "scopes"],
      [{ ...readKey, scopes: ["read", "admin"] }, "scopes.1"],
      [{ ...readKey, ip_allow: ["not-an-address"] }, "ip_allow.0"],
      [{ ...readKey, expires_at: "2020-01-01T00:00:00Z" }, "expires_at"],
    ] as const;
    for (const [body, field] of bad) {
      const answer = await call("integrations/keys", body, { token: me.token });
      expect(answer.status, field).toBe(422);
      expect(Object.keys(answer.body.error!.fields ?? {}), field).toContain(field);
    }
    expect(await database.db.select().from(apiKeys)).toHaveLength(0);
  });

  it("a key is never a session: not for the profile, payouts, keys or logout; a session is not a key", async ({ call, get, person }) => {
    const me = await person();
    const { secret } = (await call("integrations/keys", readKey, { token: me.token })).body.data;
    for (const path of ["me", "payouts", "integrations/keys", "wallet", "campaigns"]) {
      const answer = await get(path, secret);
      expect(answer.status, path).toBe(401);
      expect(answer.body.error!.code, path).toBe("api_key_not_accepted");
    }
    expect((await call("payouts", { amount: 1_000_000 }, { token: secret })).body.error!.code).toBe("api_key_not_accepted");
    expect((await call("integrations/keys", readKey, { token: secret })).body.error!.code).toBe("api_key_not_accepted");
    // The session's token on the key-only endpoint.
    expect(await (await call("v2", { action: "balance" }, { token: me.token })).body).toEqual({ error: expect.stringMatching(/key/i) });
  });

  it("v2 answers the panels' shape: balance, services, status of one and of many orders, errors as 200", async ({ call, person }) => {
    const me = await person(5_000_000);
    const created = await call("campaigns", smartCampaign, { token: me.token });
    expect(created.status).toBe(200);
    const campaignId = created.body.data.campaign.id as string;
    const { secret } = (await call("integrations/keys", readKey, { token: me.token })).body.data;
    const spent = 5_000_000 - created.body.data.campaign.budget;

    const balance = await call("v2", { key: secret, action: "balance" });
    expect(balance.status).toBe(200);
    expect(balance.body).toEqual({ balance: String(spent), currency: "IRR" });
    // As a form, the key in the header instead.
    const form = new FormData();
    form.set("action", "services");
    const services = await call("v2", undefined, { token: secret, form });
    expect(services.status).toBe(200);
    expect(services.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ service: "youtube.like", category: "youtube", min: "1", max: "1000000", dripfeed: true }),
      ]),
    );

    const one = await call("v2", { key: secret, action: "status", order: campaignId });
    expect(one.body).toEqual({
      charge: String(created.body.data.campaign.budget),
      start_count: "0",
      status: "Pending",
      remains: expect.any(String),
      currency: "IRR",
    });

    const other = await person(5_000_000);
    const theirs = (await call("campaigns", smartCampaign, { token: other.token })).body.data.campaign.id as string;
    const many = await call("v2", { key: secret, action: "status", orders: `${campaignId},${theirs},nonsense` });
    const statuses = many.body as unknown as Record<string, unknown>;
    expect(statuses[campaignId]).toMatchObject({ status: "Pending", currency: "IRR" });
    expect(statuses[theirs]).toEqual({ error: "Incorrect order ID" });
    expect(statuses.nonsense).toEqual({ error: "Incorrect order ID" });
    const tooMany = Array.from({ length: 101 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`).join(",");
    expect((await call("v2", { key: secret, action: "status", orders: tooMany })).body).toEqual({ error: "Incorrect request" });
    expect((await call("v2", { key: secret, action: "dance" })).body).toEqual({ error: "Incorrect request" });
    expect((await call("v2", { key: "tk_nothing", action: "balance" })).body).toEqual({ error: expect.any(String) });
  });

  it("scopes, the address allow-list, expiry, bans and revocation are checked on every use", async ({ database, call, get, person }) => {
    const me = await person();
    const createOnly = (await call("integrations/keys", { name: "Bot", scopes: ["create"] }, { token: me.token })).body.data.secret;
    const answer = await call("v2", { key: createOnly, action: "balance" });
    expect(answer.status).toBe(200);
    expect(answer.body.error).toMatch(/permission/i);

    const fenced = (await call("integrations/keys", { ...readKey, ip_allow: ["192.0.2.0/24"] }, { token: me.token })).body.data.secret;
    expect((await call("v2", { key: fenced, action: "balance" })).body.error).toMatch(/address/i);
    expect(
      (
        (await call("v2", { key: fenced, action: "balance" }, { headers: { "x-test-ip": "192.0.2.44" } })).body as unknown as {
          balance?: string;
        }
      ).balance,
    ).toBe("0");

    const made = (await call("integrations/keys", readKey, { token: me.token })).body.data;
    expect(((await call("v2", { key: made.secret, action: "balance" })).body as unknown as { balance?: string }).balance).toBe("0");
    const used = (await get("integrations/keys", me.token)).body.data.find((key: { id: string }) => key.id === made.key.id);
    expect(used.last_used_at).not.toBeNull();
    expect(used.last_used_ip).toMatch(/^10\.7\.36\./);

    // The key's rate: its uses in this minute are counted on its row (every instance shares it).
    await database.db.update(apiKeys).set({ windowUses: env.API_KEY_RATE_PER_MINUTE }).where(eq(apiKeys.id, made.key.id));
    expect((await call("v2", { key: made.secret, action: "balance" })).body.error).toMatch(/too many|wait/i);
    await database.db
      .update(apiKeys)
      .set({ windowStartedAt: new Date(Date.now() - 61_000) })
      .where(eq(apiKeys.id, made.key.id));
    expect(((await call("v2", { key: made.secret, action: "balance" })).body as unknown as { balance?: string }).balance).toBe("0");

    await database.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, made.key.id));
    expect((await call("v2", { key: made.secret, action: "balance" })).body.error).toMatch(/revoked|expired/i);
    expect((await get("integrations/keys", me.token)).body.data.find((key: { id: string }) => key.id === made.key.id).state).toBe(
      "expired",
    );

    const another = (await call("integrations/keys", readKey, { token: me.token })).body.data;
    await database.db
      .insert(userBans)
      .values({ userId: me.user.id, reason: "test", expiresAt: new Date(Date.now() + 86_400_000) } as never);
    expect((await call("v2", { key: another.secret, action: "balance" })).body.error).toBeDefined();
    await database.db.delete(userBans);
    expect(((await call("v2", { key: another.secret, action: "balance" })).body as unknown as { balance?: string }).balance).toBe("0");

    expect((await call(`integrations/keys/${another.key.id}`, undefined, { method: "DELETE", token: me.token })).status).toBe(204);
    expect((await call("v2", { key: another.secret, action: "balance" })).body.error).toMatch(/revoked/i);
    // Someone else's key: not found, and not revoked.
    const other = await person();
    const theirs = (await call("integrations/keys", readKey, { token: other.token })).body.data;
    expect((await call(`integrations/keys/${theirs.key.id}`, undefined, { method: "DELETE", token: me.token })).status).toBe(404);
    expect(((await call("v2", { key: theirs.secret, action: "balance" })).body as unknown as { balance?: string }).balance).toBe("0");
  });
});
