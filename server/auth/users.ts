import { eq } from "drizzle-orm";
import type { Credential } from "@/lib/schemas/auth";
import { users, type User } from "@/server/db/schema";
import { executor, type DbCtx } from "@/server/core/context";

export async function findUserByCredential(ctx: DbCtx, credential: Credential): Promise<User | null> {
  const db = executor(ctx);
  const [user] = await db
    .select()
    .from(users)
    .where(credential.kind === "phone" ? eq(users.phone, credential.phone) : eq(users.email, credential.email));
  return user ?? null;
}

export async function findUserById(ctx: DbCtx, input: { id: string }): Promise<User | null> {
  const db = executor(ctx);
  const { id } = input;
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user ?? null;
}

/** PostgreSQL's unique_violation, as node-postgres and PGlite report it (possibly wrapped by drizzle). */
export function uniqueViolation(error: unknown): string | null {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const pg = e as { code?: string; constraint?: string };
    if (pg.code === "23505") return pg.constraint ?? "";
  }
  return null;
}
