import { describe, expect, it } from "vitest";
import { campaignStatuses } from "@/lib/campaigns/state-machine";
import { invoiceSettlement } from "@/lib/campaigns/settlement";

describe("how a created campaign's invoice stands", () => {
  it("is free for a campaign that costs nothing, whatever its status", () => {
    for (const status of campaignStatuses) expect(invoiceSettlement(status, 0)).toBe("free");
  });

  it("is unpaid while awaiting payment, refunded once rejected, paid otherwise", () => {
    const seen = Object.fromEntries(campaignStatuses.map((status) => [status, invoiceSettlement(status, 660_000)]));
    expect(seen).toEqual({
      awaiting_payment: "unpaid",
      awaiting_review: "paid",
      active: "paid",
      rejected: "refunded",
      completed: "paid",
      paid: "paid",
      paused: "paid",
    });
  });
});
