import { eq } from "drizzle-orm";
import { users } from "@/server/db/schema";
import { describe, expect, vi } from "vitest";
import { passwordChecks as checks } from "@/tests/api/support/password-checks";
import { LOGIN_FAILURES_PER_ACCOUNT } from "@/server/auth/login-throttle";
import { registerAndSignIn, validRegistration } from "@/tests/api/support/account-helpers";
import { apiTest } from "@/tests/api/support/fixture";

vi.mock("@/server/auth/crypto", async () => (await import("@/tests/api/support/password-checks")).countingCrypto());

// A stolen session must not be a way to guess the account's password (issue 13, item 2's class):
// PUT me/password checks the current password against the login's per-account budget.
let ip = "10.60.0.1";
// Each call from \`ip\` as it is when the call is made.
const it = apiTest.override("client", () => ({
  get address() {
    return ip;
  },
}));

describe("password change guesses under concurrency (PostgreSQL)", { timeout: 60_000 }, () => {
  it("100 parallel wrong current passwords check at most 10, then 429 — the right one too", async ({ database, sms, call }) => {
    const { token, user } = await registerAndSignIn(call, sms, { phone: "09120000601", email: "guess@example.com" });
    const [before] = await database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    checks.count = 0;
    const next = { password: "Brand-New-2026!z", password_confirmation: "Brand-New-2026!z" };
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) => {
        ip = `10.61.0.${(i % 250) + 1}`;
        return call("me/password", { current_password: `wrong-${i}`, ...next }, { method: "PUT", token });
      }),
    );
    expect(checks.count).toBeLessThanOrEqual(LOGIN_FAILURES_PER_ACCOUNT);
    expect(results.filter((r) => r.status === 422)).toHaveLength(LOGIN_FAILURES_PER_ACCOUNT);
    expect(results.filter((r) => r.status === 429)).toHaveLength(100 - LOGIN_FAILURES_PER_ACCOUNT);

    ip = "10.62.0.1";
    const right = await call("me/password", { current_password: validRegistration.password, ...next }, { method: "PUT", token });
    expect(right.status).toBe(429);
    const [after] = await database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    expect(after!.hash).toBe(before!.hash);
  });
});
