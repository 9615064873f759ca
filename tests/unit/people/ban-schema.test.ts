import { describe, expect, it } from "vitest";
import { banInput, BAN_MAX_DAYS } from "@/lib/schemas/people";
import { tehranDayEnd } from "@/lib/time/tehran";

// The ban form's day and the contract that bounds it (issue 18's people view).
describe("a ban's end", () => {
  it("a picked day ends at Tehran's midnight (UTC+03:30), whatever the browser's own zone", () => {
    expect(tehranDayEnd("2026-12-01")).toBe("2026-12-01T20:29:59.000Z");
    expect(tehranDayEnd("not a day")).toBe("not a day");
  });

  it("must be in the future and at most ten years away, with a visible reason", () => {
    const day = 86_400_000;
    const at = (ms: number) => new Date(Date.now() + ms).toISOString();
    expect(banInput.safeParse({ reason: "Fake proofs", expires_at: at(day) }).success).toBe(true);
    const past = banInput.safeParse({ reason: "Fake proofs", expires_at: at(-1000) });
    expect(past.error?.issues[0]?.message).toBe("ban_expiry_past");
    const far = banInput.safeParse({ reason: "Fake proofs", expires_at: at((BAN_MAX_DAYS + 1) * day) });
    expect(far.error?.issues[0]?.message).toBe("ban_expiry_too_far");
    expect(banInput.safeParse({ reason: "Fake proofs", expires_at: "tomorrow" }).error?.issues[0]?.message).toBe("invalid_format");
    expect(banInput.safeParse({ reason: "  ", expires_at: at(day) }).success).toBe(false);
  });
});
