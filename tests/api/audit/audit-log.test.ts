import { describe, expect } from "vitest";
import { apiTest } from "@/tests/api/support/fixture";

// Issue 18: the back office's audit view — every admin action with who, what, when and from where, filterable,
// for admins only.

const it = apiTest.override("client", ({ serial }) => ({ address: `10.7.22.${serial % 250}` }));

describe("the audit log", () => {
  it("lists admin actions newest first with who, what, to what and from where; filters; refuses anyone else", async ({
    call,
    person,
    admin,
    get,
  }) => {
    const adminToken = await admin();
    expect((await call("admin/settings/withdrawals", { enabled: false }, { method: "PUT", token: adminToken })).status).toBe(200);
    expect((await call("admin/settings/invitations", { reward: 600_000 }, { method: "PUT", token: adminToken })).status).toBe(200);
    expect((await call("admin/settings/withdrawals", { enabled: true }, { method: "PUT", token: adminToken })).status).toBe(200);

    const all = await get("admin/audit", adminToken);
    expect(all.status).toBe(200);
    const [newest] = all.body.data;
    expect(newest).toMatchObject({
      action: "payouts.withdrawals_enabled",
      target_type: "setting",
      target_id: "withdrawals_enabled",
      ip: "10.7.22.1",
      actor: { name: expect.any(String), phone: expect.stringMatching(/^\+98/) },
      subject: null,
    });
    expect(Date.parse(newest.at)).toBeGreaterThan(Date.now() - 60_000);

    // A listed action is matched exactly; anything else as a beginning.
    const enabled = await get("admin/audit?action=payouts.withdrawals_enabled", adminToken);
    expect(enabled.body.data.map((entry: { action: string }) => entry.action)).toEqual(["payouts.withdrawals_enabled"]);
    expect((await get("admin/audit?action=payouts.withdrawals", adminToken)).body.meta.total).toBe(2);
    const rewards = await get("admin/audit?action=invitations.", adminToken);
    expect(rewards.body.data.map((entry: { action: string }) => entry.action)).toEqual(["invitations.reward_set"]);
    expect(rewards.body.data[0].details).toEqual({ reward: 600_000 });
    expect((await get("admin/audit?target_type=setting", adminToken)).body.meta.total).toBe(3);
    expect((await get("admin/audit?action=%25", adminToken)).status).toBe(422);
    expect((await get("admin/audit?target_type=nonsense", adminToken)).status).toBe(422);

    const someone = await person();
    // What an entry is about, in words and links (issue 34): the person, named, not a bare id.
    expect((await call("me", { purpose: "earn" }, { method: "PATCH", token: someone.token })).status).toBe(200);
    const theirs = (await get(`admin/audit?target_type=user&action=user.profile_updated`, adminToken)).body.data.find(
      (entry: { target_id: string }) => entry.target_id === someone.user.id,
    );
    expect(theirs).toMatchObject({
      details: { fields: ["purpose"] },
      subject: { name: expect.stringMatching(/\S/), user_id: someone.user.id, campaign_id: null },
    });
    expect((await get("admin/audit", someone.token)).status).toBe(404);
    expect((await get("admin/audit")).status).toBe(404);
  });
});
