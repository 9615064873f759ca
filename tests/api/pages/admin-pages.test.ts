import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { auditLog, contentPages } from "@/server/db/schema";
import { invalidatePage, onPageInvalidated } from "@/server/pages/page-cache";
import enUS from "@/messages/en-US.json";
import faIR from "@/messages/fa-IR.json";
import { registerAndSignIn } from "@/tests/api/support/account-helpers";
import { apiTest } from "@/tests/api/support/fixture";

beforeAll(() => invalidatePage());
// The page cache is per process: leave nothing of this file's edits for the next file.
afterAll(() => invalidatePage());
const it = apiTest
  .extend(
    "put",
    ({ call }) =>
      (path: string, body: unknown, token?: string, locale = "en-US") =>
        call(path, body, { method: "PUT", locale, ...(token ? { token } : {}) }),
  )
  // The public read, as the page and its metadata make it (SPEC §7).
  .extend(
    "publicPage",
    ({ call }) =>
      (slug: string, locale: string) =>
        call("pages/get", { slug }, { locale }),
  )
  .extend(
    "row",
    ({ database }) =>
      async function row(slug: string, locale: string) {
        const [found] = await database.db
          .select()
          .from(contentPages)
          .where(and(eq(contentPages.slug, slug), eq(contentPages.locale, locale)));
        return found;
      },
  )
  .extend(
    "auditRows",
    ({ database }) =>
      (targetId: string) =>
        database.db.select().from(auditLog).where(eq(auditLog.targetId, targetId)),
  )
  // The admin who edits the pages, signed in: their token and id.
  .extend("editor", async ({ admin, get }) => {
    const token = await admin();
    return { token, id: (await get("me", token)).body.data.id as string };
  })
  .override("client", ({ serial }) => ({ address: `10.9.0.${serial % 250}` }));

const valid = {
  title: "About Takapoo (edited)",
  body: "## Who we are\n\nA **new** paragraph.\n\n- one\n- two",
  meta_title: "About | Takapoo",
  meta_description: "Who runs Takapoo and why.",
  og_image: "https://cdn.example.com/about.png",
};

