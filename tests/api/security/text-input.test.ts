// The API extends zod with .openapi() when it loads; the shared schemas imported below are its routes'.
import "@hono/zod-openapi";
import { and, eq } from "drizzle-orm";
import { describe, expect, vi } from "vitest";
import arAE from "@/messages/ar-AE.json";
import enUS from "@/messages/en-US.json";
import faIR from "@/messages/fa-IR.json";
import trTR from "@/messages/tr-TR.json";
import { locales } from "@/lib/i18n/locales";
import { CAMPAIGN_NAME_MAX } from "@/lib/schemas/campaigns";
import { activities, auditLog, campaigns, contentPages, users } from "@/server/db/schema";
import { balancesOf } from "@/server/ledger";
import { googleVerifier } from "@/server/adapters/oauth";
import { startFakeOAuthProvider, type FakeOAuthProvider } from "@/tests/support/fake-oauth";
import { registerAndSignIn, validRegistration } from "@/tests/api/support/account-helpers";
import { fundWallet, smartCampaign } from "@/tests/api/support/campaign-fixtures";
import { apiTest } from "@/tests/api/support/fixture";

/**
 * Class of attack: text that others read, written to deceive (issue 13 items 9 and 10). A name made
 * only of invisible characters shows as nothing in the admin queues; a right-to-left override turns
 * around the name and whatever the page writes after it. Every field of human text refuses both with
 * its own sentence (422) and changes nothing; and every refusal is a sentence, in every locale.
 */
const catalogue = { "fa-IR": faIR, "en-US": enUS, "tr-TR": trTR, "ar-AE": arAE } as const;
const sentence = (locale: keyof typeof catalogue, key: "text_invisible" | "text_bidi_control" | "text_control_characters") =>
  catalogue[locale].api.validation[key];

/** Names made to look like nothing, and names that reverse what follows them. */
const hostile = [
  { label: "zero-width characters only", value: "\u200B\u200C\u200D\u2060\uFEFF", key: "text_invisible" },
  { label: "soft hyphens and a Hangul filler", value: "\u00AD\u3164\u00AD", key: "text_invisible" },
  { label: "a right-to-left override", value: "\u202Egpj.exe", key: "text_bidi_control" },
  { label: "an isolate inside a Persian name", value: "علی\u2067رضا", key: "text_bidi_control" },
  // PostgreSQL cannot store NUL in text: this answered 500.
  { label: "a NUL inside a name", value: "Sa\u0000ra", key: "text_control_characters" },
] as const;

const GOOGLE_CLIENT = "takapoo-web.apps.googleusercontent.com";

const it = apiTest
  // No message was left without its values (next-intl reports FORMATTING_ERROR through console.error): see afterEach.
  .extend("consoleError", { auto: true }, ({}, { onCleanup }) => {
    const spy = vi.spyOn(console, "error");
    onCleanup(() => spy.mockRestore());
    return spy;
  })
  .extend("producer", ({ call, sms, database }) => async (walletRials = 0) => {
    const signed = await registerAndSignIn(call, sms);
    if (walletRials > 0) await fundWallet(database.db, signed.user.id, walletRials);
    return signed;
  })
  .extend(
    "userRow",
    ({ database }) =>
      async (id: string) =>
        (await database.db.select().from(users).where(eq(users.id, id)))[0],
  )
  // The fake Google for the file (started by the first test that signs in with it), closed after it.
  .extend("google", { scope: "file" }, async ({}, { onCleanup }): Promise<FakeOAuthProvider> => {
    const google = await startFakeOAuthProvider({ issuer: "https://accounts.google.com" });
    onCleanup(() => google.close());
    return google;
  })
  .extend("signIn", ({ google, rebuild, serial, call, userRow }) => async (given_name: string, family_name: string) => {
    rebuild({
      oauth: { google: googleVerifier({ clientId: GOOGLE_CLIENT, clientSecret: "secret", jwksUrl: `${google.url}/certs` }), apple: null },
    });
    const claims = {
      sub: `google-${serial}`,
      aud: GOOGLE_CLIENT,
      email: `g${serial}@gmail.com`,
      email_verified: true,
      given_name,
      family_name,
    };
    const answer = await call("auth/google", { id_token: await google.signIdToken(claims) });
    expect(answer.status).toBe(200);
    return userRow(answer.body.data.user.id as string);
  })
  .override("client", ({ serial }) => ({ address: `10.13.9.${serial % 250}` }));

