import { and, count, eq, gt } from "drizzle-orm";
import type { Credential } from "@/lib/schemas/auth";
import type { Db } from "@/server/db";
import { loginFailures } from "@/server/db/schema";
import { AppError } from "@/server/http/errors";

/** Wrong passwords allowed per account, and per address, within the window before 429. */
export const LOGIN_FAILURES_PER_ACCOUNT = 10;
export const LOGIN_FAILURES_PER_IP = 50;
export const LOGIN_FAILURE_WINDOW_SECONDS = 15 * 60;

export function accountKey(credential: Credential): string {
  return credential.kind === "phone" ? `phone:${credential.phone}` : `email:${credential.email}`;
}

/** 429 when this account or this address has failed too often lately (also for accounts that do not exist). */
export async function assertLoginAllowed(db: Db, key: string, ip: string): Promise<void> {
  const since = new Date(Date.now() - LOGIN_FAILURE_WINDOW_SECONDS * 1000);
  const [[byAccount], [byIp]] = await Promise.all([
    db
      .select({ n: count() })
      .from(loginFailures)
      .where(and(eq(loginFailures.accountKey, key), gt(loginFailures.failedAt, since))),
    db
      .select({ n: count() })
      .from(loginFailures)
      .where(and(eq(loginFailures.ip, ip), gt(loginFailures.failedAt, since))),
  ]);
  if ((byAccount?.n ?? 0) >= LOGIN_FAILURES_PER_ACCOUNT || (byIp?.n ?? 0) >= LOGIN_FAILURES_PER_IP) throw new AppError("rate_limited");
}

export async function recordLoginFailure(db: Db, key: string, ip: string): Promise<void> {
  await db.insert(loginFailures).values({ accountKey: key, ip });
}
