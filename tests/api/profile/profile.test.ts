import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect } from "vitest";
import { auditLog, uploads, users } from "@/server/db/schema";
import { hashPassword } from "@/server/auth/crypto";
import { registerAndSignIn } from "@/tests/api/support/account-helpers";
import { apiTest } from "@/tests/api/support/fixture";
import { memoryStorage } from "@/tests/api/support/helpers";

const it = apiTest
  .extend("storage", () => memoryStorage())
  // An admin made in the database, signed in through login and the texted code: the access token.
  .extend(
    "adminToken",
    ({ database, call, sms }) =>
      async function adminToken() {
        await database.db.insert(users).values({
          firstName: "Admin",
          lastName: "Takapoo",
          phone: "+989100000009",
          phoneVerifiedAt: new Date(),
          passwordHash: await hashPassword("Admin-Pass-2026!"),
          role: "admin",
        });
        const login = await call("auth/login", { credential: "09100000009", password: "Admin-Pass-2026!" });
        const verified = await call("auth/otp/verify", { token: login.body.data.otp.token, code: sms.lastCode("+989100000009") });
        return verified.body.data.access_token as string;
      },
  )
  .override("client", ({ serial }) => ({ address: `10.1.${Math.floor(serial / 250)}.${serial % 250}` }))
  .override("appDeps", ({ storage }) => ({ storage }));

/** A valid IBAN for a bank code (mod-97 check digits computed). */
function iban(bankCode = "017", account = "0000000100324200001"): string {
  const bban = `${bankCode}${account}`.padEnd(22, "0").slice(0, 22);
  const padded = `0${bban}`.slice(-22);
  const body = bankCode + padded.slice(3);
  const numeric = `${body}1827` + "00";
  const check = 98n - (BigInt(numeric) % 97n);
  return `IR${String(check).padStart(2, "0")}${body}`;
}

const complete = { first_name: "Sara", last_name: "Ahmadi", national_id: "0499370899", birth_date: "1995-03-21", iban: iban() };

async function jpeg(width = 400, height = 250) {
  return sharp({ create: { width, height, channels: 3, background: "#7a8" } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: "gps-secret-123" } } })
    .toBuffer();
}

function cardForm(bytes: Uint8Array | Buffer, name = "card.jpg", type = "image/jpeg") {
  const form = new FormData();
  form.append("card", new File([new Uint8Array(bytes)], name, { type }));
  return form;
}

