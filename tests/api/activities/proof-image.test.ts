import { describe, expect } from "vitest";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { activities, uploads } from "@/server/db/schema";
import { apiTest } from "@/tests/api/support/fixture";
import { smartCampaign } from "@/tests/api/support/campaign-fixtures";
import { memoryStorage } from "@/tests/api/support/helpers";

const it = apiTest
  .extend("storage", () => memoryStorage())
  .override("client", ({ serial }) => ({ address: `10.7.3.${serial % 250}` }))
  .override("appDeps", ({ storage }) => ({ storage }));
const instagram = { ...smartCampaign, network: "instagram", link: "https://www.instagram.com/takapoo.app/", follower_count: 2000 };
const POST = "https://www.instagram.com/takapoo.app/";

function form(bytes: Uint8Array | Buffer | string, name = "shot.png", type = "image/png") {
  const body = new FormData();
  body.set("screenshot", new Blob([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], { type }), name);
  return body;
}
const png = () =>
  sharp({ create: { width: 360, height: 780, channels: 3, background: "#fafafa" } })
    .withMetadata({ exif: { IFD0: { Copyright: "secret-device-id" } } })
    .png()
    .toBuffer();

describe("Instagram proofs: the username and a screenshot, for a person's review", () => {
  it("refuses to send without them, judges the screenshot by its content, keeps it for the reviewer only", async ({
    database,
    call,
    person,
    approvedCampaign,
    storage,
  }) => {
    const { adminToken, id: campaignId } = await approvedCampaign(undefined, person, instagram);
    const booster = await person(0, true);
    const started = await call(`tasks/${campaignId}.likes/start`, {}, { token: booster.token });
    expect(started.status).toBe(201);
    const id = started.body.data.id as string;
    expect(started.body.data.has_screenshot).toBe(false);

    // Without the username and the screenshot, nothing is sent (both named, in the caller's language).
    const bare = await call(`activities/${id}/submit`, { post_link: POST }, { token: booster.token, locale: "fa-IR" });
    expect(bare.status).toBe(422);
    expect(Object.keys(bare.body.error!.fields!).sort()).toEqual(["proof_username", "screenshot"]);
    expect(bare.body.error!.fields!.screenshot).toContain("تصویر");
    expect((await database.db.select().from(activities).where(eq(activities.id, id)))[0]!.status).toBe("in_progress");

    // Judged by content: a script named .png is refused, an empty field is named, nothing is stored.
    const fake = await call(`activities/${id}/screenshot`, undefined, { token: booster.token, form: form("<?php echo 1; ?>", "shot.png") });
    expect(fake.status).toBe(415);
    expect(fake.body.error!.code).toBe("upload_unsupported");
    const none = await call(`activities/${id}/screenshot`, undefined, { token: booster.token, form: new FormData() });
    expect(none.status).toBe(422);
    expect(Object.keys(none.body.error!.fields!)).toEqual(["screenshot"]);
    const empty = await call(`activities/${id}/screenshot`, undefined, { token: booster.token, form: form(new Uint8Array()) });
    expect(empty.status).toBe(400);
    expect(empty.body.error!.code).toBe("screenshot_missing");
    expect(storage.objects.size).toBe(0);

    // Someone else's activity is not found.
    const other = await person(0, true);
    expect((await call(`activities/${id}/screenshot`, undefined, { token: other.token, form: form(await png()) })).status).toBe(404);

    // The booster's screenshot is re-encoded without its metadata; a second one replaces the first.
    const first = await call(`activities/${id}/screenshot`, undefined, { token: booster.token, form: form(await png()) });
    expect(first.status).toBe(200);
    expect(first.body.data.has_screenshot).toBe(true);
    const second = await call(`activities/${id}/screenshot`, undefined, { token: booster.token, form: form(await png()) });
    expect(second.status).toBe(200);
    expect(storage.objects.size).toBe(1);
    const [key] = [...storage.objects.keys()];
    expect(key).toMatch(new RegExp(`^activity-proofs/${booster.user.id}/`));
    const stored = storage.objects.get(key!)!;
    expect(Buffer.from(stored.bytes).includes("secret-device-id")).toBe(false);
    expect((await sharp(Buffer.from(stored.bytes)).metadata()).exif).toBeUndefined();
    expect(await database.db.select().from(uploads).where(eq(uploads.kind, "activity_proof"))).toHaveLength(2);

    const sent = await call(`activities/${id}/submit`, { post_link: POST, proof_username: "@sara.test" }, { token: booster.token });
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({ status: "awaiting_review", has_screenshot: true, proof_username: "sara.test" });
    // Once sent, the screenshot cannot change.
    expect((await call(`activities/${id}/screenshot`, undefined, { token: booster.token, form: form(await png()) })).status).toBe(409);

    // The reviewer sees it, uncached; nobody else does.
    const seen = await call(`admin/activities/${id}/screenshot`, undefined, { method: "GET", token: adminToken });
    expect(seen.status).toBe(200);
    expect(seen.response.headers.get("content-type")).toBe(stored.contentType);
    expect(seen.response.headers.get("cache-control")).toBe("private, no-store");
    expect((await call(`admin/activities/${id}/screenshot`, undefined, { method: "GET", token: booster.token })).status).toBe(404);
  });
});
