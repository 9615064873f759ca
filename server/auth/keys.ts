import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { appSecrets } from "@/server/db/schema";
import { env } from "@/server/core/env";
import { executor, type DbCtx } from "@/server/core/context";

const cache = new WeakMap<object, Promise<Uint8Array>>();
let configuredKey: { secret: string; key: Promise<Uint8Array> } | undefined;

/**
 * The key that signs access tokens and trusted-device cookies: AUTH_SECRET (at least 32 characters)
 * when set, else one random key created once in the database so every app instance shares it.
 */
export function signingKey(ctx: DbCtx): Promise<Uint8Array> {
  const db = executor(ctx);
  const configured = env.AUTH_SECRET;
  if (configured) {
    // One array per secret: the verifier keeps its imported key per array (server/auth/jwt.ts).
    if (configuredKey?.secret !== configured)
      configuredKey = { secret: configured, key: Promise.resolve(new TextEncoder().encode(configured)) };
    return configuredKey.key;
  }
  let key = cache.get(db);
  if (!key) {
    key = (async () => {
      await db
        .insert(appSecrets)
        .values({ name: "auth_signing_key", value: randomBytes(48).toString("base64url") })
        .onConflictDoNothing();
      const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, "auth_signing_key"));
      if (!row) throw new Error("auth signing key missing");
      return new TextEncoder().encode(row.value);
    })();
    key.catch(() => cache.delete(db));
    cache.set(db, key);
  }
  return key;
}