describe("profile", () => {
  it("saves identity and bank details, deriving the bank from the IBAN", async ({ sms, call }) => {
    const { token } = await registerAndSignIn(call, sms);
    const saved = await call("me", { ...complete, national_id: "۰۴۹۹۳۷۰۸۹۹", iban: `ir${iban().slice(2)}` }, { method: "PATCH", token });
    expect(saved.status).toBe(200);
    expect(saved.body.data.message).toBe("Your profile was updated.");
    expect(saved.body.data.user).toMatchObject({ national_id: "0499370899", iban: iban(), bank_name: "melli", birth_date: "1995-03-21" });
    const me = await call("me", undefined, { method: "GET", token });
    expect(me.body.data.bank_name).toBe("melli");
  });

  it("answers 422 per field for a bad national ID, IBAN or birth date, and changes nothing", async ({ database, sms, call }) => {
    const { token, user } = await registerAndSignIn(call, sms);
    const bad = await call(
      "me",
      { national_id: "0499370898", iban: "IR000170000000100324200001", birth_date: "2999-01-01" },
      { method: "PATCH", token, locale: "fa-IR" },
    );
    expect(bad.status).toBe(422);
    expect(bad.body.error!.fields).toEqual({
      national_id: "یک کد ملی ۱۰ رقمی معتبر وارد کنید.",
      iban: "یک شبای معتبر وارد کنید: IR و سپس ۲۴ رقم.",
      birth_date: "یک تاریخ تولد معتبر وارد کنید.",
    });
    const [row] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.nationalId).toBeNull();
    const unknown = await call("me", { role: "admin" }, { method: "PATCH", token });
    expect(unknown.status).toBe(422);
    const [still] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(still!.role).toBe("user");
  });

  it("answers 409 when the e-mail belongs to someone else", async ({ sms, call }) => {
    await registerAndSignIn(call, sms, { phone: "09350000001", email: "taken@example.com" });
    const { token } = await registerAndSignIn(call, sms);
    const conflict = await call("me", { email: "Taken@Example.com" }, { method: "PATCH", token });
    expect(conflict.status).toBe(409);
    expect(conflict.body.error!.message).toBe("This e-mail is already in use.");
  });

  it("saves the language and sets the language cookie", async ({ sms, call }) => {
    const { token } = await registerAndSignIn(call, sms);
    const saved = await call("me", { locale: "tr-TR" }, { method: "PATCH", token });
    expect(saved.body.data.user.locale).toBe("tr-TR");
    expect(saved.cookies.join("\n")).toMatch(/NEXT_LOCALE=tr-TR;.*Max-Age=31536000/);
  });

  it("changes the password with the current one; 422 otherwise", async ({ sms, call }) => {
    const { token } = await registerAndSignIn(call, sms);
    const wrong = await call(
      "me/password",
      { current_password: "nope", password: "Brand-New-2026!", password_confirmation: "Brand-New-2026!" },
      { method: "PUT", token },
    );
    expect(wrong.status).toBe(422);
    expect(wrong.body.error).toMatchObject({
      message: "Password validation failed.",
      fields: { current_password: "The current password is incorrect." },
    });
    const weak = await call(
      "me/password",
      { current_password: "Takapoo-Rial-2026!x", password: "short", password_confirmation: "short" },
      { method: "PUT", token },
    );
    expect(weak.status).toBe(422);
    expect(weak.body.error!.fields).toEqual({ password: "The password must be 8 to 128 characters long." });
    const ok = await call(
      "me/password",
      { current_password: "Takapoo-Rial-2026!x", password: "Brand-New-2026!", password_confirmation: "Brand-New-2026!" },
      { method: "PUT", token },
    );
    expect(ok.status).toBe(200);
    expect(ok.body.data.message).toBe("Password changed successfully.");
    expect((await call("me", undefined, { method: "GET", token })).status).toBe(200);
    expect((await call("auth/login", { credential: "sara@example.com", password: "Takapoo-Rial-2026!x" })).status).toBe(401);
  });
});

