import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect } from "vitest";
import { otpChallenges, otpSends, users } from "@/server/db/schema";
import { hashPassword, hashToken } from "@/server/auth/crypto";
import { signingKey } from "@/server/auth/keys";
import { OTP_MAX_ATTEMPTS, OTP_MAX_PER_IP_PER_HOUR, OTP_MAX_PER_PHONE_PER_HOUR } from "@/server/auth/otp";
import { openSession } from "@/server/auth/sessions";
import { validRegistration } from "@/tests/api/support/account-helpers";
import { apiTest } from "@/tests/api/support/fixture";

const PASSWORD = "Takapoo-Rial-2026!x";

/**
 * Every counted limit of the sign-in flows, hit by many requests at once (issue 13, item 2): codes
 * sent per phone and per address (register, login, forgot password, adding a phone), resends of one
 * code step, and tries of one code. Each must hold whatever the concurrency. PostgreSQL only.
 */
let ip = "10.50.0.1";
// Each call from \`ip\` as it is when the call is made.
const it = apiTest
  .extend("verifiedAccount", ({ database }) => async (phone09: string) => {
    const [user] = await database.db
      .insert(users)
      .values({ firstName: "S", phone: `+98${phone09.slice(1)}`, phoneVerifiedAt: new Date(), passwordHash: await hashPassword(PASSWORD) })
      .returning();
    return user!;
  })
  .override("client", () => ({
    get address() {
      return ip;
    },
  }));

