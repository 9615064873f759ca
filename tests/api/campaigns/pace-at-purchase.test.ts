import { describe, expect } from "vitest";
import { eq } from "drizzle-orm";
import { campaigns } from "@/server/db/schema";
import { addDays, tehranDay } from "@/lib/time/tehran";
import { apiTest } from "@/tests/api/support/fixture";
import { smartCampaign } from "@/tests/api/support/campaign-fixtures";

const it = apiTest.override("client", ({ serial }) => ({ address: `10.7.9.${serial % 250}` }));

// Issue 32, pacing at purchase: the pace is part of the order, and the invoice says when it would be delivered.
describe("a pace chosen when the campaign is bought", () => {
  it("the quote gives the day the units would all be delivered at that pace; unpaced, none", async ({ call, person }) => {
    const { token } = await person(0, false);
    const unpaced = await call("campaigns/quote", smartCampaign, { token });
    expect(unpaced.status).toBe(200);
    expect(unpaced.body.data.expected_end).toBeNull();
    const units = (unpaced.body.data.lines as { max: number }[]).reduce((sum, line) => sum + line.max, 0);
    expect(units).toBeGreaterThan(10);

    const perDay = Math.ceil(units / 10); // ten days' work
    const paced = await call("campaigns/quote", { ...smartCampaign, per_day: perDay }, { token });
    expect(paced.status).toBe(200);
    expect(paced.body.data.total).toBe(unpaced.body.data.total);
    expect(paced.body.data.expected_end).toBe(addDays(tehranDay(new Date()), Math.ceil(units / perDay) - 1));

    // Starting in five days, the same ten days are counted from then.
    const startsOn = addDays(tehranDay(new Date()), 5);
    const later = await call("campaigns/quote", { ...smartCampaign, per_day: perDay, starts_on: startsOn }, { token });
    expect(later.body.data.expected_end).toBe(addDays(startsOn, Math.ceil(units / perDay) - 1));
  });

  it("the campaign is created with its pace and its invoice keeps the expected end", async ({ call, person, database }) => {
    const { token } = await person(5_000_000, false);
    const body = { ...smartCampaign, per_day: 50, hours_from: 9, hours_to: 21 };
    const created = await call("campaigns", body, { token });
    expect(created.status).toBe(200);
    const campaign = created.body.data.campaign;
    expect(campaign.pace).toEqual({ per_day: 50, per_hour: null, hours_from: 9, hours_to: 21, starts_on: null });
    expect(campaign.invoice.expected_end).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const [row] = await database.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    expect(row!.pace).toEqual({ perDay: 50, perHour: null, hours: { from: 9, to: 21 }, startsOn: null });

    // Without a pace the campaign is unpaced, as before.
    const plain = await call("campaigns", { ...smartCampaign, name: "Unpaced" }, { token });
    expect(plain.status).toBe(200);
    expect(plain.body.data.campaign.pace).toBeNull();
    expect(plain.body.data.campaign.invoice.expected_end).toBeNull();
  });

  it("a pace that cannot be refuses the order with the field named, and nothing is created or charged", async ({ call, person, get }) => {
    const { token } = await person(3_000_000, false);
    const yesterday = addDays(tehranDay(new Date()), -1);
    const cases: [object, string][] = [
      [{ per_day: 0 }, "per_day"],
      [{ per_hour: 1.5 }, "per_hour"],
      [{ hours_from: 9 }, "hours_to"],
      [{ hours_from: 21, hours_to: 9 }, "hours_to"],
      [{ starts_on: "2026-02-30x" }, "starts_on"],
      [{ starts_on: yesterday }, "starts_on"],
    ];
    for (const [pace, field] of cases) {
      const refused = await call("campaigns", { ...smartCampaign, ...pace }, { token });
      expect([refused.status, Object.keys(refused.body.error?.fields ?? {})], JSON.stringify(pace)).toEqual([422, [field]]);
    }
    expect((await get("campaigns", token)).body.meta.total).toBe(0);
    expect((await get("wallet", token)).body.data.wallet_balance).toBe(3_000_000);
  });
});