describe("identity verification", () => {
  it("needs every detail saved first, naming what is missing", async ({ sms, call, storage }) => {
    const { token } = await registerAndSignIn(call, sms);
    const early = await call("me/identity-verification", undefined, { token, form: cardForm(await jpeg()) });
    expect(early.status).toBe(422);
    expect(early.body.error!.code).toBe("profile_incomplete");
    expect(Object.keys(early.body.error!.fields!).sort()).toEqual(["birth_date", "iban", "national_id"]);
    expect(storage.objects.size).toBe(0);
  });

  it("stores the re-encoded card outside public/, moves to pending, and serves it only to its owner and admins", async ({
    database,
    sms,
    call,
    storage,
  }) => {
    const { token, user } = await registerAndSignIn(call, sms);
    await call("me", complete, { method: "PATCH", token });
    const sent = await call("me/identity-verification", undefined, { token, form: cardForm(await jpeg()) });
    expect(sent.status).toBe(200);
    expect(sent.body.data.user.identity_status).toBe("identity_verification_pending");
    expect(sent.body.data.message).toBe("Your verification request was sent.");
    const [stored] = [...storage.objects.entries()];
    expect(stored![0]).toMatch(new RegExp(`^identity-cards/${user.id}/[0-9a-f-]{36}\\.jpg$`));
    expect(Buffer.from(stored![1].bytes).includes("gps-secret-123")).toBe(false);
    const [upload] = await database.db.select().from(uploads);
    expect(upload).toMatchObject({ ownerId: user.id, kind: "identity_card" });
    const own = await call("me/identity-card", undefined, { method: "GET", token });
    expect(own.status).toBe(200);
    expect(own.response.headers.get("content-type")).toBe("image/jpeg");
    expect(own.response.headers.get("cache-control")).toBe("private, no-store");
    const again = await call("me/identity-verification", undefined, { token, form: cardForm(await jpeg()) });
    expect(again.status).toBe(409);
    const locked = await call("me", { national_id: "0067749828" }, { method: "PATCH", token });
    expect(locked.status).toBe(409);
    expect(locked.body.error!.code).toBe("identity_locked");

    // Another user sees none of it: no id-addressed user route exists for them, and the admin routes are 404.
    const other = await registerAndSignIn(call, sms, { phone: "09350000002", email: "other@example.com" });
    expect((await call("me/identity-card", undefined, { method: "GET", token: other.token })).status).toBe(404);
    expect((await call(`admin/users/${user.id}/identity-card`, undefined, { method: "GET", token: other.token })).status).toBe(404);
    expect((await call(`admin/users/${user.id}`, undefined, { method: "GET", token: other.token })).status).toBe(404);
    const reject = await call(`admin/users/${user.id}/identity/reject`, { reason: "fake" }, { token: other.token });
    expect(reject.status).toBe(404);
    const [unchanged] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(unchanged!.identityStatus).toBe("identity_verification_pending");
  });

  it.for<[string, () => Buffer | Promise<Buffer>, string, number, string]>([
    ["wrong magic bytes", () => Buffer.from("GIF89a not really an image at all"), "card.jpg", 415, "Upload a JPEG, PNG or WebP image."],
    [
      "a PDF renamed .jpg",
      () => Buffer.from("%PDF-1.7\n1 0 obj <<>> endobj\ntrailer\n%%EOF"),
      "card.jpg",
      415,
      "Upload a JPEG, PNG or WebP image.",
    ],
    ["a double extension", () => jpeg(), "card.jpg.php", 415, "Upload a JPEG, PNG or WebP image."],
    [
      "too many pixels",
      () =>
        sharp({ create: { width: 6001, height: 8, channels: 3, background: "#000" } })
          .png()
          .toBuffer(),
      "card.png",
      422,
      "The image must be at most 6000 × 6000 pixels.",
    ],
    [
      "more than 5 MB",
      () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5 * 1024 * 1024 + 10)]),
      "card.jpg",
      413,
      "The image must be 5 MB or smaller.",
    ],
  ])(
    "refuses %s with a clear message and stores nothing",
    async ([, make, filename, status, message], { database, sms, call, storage }) => {
      const { token, user } = await registerAndSignIn(call, sms);
      await call("me", complete, { method: "PATCH", token });
      const refused = await call("me/identity-verification", undefined, { token, form: cardForm(await make(), filename) });
      expect(refused.status).toBe(status);
      expect(refused.body.error!.message).toBe(message);
      expect(storage.objects.size).toBe(0);
      expect(await database.db.select().from(uploads)).toHaveLength(0);
      const [row] = await database.db.select().from(users).where(eq(users.id, user.id));
      expect(row!.identityStatus).toBe("registered");
    },
  );
});

