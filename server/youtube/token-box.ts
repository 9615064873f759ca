import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import type { Db } from "@/server/db";
import { signingKey } from "@/server/auth";
import { env } from "@/server/core/env";
import { executor, type DbCtx } from "@/server/core/context";

/**
 * Refresh tokens at rest: AES-256-GCM under a key derived (HKDF-SHA256) from TOKEN_ENCRYPTION_KEY, or,
 * when that is unset, from the app's signing key (AUTH_SECRET or the one kept in the database). Sealed
 * as "v1.<iv>.<ciphertext+tag>" in base64url; a leaked table alone gives no usable token.
 */
const INFO = "takapoo youtube refresh token v1";

async function keyFor(db: Db): Promise<Buffer> {
  const configured = env.TOKEN_ENCRYPTION_KEY;
  const secret = configured ? Buffer.from(configured) : Buffer.from(await signingKey({ db }));
  return Buffer.from(hkdfSync("sha256", secret, Buffer.alloc(0), INFO, 32));
}

export async function sealToken(ctx: DbCtx, input: { token: string }): Promise<string> {
  const db = executor(ctx);
  const { token } = input;
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", await keyFor(db), iv);
  const sealed = Buffer.concat([cipher.update(token, "utf8"), cipher.final(), cipher.getAuthTag()]);
  return `v1.${iv.toString("base64url")}.${sealed.toString("base64url")}`;
}

/** The token; throws when the box was not sealed under this key (or was altered). */
export async function openToken(ctx: DbCtx, input: { box: string }): Promise<string> {
  const db = executor(ctx);
  const { box } = input;
  const [version, iv, sealed] = box.split(".");
  if (version !== "v1" || !iv || !sealed) throw new Error("sealed token: unknown format");
  const bytes = Buffer.from(sealed, "base64url");
  const decipher = createDecipheriv("aes-256-gcm", await keyFor(db), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(bytes.subarray(bytes.length - 16));
  return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]).toString("utf8");
}
