import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Db } from "@/server/db";
import { AppError } from "@/server/core/errors";
import { completeEndedCampaigns } from "@/server/campaigns/transitions";
import { completeCampaignsJob } from "@/server/jobs/complete-campaigns";

vi.mock("@/server/activities/review", () => ({ expireActivities: vi.fn(async () => 2) }));
vi.mock("@/server/campaigns/transitions", () => ({ completeEndedCampaigns: vi.fn() }));

const complete = vi.mocked(completeEndedCampaigns);
const run = () => completeCampaignsJob.run({ db: {} as Db, signal: new AbortController().signal, now: () => new Date() });

describe("the campaign completion job", () => {
  beforeEach(() => complete.mockReset());

  it("goes on past a campaign completed meanwhile (its transition fails; it is no longer selected)", async () => {
    complete.mockRejectedValueOnce(new AppError("campaign_transition_invalid")).mockResolvedValueOnce(3);
    expect(await run()).toEqual({ expired: 2, completed: 3 });
    expect(complete).toHaveBeenCalledTimes(2);
  });

  it("fails the run on any other error, so the runner retries it", async () => {
    complete.mockRejectedValueOnce(new Error("connection lost"));
    await expect(run()).rejects.toThrow("connection lost");
    expect(complete).toHaveBeenCalledTimes(1);
  });
});