describe("admin content pages", () => {
  it("are a 404 to anonymous callers and to users who are not admins, and change nothing", async ({
    database,
    sms,
    call,
    get,
    put,
    row,
  }) => {
    const before = await row("about", "en-US");
    const { token } = await registerAndSignIn(call, sms);
    for (const who of [undefined, token]) {
      for (const answer of [
        await get("admin/pages", who),
        await get("admin/pages/about", who),
        await put("admin/pages/about/en-US", valid, who),
        // Refused before the body is looked at: no 422 tells a stranger the route exists.
        await put("admin/pages/about/en-US", { title: "" }, who),
      ]) {
        expect(answer.status).toBe(404);
        expect(answer.body.error?.code).toBe("route_not_found");
      }
    }
    expect(await row("about", "en-US")).toEqual(before);
    expect(await database.db.select().from(auditLog)).toEqual([]);
  });

  it("lists every slug with its locales and when each was updated", async ({ editor: { token }, get, row }) => {
    const answer = await get("admin/pages", token);
    expect(answer.status).toBe(200);
    expect(answer.body.data.map((p: { slug: string }) => p.slug)).toEqual(["about", "privacy", "terms"]);
    const about = answer.body.data[0];
    expect(about.locales.map((l: { locale: string }) => l.locale)).toEqual(["fa-IR", "en-US", "tr-TR", "ar-AE"]);
    expect(about.locales[1].title).toBe((await row("about", "en-US"))!.title);
    for (const version of about.locales) expect(Number.isNaN(Date.parse(version.updated_at))).toBe(false);
    expect(Date.parse(about.updated_at)).toBe(Math.max(...about.locales.map((l: { updated_at: string }) => Date.parse(l.updated_at))));
  });

  it("answers all locales' versions of a page, and page_not_found for a slug without any", async ({ editor: { token }, get, row }) => {
    const answer = await get("admin/pages/terms", token);
    expect(answer.status).toBe(200);
    expect(answer.body.data.slug).toBe("terms");
    expect(answer.body.data.versions.map((v: { locale: string }) => v.locale)).toEqual(["fa-IR", "en-US", "tr-TR", "ar-AE"]);
    const tr = (await row("terms", "tr-TR"))!;
    expect(answer.body.data.versions[2]).toMatchObject({
      title: tr.title,
      body: tr.body,
      meta_title: tr.metaTitle,
      meta_description: tr.metaDescription,
      og_image: null,
    });

    const missing = await get("admin/pages/no-such-page", token);
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatchObject({ code: "page_not_found", message: expect.stringContaining("no-such-page") });
  });

  it("refuses invalid input with 422 and a translated message per field, changing nothing", async ({
    database,
    editor: { token },
    put,
    row,
  }) => {
    const before = await row("about", "en-US");
    const told: Array<string | undefined> = [];
    const stop = onPageInvalidated((slug) => told.push(slug));
    try {
      const bad = await put(
        "admin/pages/about/en-US",
        {
          title: "   ",
          body: "x".repeat(100_001),
          meta_title: "t".repeat(121),
          meta_description: "d".repeat(301),
          og_image: "http://cdn.example.com/about.png",
        },
        token,
      );
      expect(bad.status).toBe(422);
      expect(bad.body.error?.code).toBe("validation_failed");
      const v = enUS.api.validation;
      expect(bad.body.error?.fields).toEqual({
        title: v.required,
        body: v.page_body_too_long,
        meta_title: v.page_meta_title_too_long,
        meta_description: v.page_meta_description_too_long,
        og_image: v.page_og_image_invalid,
      });

      // In Persian for a Persian request; a script address is no image.
      const fa = await put(
        "admin/pages/about/en-US",
        { ...valid, title: "x".repeat(201), og_image: "javascript:alert(1)" },
        token,
        "fa-IR",
      );
      expect(fa.status).toBe(422);
      expect(fa.body.error?.fields).toEqual({
        title: faIR.api.validation.page_title_too_long,
        og_image: faIR.api.validation.page_og_image_invalid,
      });

      // The address: a slug of lowercase words and single hyphens, one of the four locales.
      for (const path of ["admin/pages/About_Us/en-US", "admin/pages/about--us/en-US", `admin/pages/${"a".repeat(65)}/en-US`]) {
        const answer = await put(path, valid, token);
        expect(answer.status).toBe(422);
        expect(answer.body.error?.fields?.slug).toBe(enUS.api.validation.page_slug_invalid);
      }
      const locale = await put("admin/pages/about/de-DE", valid, token);
      expect(locale.status).toBe(422);
      expect(locale.body.error?.fields?.locale).toBe(enUS.api.validation.invalid_value);

      expect(await row("about", "en-US")).toEqual(before);
      expect(await row("about", "de-DE")).toBeUndefined();
      expect(await database.db.select().from(auditLog)).toEqual([]);
      expect(told).toEqual([]);
    } finally {
      stop();
    }
  });

  it("updates an existing version; the next pages/get shows it at once; the change is audited", async ({
    editor: { token, id },
    put,
    publicPage,
    row,
    auditRows,
  }) => {
    const before = (await row("about", "en-US"))!;
    expect(before.title).not.toBe(valid.title);

    // Read once first, so the page cache holds the old text.
    const warm = await publicPage("about", "en-US");
    expect(warm.body.data.title).toBe(before.title);
    expect((await publicPage("about", "en-US")).body.data.title).toBe(before.title);

    const told: Array<string | undefined> = [];
    const stop = onPageInvalidated((slug) => told.push(slug));
    const saved = await put("admin/pages/about/en-US", valid, token);
    stop();
    expect(saved.status).toBe(200);
    expect(saved.body.data.created).toBe(false);
    expect(saved.body.data.page).toMatchObject({ slug: "about", locale: "en-US", ...valid });
    expect(told).toEqual(["about"]);

    const after = (await row("about", "en-US"))!;
    expect(after).toMatchObject({
      id: before.id,
      title: valid.title,
      body: valid.body,
      metaTitle: valid.meta_title,
      metaDescription: valid.meta_description,
      ogImage: valid.og_image,
      createdAt: before.createdAt,
    });
    expect(after.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());

    const fresh = await publicPage("about", "en-US");
    expect(fresh.status).toBe(200);
    expect(fresh.body.data).toMatchObject({
      locale: "en-US",
      title: valid.title,
      body: valid.body,
      context: { meta_title: valid.meta_title, meta_description: valid.meta_description, og_image: valid.og_image },
    });
    // Other locales are untouched.
    expect((await publicPage("about", "fa-IR")).body.data.title).toBe((await row("about", "fa-IR"))!.title);

    const audit = await auditRows("about:en-US");
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: id,
      action: "content_page.updated",
      targetType: "content_page",
      details: { slug: "about", locale: "en-US", title: valid.title },
    });
  });

  it("creates a new page and then a new locale of it; a reader falling back to Persian sees the translation at once", async ({
    editor: { token },
    get,
    put,
    publicPage,
    row,
    auditRows,
  }) => {
    const persian = { ...valid, title: "سیاست بازپرداخت", body: "## بازپرداخت\n\nمتن فارسی.", og_image: "" };
    const first = await put("admin/pages/refund-policy/fa-IR", persian, token, "fa-IR");
    expect(first.status).toBe(201);
    expect(first.body.data.created).toBe(true);
    expect(first.body.data.page.og_image).toBeNull();
    expect((await row("refund-policy", "fa-IR"))!.ogImage).toBeNull();

    // Turkish readers get the Persian page (and the cache keeps it) until a Turkish version exists.
    const fallback = await publicPage("refund-policy", "tr-TR");
    expect(fallback.body.data).toMatchObject({ locale: "fa-IR", title: persian.title });

    const turkish = { ...valid, title: "İade politikası", body: "## İade\n\nTürkçe metin." };
    const second = await put("admin/pages/refund-policy/tr-TR", turkish, token);
    expect(second.status).toBe(201);
    expect((await publicPage("refund-policy", "tr-TR")).body.data).toMatchObject({
      locale: "tr-TR",
      title: turkish.title,
      body: turkish.body,
    });
    expect((await publicPage("refund-policy", "fa-IR")).body.data.title).toBe(persian.title);

    const list = await get("admin/pages", token);
    const refund = list.body.data.find((p: { slug: string }) => p.slug === "refund-policy");
    expect(refund.locales.map((l: { locale: string; title: string }) => [l.locale, l.title])).toEqual([
      ["fa-IR", persian.title],
      ["tr-TR", turkish.title],
    ]);
    const versions = await get("admin/pages/refund-policy", token);
    expect(versions.body.data.versions.map((v: { locale: string }) => v.locale)).toEqual(["fa-IR", "tr-TR"]);

    expect((await auditRows("refund-policy:fa-IR")).map((a) => a.action)).toEqual(["content_page.created"]);
    expect((await auditRows("refund-policy:tr-TR")).map((a) => a.action)).toEqual(["content_page.created"]);
  });

  it("takes a body of 100,000 Persian characters (over the API's usual 64 KB)", async ({ editor: { token }, put, publicPage, row }) => {
    const body = "ب".repeat(100_000);
    const saved = await put("admin/pages/about/fa-IR", { ...valid, body }, token);
    expect(saved.status).toBe(200);
    expect((await row("about", "fa-IR"))!.body).toBe(body);
    expect((await publicPage("about", "fa-IR")).body.data.body).toBe(body);
  });

  it("keeps a script-injection body as text: it is stored and served as written, never as markup", async ({
    editor: { token },
    put,
    publicPage,
  }) => {
    const body = "<script>alert(1)</script>\n\n[x](javascript:alert(1))";
    expect((await put("admin/pages/about/en-US", { ...valid, body }, token)).status).toBe(200);
    const served = await publicPage("about", "en-US");
    // The API hands the Markdown over untouched; ContentBody renders it inert (tests/unit/pages/markdown.test.tsx).
    expect(served.body.data.body).toBe(body);
    expect(served.response.headers.get("content-type")).toContain("application/json");
  });
});