describe("counted sign-in limits under concurrency (PostgreSQL)", { timeout: 60_000 }, () => {
  /** Each call from its own address, so only the per-phone limit can stop them. */
  function fromOwnAddresses<T>(n: number, request: (i: number) => Promise<T>): Promise<T[]> {
    return Promise.all(
      Array.from({ length: n }, (_, i) => {
        ip = `10.51.${Math.floor(i / 250)}.${(i % 250) + 1}`;
        return request(i);
      }),
    );
  }

  it(`codes per address: 40 parallel registrations of 40 phones from one address send ${OTP_MAX_PER_IP_PER_HOUR}`, async ({
    database,
    sms,
    call,
  }) => {
    ip = "10.52.0.1";
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call("auth/register", { ...validRegistration, phone: `0912${String(i).padStart(7, "0")}`, email: `r${i}@example.com` }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(OTP_MAX_PER_IP_PER_HOUR);
    expect(results.filter((r) => r.status === 429 && r.body.error?.code === "otp_limit")).toHaveLength(40 - OTP_MAX_PER_IP_PER_HOUR);
    expect(sms.sent).toHaveLength(OTP_MAX_PER_IP_PER_HOUR);
    expect(await database.db.select().from(otpSends)).toHaveLength(OTP_MAX_PER_IP_PER_HOUR);
  });

  it(`codes per address: 40 parallel forgotten passwords of 40 accounts from one address send ${OTP_MAX_PER_IP_PER_HOUR}`, async ({
    database,
    sms,
    call,
  }) => {
    const passwordHash = await hashPassword(PASSWORD);
    await database.db.insert(users).values(
      Array.from({ length: 40 }, (_, i) => ({
        firstName: "S",
        phone: `+98913${String(i).padStart(7, "0")}`,
        phoneVerifiedAt: new Date(),
        passwordHash,
      })),
    );
    ip = "10.52.0.2";
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => call("auth/forgot-password", { credential: `0913${String(i).padStart(7, "0")}` })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(OTP_MAX_PER_IP_PER_HOUR);
    expect(results.filter((r) => r.status === 429 && r.body.error?.code === "otp_limit")).toHaveLength(40 - OTP_MAX_PER_IP_PER_HOUR);
    expect(sms.sent).toHaveLength(OTP_MAX_PER_IP_PER_HOUR);
  });

  it(`codes per phone, forgot password: 20 parallel requests send ${OTP_MAX_PER_PHONE_PER_HOUR}`, async ({
    sms,
    call,
    verifiedAccount,
  }) => {
    await verifiedAccount("09120000201");
    const results = await fromOwnAddresses(20, () => call("auth/forgot-password", { credential: "09120000201" }));
    expect(results.filter((r) => r.status === 200)).toHaveLength(OTP_MAX_PER_PHONE_PER_HOUR);
    expect(results.filter((r) => r.status === 429 && r.body.error?.code === "otp_limit")).toHaveLength(20 - OTP_MAX_PER_PHONE_PER_HOUR);
    expect(sms.sent).toHaveLength(OTP_MAX_PER_PHONE_PER_HOUR);
  });

  it(`codes per phone, login's code step: 9 parallel right passwords send ${OTP_MAX_PER_PHONE_PER_HOUR}`, async ({
    sms,
    call,
    verifiedAccount,
  }) => {
    await verifiedAccount("09120000202");
    const results = await fromOwnAddresses(9, () => call("auth/login", { credential: "09120000202", password: PASSWORD }));
    expect(results.filter((r) => r.status === 200)).toHaveLength(OTP_MAX_PER_PHONE_PER_HOUR);
    expect(results.filter((r) => r.status === 429 && r.body.error?.code === "otp_limit")).toHaveLength(9 - OTP_MAX_PER_PHONE_PER_HOUR);
    expect(sms.sent).toHaveLength(OTP_MAX_PER_PHONE_PER_HOUR);
  });

  it(`codes per phone, adding a phone: 20 parallel requests send ${OTP_MAX_PER_PHONE_PER_HOUR}`, async ({ database, sms, call }) => {
    const [user] = await database.db.insert(users).values({ firstName: "Social", email: "social@example.com" }).returning();
    const session = await openSession(
      { db: database.db },
      { key: await signingKey({ db: database.db }), userId: user!.id, meta: { userAgent: null, ip: null } },
    );
    const results = await fromOwnAddresses(20, () => call("auth/phone", { phone: "09120000203" }, { token: session.accessToken }));
    expect(results.filter((r) => r.status === 200)).toHaveLength(OTP_MAX_PER_PHONE_PER_HOUR);
    expect(results.filter((r) => r.status === 429 && r.body.error?.code === "otp_limit")).toHaveLength(20 - OTP_MAX_PER_PHONE_PER_HOUR);
    expect(sms.sent).toHaveLength(OTP_MAX_PER_PHONE_PER_HOUR);
  });

  it("resends: 20 parallel resends of one code step, once it is due, send one code", async ({ database, sms, call, verifiedAccount }) => {
    await verifiedAccount("09120000204");
    ip = "10.53.0.1";
    const started = await call("auth/forgot-password", { credential: "09120000204" });
    const token = started.body.data.otp.token as string;
    await database.db
      .update(otpChallenges)
      .set({ lastSentAt: new Date(Date.now() - 10 * 60 * 1000) })
      .where(eq(otpChallenges.tokenHash, hashToken(token)));
    const results = await fromOwnAddresses(20, () => call("auth/otp/resend", { token }));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 429 && r.body.error?.code === "otp_resend_too_soon")).toHaveLength(19);
    expect(sms.sent).toHaveLength(2);
    expect(await database.db.select().from(otpSends)).toHaveLength(2);
  });

  it(`code tries: 50 parallel wrong codes are compared at most ${OTP_MAX_ATTEMPTS} times, then even the right code is refused`, async ({
    database,
    sms,
    call,
    verifiedAccount,
  }) => {
    await verifiedAccount("09120000205");
    ip = "10.54.0.1";
    const started = await call("auth/login", { credential: "09120000205", password: PASSWORD });
    const token = started.body.data.otp.token as string;
    const right = sms.lastCode("+989120000205")!;
    const wrong = (i: number) => String((Number(right) + 1 + i) % 1_000_000).padStart(6, "0");
    const results = await fromOwnAddresses(50, (i) => call("auth/otp/verify", { token, code: wrong(i) }));
    expect(results.filter((r) => r.status === 422 && r.body.error?.code === "otp_incorrect")).toHaveLength(OTP_MAX_ATTEMPTS);
    expect(results.filter((r) => r.status === 429 && r.body.error?.code === "otp_locked")).toHaveLength(50 - OTP_MAX_ATTEMPTS);
    const [challenge] = await database.db
      .select()
      .from(otpChallenges)
      .where(eq(otpChallenges.tokenHash, hashToken(token)));
    expect(challenge!.attempts).toBe(OTP_MAX_ATTEMPTS);
    const late = await call("auth/otp/verify", { token, code: right });
    expect(late.status).toBe(429);
    expect(late.body.error?.code).toBe("otp_locked");
  });
  it("a code replaced by a resend while its try waits is not accepted; the new one is", async ({
    database,
    sms,
    call,
    verifiedAccount,
  }) => {
    await verifiedAccount("09120000206");
    ip = "10.55.0.1";
    const started = await call("auth/login", { credential: "09120000206", password: PASSWORD });
    const token = started.body.data.otp.token as string;
    const oldCode = sms.lastCode("+989120000206")!;
    const newCode = oldCode === "000000" ? "000001" : "000000";
    const [challenge] = await database.db
      .select()
      .from(otpChallenges)
      .where(eq(otpChallenges.tokenHash, hashToken(token)));
    // Another instance's resend holds the step's row while a try of the old code arrives.
    const resend = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await resend.connect();
    try {
      await resend.query("begin");
      await resend.query("select 1 from otp_challenges where id = $1 for update", [challenge!.id]);
      const attempt = call("auth/otp/verify", { token, code: oldCode });
      for (let waiting = 0; waiting === 0;) {
        const { rows } = await database.db.execute<{ n: number }>(
          sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query like 'update "otp_challenges"%'`,
        );
        waiting = rows[0]?.n ?? 0;
      }
      await resend.query("update otp_challenges set code_hash = $1, attempts = 0 where id = $2", [
        hashToken(`${challenge!.tokenHash}:${newCode}`),
        challenge!.id,
      ]);
      await resend.query("commit");
      const late = await attempt;
      expect(late.status).toBe(422);
      expect(late.body.error?.code).toBe("otp_incorrect");
    } finally {
      await resend.end();
    }
    expect((await call("auth/otp/verify", { token, code: newCode })).status).toBe(200);
  });
});