it.afterEach(({ consoleError }) => {
  const formatting = consoleError.mock.calls.filter((args) => String(args[0]).includes("FORMATTING_ERROR"));
  expect(formatting).toEqual([]);
});

describe.each(hostile)("$label", ({ value, key }) => {
  it("is refused as a name at registration, in every locale, and no account or code is made", async ({ call, sms, database }) => {
    for (const locale of locales) {
      for (const field of ["first_name", "last_name"] as const) {
        const answer = await call("auth/register", { ...validRegistration, [field]: value }, { locale });
        expect(answer.status, `${field} in ${locale}`).toBe(422);
        expect(answer.body.error?.fields?.[field], `${field} in ${locale}`).toBe(sentence(locale, key));
      }
    }
    expect(await database.db.select().from(users)).toEqual([]);
    expect(sms.sent).toEqual([]);
  });

  it("is refused as a profile name and the name stays", async ({ call, producer, userRow }) => {
    const { token, user } = await producer();
    const before = await userRow(user.id);
    for (const field of ["first_name", "last_name"] as const) {
      const answer = await call("me", { [field]: value }, { method: "PATCH", token, locale: "fa-IR" });
      expect(answer.status).toBe(422);
      expect(answer.body.error?.fields?.[field]).toBe(sentence("fa-IR", key));
    }
    expect(await userRow(user.id)).toEqual(before);
  });

  it("is refused as a campaign name (create and quote) and nothing is created or charged", async ({ call, database, producer }) => {
    const { token, user } = await producer(5_000_000);
    for (const path of ["campaigns", "campaigns/quote"]) {
      const answer = await call(path, { ...smartCampaign, name: value }, { token, locale: "ar-AE" });
      expect(answer.status, path).toBe(422);
      expect(answer.body.error?.fields?.name, path).toBe(sentence("ar-AE", key));
    }
    expect(await database.db.select().from(campaigns)).toEqual([]);
    expect((await balancesOf({ db: database.db }, { userId: user.id })).wallet).toBe(5_000_000);
  });

  it("is refused as a reason (identity reject, campaign reject, activity deny) and nothing changes", async ({
    call,
    database,
    producer,
    userRow,
    admin,
  }) => {
    const owner = await producer(5_000_000);
    const created = await call("campaigns", smartCampaign, { token: owner.token });
    expect(created.status).toBe(200);
    const campaignId = created.body.data.campaign.id as string;
    const adminToken = await admin();
    const userBefore = await userRow(owner.user.id);
    const activityId = "00000000-0000-4000-8000-000000000000";

    for (const path of [
      `admin/users/${owner.user.id}/identity/reject`,
      `admin/campaigns/${campaignId}/reject`,
      `admin/activities/${activityId}/deny`,
    ]) {
      const answer = await call(path, { code: "other", reason: value }, { token: adminToken, locale: "tr-TR" });
      expect(answer.status, path).toBe(422);
      expect(answer.body.error?.fields?.reason, path).toBe(sentence("tr-TR", key));
    }
    expect(await userRow(owner.user.id)).toEqual(userBefore);
    const [campaign] = await database.db.select().from(campaigns).where(eq(campaigns.id, campaignId));
    expect(campaign).toMatchObject({ status: "awaiting_review", rejectionReason: null });
    expect(await database.db.select().from(auditLog).where(eq(auditLog.targetId, campaignId))).toEqual([]);
  });

  it("is refused as an activity's proof", async ({ call, database, producer }) => {
    const { token } = await producer();
    const answer = await call(
      "activities/00000000-0000-4000-8000-000000000000/submit",
      { post_link: "https://www.youtube.com/watch?v=abc", proof: value },
      { token, locale: "en-US" },
    );
    expect(answer.status).toBe(422);
    expect(answer.body.error?.fields?.proof).toBe(sentence("en-US", key));
    expect(await database.db.select().from(activities)).toEqual([]);
  });

  it("is refused as a content page's title, meta title and meta description, and the page stays", async ({ call, database, admin }) => {
    const adminToken = await admin();
    const page = () =>
      database.db
        .select()
        .from(contentPages)
        .where(and(eq(contentPages.slug, "about"), eq(contentPages.locale, "en-US")));
    const before = await page();
    const valid = {
      title: "About",
      body: "Who we are.",
      meta_title: "About | Takapoo",
      meta_description: "Who runs Takapoo.",
      og_image: null,
    };
    for (const field of ["title", "meta_title", "meta_description", "body"] as const) {
      const answer = await call(
        "admin/pages/about/en-US",
        { ...valid, [field]: value },
        { method: "PUT", token: adminToken, locale: "en-US" },
      );
      expect(answer.status, field).toBe(422);
      expect(answer.body.error?.fields?.[field], field).toBe(sentence("en-US", key));
    }
    expect(await page()).toEqual(before);
  });
});

