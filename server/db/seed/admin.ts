import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { normalizeIranianMobile } from "@/lib/validation/phone";
import { hashPassword } from "@/server/auth";
import { rawEnv } from "@/server/core/env";
import { defaultLocale } from "@/lib/i18n/locales";
import { translateApi } from "@/server/core/i18n";
import type { Db } from "../client";
import { sessions, users } from "../schema";

/** The demo admin's phone: created by the demo seed when ADMIN_PHONE/ADMIN_PASSWORD are not both set. */
export const DEMO_ADMIN_PHONE = "+989100000000";

/** What to type to set or reset an admin's password (server/cli/admin.ts). */
export function adminCommandFor(e164: string): string {
  return `npm run admin -- --phone ${e164.replace(/^\+98/, "0")}`;
}

/** The admin's name, in the installation's default locale (the back office shows it in the audit log and the lists). */
export function seededAdminName(): { firstName: string; lastName: string } {
  return {
    firstName: translateApi(defaultLocale, "seededAdmin.first_name"),
    lastName: translateApi(defaultLocale, "seededAdmin.last_name"),
  };
}

/** The admin command opens the database like the server and says its own piece: the seed keeps quiet then. */
export const seedOutput = { quiet: false };

function say(line: string): void {
  if (!seedOutput.quiet) console.info(line);
}

/**
 * The admin account: from ADMIN_PHONE and ADMIN_PASSWORD when both are set (an existing user with
 * that phone becomes admin; the password is set only on creation). Without them the demo seed
 * creates one with a random password and prints its credentials once; on every later start, while
 * that account has never signed in, it prints its phone and the command that sets its password.
 */
export async function ensureAdmin(db: Db, env: Readonly<Record<string, string | undefined>> = rawEnv(), demo = true): Promise<void> {
  const configured = env.ADMIN_PHONE && env.ADMIN_PASSWORD;
  const phone = configured ? normalizeIranianMobile(env.ADMIN_PHONE!) : demo ? DEMO_ADMIN_PHONE : null;
  if (!phone) {
    if (configured) console.error("[seed] ADMIN_PHONE is not a valid Iranian mobile number; no admin created");
    return;
  }
  const [existing] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.phone, phone));
  if (existing) {
    if (configured && existing.role !== "admin") await db.update(users).set({ role: "admin" }).where(eq(users.id, existing.id));
    if (!configured && existing.role === "admin") {
      const [signedIn] = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, existing.id)).limit(1);
      if (!signedIn) say(`[seed] demo admin ${phone} has not signed in yet; set its password with: ${adminCommandFor(phone)}`);
    }
    return;
  }
  const password = configured ? env.ADMIN_PASSWORD! : randomBytes(12).toString("base64url");
  const created = await db
    .insert(users)
    .values({
      ...seededAdminName(),
      phone,
      phoneVerifiedAt: new Date(),
      passwordHash: await hashPassword(password),
      role: "admin",
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (created.length > 0 && !configured) {
    say(`[seed] demo admin created: phone ${phone} password ${password}`);
    say(`[seed] to set another password later: ${adminCommandFor(phone)}`);
  }
}
