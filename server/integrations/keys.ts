import { createHash, randomBytes } from "node:crypto";
import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import { addressInRanges } from "@/lib/geo/client-address";
import { API_KEY_PREFIX, API_KEYS_MAX, type createApiKeyInput } from "@/lib/schemas/integrations";
import type { ApiKeyScope } from "@/lib/schemas/enums";
import type { z } from "zod";
import { apiKeys, type ApiKey } from "@/server/db/schema";
import { AppError } from "@/server/core/errors";
import { env } from "@/server/core/env";
import { executor, withTransaction, type DbCtx, type UserCtx } from "@/server/core/context";
import { recordAudit } from "@/server/audit";

/** Characters of the key shown on screen to tell keys apart. */
const SHOWN = 9;

/** SHA-256 of the key: 32 random bytes need no slow hash, and the lookup is one index read. */
const hashOf = (secret: string) => createHash("sha256").update(secret).digest("hex");

/** A member's keys, newest first (revoked ones too, so the owner sees what was). */
export async function listApiKeys(ctx: DbCtx, input: { userId: string }): Promise<ApiKey[]> {
  const db = executor(ctx);
  return db.select().from(apiKeys).where(eq(apiKeys.userId, input.userId)).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

/**
 * Issues a key: its secret answered once and only its hash kept. At most API_KEYS_MAX keys in force
 * per member (counted under a lock on the member's keys, so parallel requests cannot pass it); audited.
 */
export async function createApiKey(
  ctx: UserCtx,
  input: { request: z.output<typeof createApiKeyInput> },
): Promise<{ key: ApiKey; secret: string }> {
  const { request } = input;
  // The contract has checked the expiry is ahead, at most API_KEY_EXPIRY_MAX_DAYS.
  const expiresAt = request.expires_at ? new Date(request.expires_at) : null;
  const secret = `${API_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
  return withTransaction(
    ctx,
    async (ctx) => {
      const { tx, actor } = ctx;
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`api-keys:${actor.id}`}))`);
      const [held] = await tx
        .select({ n: count() })
        .from(apiKeys)
        .where(
          and(eq(apiKeys.userId, actor.id), isNull(apiKeys.revokedAt), sql`(${apiKeys.expiresAt} is null or ${apiKeys.expiresAt} > now())`),
        );
      if ((held?.n ?? 0) >= API_KEYS_MAX) throw new AppError("api_keys_limit", { max: API_KEYS_MAX });
      const [key] = await tx
        .insert(apiKeys)
        .values({
          userId: actor.id,
          name: request.name,
          prefix: secret.slice(0, SHOWN),
          secretHash: hashOf(secret),
          scopes: request.scopes,
          ipAllow: request.ip_allow,
          expiresAt,
        })
        .returning();
      await recordAudit(ctx, {
        actorId: actor.id,
        action: "api_key.created",
        targetType: "api_key",
        targetId: key!.id,
        details: { name: request.name, scopes: request.scopes },
        ip: ctx.ip ?? null,
      });
      return { key: key!, secret };
    },
    { retry: true },
  );
}

/** Revokes one of the member's own keys (404 for anyone else's); at once on every instance, as each use reads the row. Audited. */
export async function revokeApiKey(ctx: UserCtx, input: { id: string }): Promise<void> {
  await withTransaction(ctx, async (ctx) => {
    const { tx, actor } = ctx;
    const [key] = await tx
      .update(apiKeys)
      .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, now())` })
      .where(and(eq(apiKeys.id, input.id), eq(apiKeys.userId, actor.id)))
      .returning({ id: apiKeys.id });
    if (!key) throw new AppError("not_found");
    await recordAudit(ctx, { actorId: actor.id, action: "api_key.revoked", targetType: "api_key", targetId: key.id, ip: ctx.ip ?? null });
  });
}

export type KeyCaller = { keyId: string; userId: string; scopes: ApiKeyScope[] };

/**
 * Who a key acts for, in one statement that also counts the use in the key's current minute and notes
 * when and where it was last used: 401 api_key_invalid for a key never issued, revoked or expired (or its owner banned); 403
 * api_key_address_refused outside its allow-list; 429 rate_limited past API_KEY_RATE_PER_MINUTE (the
 * count lives on the key's row, so every instance shares it).
 */
export async function authenticateApiKey(ctx: DbCtx, input: { secret: string; ip: string }): Promise<KeyCaller> {
  const db = executor(ctx);
  const result = await db.execute(sql`
    update api_keys set
      window_uses = case when window_started_at > now() - interval '1 minute' then window_uses + 1 else 1 end,
      window_started_at = case when window_started_at > now() - interval '1 minute' then window_started_at else now() end,
      last_used_at = now(),
      last_used_ip = ${input.ip}
    where secret_hash = ${hashOf(input.secret)} and revoked_at is null and (expires_at is null or expires_at > now())
      and not exists (select 1 from user_bans b where b.user_id = api_keys.user_id and b.lifted_at is null and b.expires_at > now())
    returning id, user_id, scopes, ip_allow, window_uses`);
  const row = (result.rows as { id: string; user_id: string; scopes: ApiKeyScope[]; ip_allow: string[]; window_uses: number }[])[0];
  if (!row) throw new AppError("api_key_invalid");
  if (row.ip_allow.length > 0 && !addressInRanges(input.ip, row.ip_allow)) throw new AppError("api_key_address_refused");
  if (row.window_uses > env.API_KEY_RATE_PER_MINUTE) throw new AppError("rate_limited");
  return { keyId: row.id, userId: row.user_id, scopes: row.scopes };
}

/** An order a key placed (a campaign paid from its owner's wallet): in the audit log with the key that placed it. */
export async function auditKeyOrder(
  ctx: DbCtx & { ip?: string | null },
  input: { caller: Pick<KeyCaller, "keyId" | "userId">; campaignId: string; via: "orders" | "v2" },
) {
  await recordAudit(ctx, {
    actorId: input.caller.userId,
    action: "api_key.order_placed",
    targetType: "campaign",
    targetId: input.campaignId,
    details: { key_id: input.caller.keyId, via: input.via },
    ip: ctx.ip ?? null,
  });
}