describe("a name a sign-in provider sends (no form to refuse it in)", () => {
  it("is not kept when nothing visible is left, and loses its direction controls", async ({ signIn }) => {
    expect(await signIn("\u200B\u200C\u200D", "\u202EinamhA")).toMatchObject({ firstName: "", lastName: "inamhA" });
  });

  it("is kept as written when it is a real name", async ({ signIn }) => {
    expect(await signIn("می‌خواهم", "Şahin")).toMatchObject({ firstName: "می‌خواهم", lastName: "Şahin" });
  });
});

describe("legitimate names", () => {
  it.for([
    ["Persian with a zero-width non-joiner inside a word", "می‌خواهم", "نیک‌نام"],
    ["Arabic", "عبدالله", "الهاشمي"],
    ["Turkish", "Çağrı", "Şahin"],
    ["English", "Mary-Jane", "O'Neil"],
  ])("are accepted and kept as written: %s", async ([, firstName, lastName], { call, sms, userRow }) => {
    const { token, user } = await registerAndSignIn(call, sms, { first_name: firstName, last_name: lastName });
    expect(await userRow(user.id)).toMatchObject({ firstName, lastName });
    const renamed = await call("me", { first_name: lastName, last_name: firstName }, { method: "PATCH", token });
    expect(renamed.status).toBe(200);
    expect(await userRow(user.id)).toMatchObject({ firstName: lastName, lastName: firstName });
    const quote = await call("campaigns/quote", { ...smartCampaign, name: `${firstName} ${lastName}` }, { token });
    expect(quote.status).toBe(200);
  });
});

describe("a too-long campaign name (it answered the raw key api.validation.too_big_string)", () => {
  const expected = {
    "fa-IR": `حداکثر ${new Intl.NumberFormat("fa-IR").format(CAMPAIGN_NAME_MAX)} نویسه وارد کنید.`,
    "en-US": `Enter at most ${CAMPAIGN_NAME_MAX} characters.`,
    "tr-TR": `En fazla ${CAMPAIGN_NAME_MAX} karakter girin.`,
    "ar-AE": `يجب ألا يزيد عدد الأحرف على ${new Intl.NumberFormat("ar-AE").format(CAMPAIGN_NAME_MAX)}.`,
  } as const;

  it.for(locales)(
    "answers 422 with a sentence naming the maximum in %s, on create and on the quote",
    async (locale, { call, database, producer }) => {
      const { token, user } = await producer(5_000_000);
      for (const path of ["campaigns", "campaigns/quote"]) {
        const answer = await call(path, { ...smartCampaign, name: "ن".repeat(CAMPAIGN_NAME_MAX + 1) }, { token, locale });
        expect(answer.status, path).toBe(422);
        expect(answer.body.error?.code, path).toBe("campaign_validation_failed");
        expect(answer.body.error?.fields?.name, path).toBe(expected[locale]);
        expect(answer.body.error?.fields?.name, path).not.toMatch(/api\.|[{}]/);
      }
      expect(await database.db.select().from(campaigns)).toEqual([]);
      expect((await balancesOf({ db: database.db }, { userId: user.id })).wallet).toBe(5_000_000);
    },
  );

  it("takes a name of exactly the maximum", async ({ call, producer }) => {
    const { token } = await producer(5_000_000);
    const answer = await call("campaigns/quote", { ...smartCampaign, name: "ن".repeat(CAMPAIGN_NAME_MAX) }, { token });
    expect(answer.status).toBe(200);
  });
});
