import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { normalizeIranianMobile } from "@/lib/validation/phone";
import { hashPassword } from "@/server/domain/auth/crypto";
import type { Db } from "../client";
import { users } from "../schema";

/**
 * The admin account: from ADMIN_PHONE and ADMIN_PASSWORD when both are set (an existing user with
 * that phone becomes admin; the password is set only on creation). Without them the demo seed
 * creates one with a random password and prints its credentials once.
 */
export async function ensureAdmin(db: Db, env: Record<string, string | undefined> = process.env, demo = true): Promise<void> {
  const configured = env.ADMIN_PHONE && env.ADMIN_PASSWORD;
  const phone = configured ? normalizeIranianMobile(env.ADMIN_PHONE!) : demo ? "+989100000000" : null;
  if (!phone) {
    if (configured) console.error("[seed] ADMIN_PHONE is not a valid Iranian mobile number; no admin created");
    return;
  }
  const [existing] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.phone, phone));
  if (existing) {
    if (configured && existing.role !== "admin") await db.update(users).set({ role: "admin" }).where(eq(users.id, existing.id));
    return;
  }
  const password = configured ? env.ADMIN_PASSWORD! : randomBytes(12).toString("base64url");
  const created = await db
    .insert(users)
    .values({
      firstName: "Admin",
      lastName: "Takapoo",
      phone,
      phoneVerifiedAt: new Date(),
      passwordHash: await hashPassword(password),
      role: "admin",
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (created.length > 0 && !configured) console.info(`[seed] demo admin created: phone ${phone} password ${password}`);
}
