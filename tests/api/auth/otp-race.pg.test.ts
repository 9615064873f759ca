import { describe, expect } from "vitest";
import { sessions, users } from "@/server/db/schema";
import { validRegistration } from "@/tests/api/support/account-helpers";
import { apiTest } from "@/tests/api/support/fixture";

// Races need real connections: PGlite has one, so *.pg.test.ts files run only on PostgreSQL
// (vitest.config.ts collects them when TEST_DATABASE_URL is set; npm test and CI set it).
const it = apiTest.override("client", () => ({ address: "10.3.0.1" }));

describe("one-time codes under concurrency (PostgreSQL)", () => {
  it("50 parallel verifies of one correct code make exactly one account and one session", async ({ database, sms, call }) => {
    const started = await call("auth/register", validRegistration);
    const code = sms.lastCode("+989121234567")!;
    const results = await Promise.all(
      Array.from({ length: 50 }, () => call("auth/otp/verify", { token: started.body.data.otp.token, code })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.every((s) => s === 200 || s === 409 || s === 429)).toBe(true);
    expect(await database.db.select().from(users)).toHaveLength(1);
    expect(await database.db.select().from(sessions)).toHaveLength(1);
  });

  it("20 parallel registrations of one phone send at most 5 codes", async ({ sms, call }) => {
    const before = sms.sent.length;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call("auth/register", { ...validRegistration, phone: "09120000077", email: `r${i}@example.com` }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    expect(results.filter((r) => r.status === 429)).toHaveLength(15);
    expect(sms.sent.length - before).toBe(5);
  });
});