describe("admin identity queue", () => {
  it("lists pending requests, shows the card, approves and rejects with a reason, each with an audit row", async ({
    database,
    sms,
    call,
    adminToken,
  }) => {
    const sara = await registerAndSignIn(call, sms);
    await call("me", complete, { method: "PATCH", token: sara.token });
    await call("me/identity-verification", undefined, { token: sara.token, form: cardForm(await jpeg()) });
    const reza = await registerAndSignIn(call, sms, { phone: "09350000003", email: "reza@example.com" });
    await call("me", { ...complete, national_id: "0067749828" }, { method: "PATCH", token: reza.token });
    await call("me/identity-verification", undefined, { token: reza.token, form: cardForm(await jpeg()) });
    const admin = await adminToken();

    const queue = await call("admin/identity-requests", undefined, { method: "GET", token: admin });
    expect(queue.status).toBe(200);
    expect(queue.body.meta).toEqual({ page: 1, per_page: 20, total: 2 });
    expect(queue.body.data.map((u: { id: string }) => u.id)).toEqual([sara.user.id, reza.user.id]);
    const card = await call(`admin/users/${sara.user.id}/identity-card`, undefined, { method: "GET", token: admin });
    expect(card.status).toBe(200);
    expect(card.response.headers.get("content-type")).toBe("image/jpeg");

    const approved = await call(`admin/users/${sara.user.id}/identity/approve`, {}, { token: admin });
    expect(approved.status).toBe(200);
    expect(approved.body.data.user.identity_status).toBe("identity_verified");
    expect((await call(`admin/users/${sara.user.id}/identity/approve`, {}, { token: admin })).status).toBe(409);

    const noReason = await call(`admin/users/${reza.user.id}/identity/reject`, { reason: "" }, { token: admin });
    expect(noReason.status).toBe(422);
    const rejected = await call(`admin/users/${reza.user.id}/identity/reject`, { reason: "The card photo is blurry." }, { token: admin });
    expect(rejected.body.data.user).toMatchObject({
      identity_status: "identity_verification_failed",
      identity_rejection_reason: "The card photo is blurry.",
    });
    const rezaMe = await call("me", undefined, { method: "GET", token: reza.token });
    expect(rezaMe.body.data.identity_rejection_reason).toBe("The card photo is blurry.");

    const actions = (await database.db.select().from(auditLog)).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(["identity.approved", "identity.rejected"]));
    const [rejection] = await database.db.select().from(auditLog).where(eq(auditLog.action, "identity.rejected"));
    expect(rejection!.details).toEqual({ reason: "The card photo is blurry." });
    // A rejected user may ask again.
    expect((await call("me/identity-verification", undefined, { token: reza.token, form: cardForm(await jpeg()) })).status).toBe(200);
  });

  it("one account per national ID: a second account cannot send the same ID for review or be approved with it", async ({
    database,
    sms,
    call,
    storage,
    adminToken,
  }) => {
    const sara = await registerAndSignIn(call, sms);
    await call("me", complete, { method: "PATCH", token: sara.token });
    expect((await call("me/identity-verification", undefined, { token: sara.token, form: cardForm(await jpeg()) })).status).toBe(200);
    // Anyone may type the ID (nobody can block a stranger by typing theirs first) …
    const other = await registerAndSignIn(call, sms, { phone: "09350000004", email: "other@example.com" });
    expect((await call("me", complete, { method: "PATCH", token: other.token })).status).toBe(200);
    // … but only one account may have it under review or verified.
    const refused = await call("me/identity-verification", undefined, {
      token: other.token,
      form: cardForm(await jpeg()),
      locale: "fa-IR",
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: "national_id_in_use", message: expect.stringContaining("کد ملی") });
    const [row] = await database.db.select().from(users).where(eq(users.id, other.user.id));
    expect(row!.identityStatus).toBe("registered");
    expect([...storage.objects.keys()].filter((key) => key.includes(other.user.id))).toEqual([]);

    // Once Sara's request is rejected, the other account may send it; approving it while Sara is verified is refused.
    const admin = await adminToken();
    await call(`admin/users/${sara.user.id}/identity/reject`, { reason: "Not the card's owner." }, { token: admin });
    expect((await call("me/identity-verification", undefined, { token: other.token, form: cardForm(await jpeg()) })).status).toBe(200);
    await database.db.update(users).set({ identityStatus: "identity_verified" }).where(eq(users.id, sara.user.id));
    const approval = await call(`admin/users/${other.user.id}/identity/approve`, {}, { token: admin });
    expect(approval.status).toBe(409);
    expect(approval.body.error?.code).toBe("national_id_in_use");
    const [after] = await database.db.select().from(users).where(eq(users.id, other.user.id));
    expect(after!.identityStatus).toBe("identity_verification_pending");
  });
});
