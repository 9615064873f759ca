import { createHash, randomBytes } from "node:crypto";
import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import { addressInRanges } from "@/lib/geo/client-address";
import { API_KEY_PREFIX, API_KEYS_MAX, type createApiKeyInput } from "@/lib/schemas/integrations";
import type { ApiKeyScope } from "@/lib/schemas/enums";
import type { z } from "zod";
import { apiKeys, users, type ApiKey, type User } from "@/server/db/schema";
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

/** The key a program called with and whom it acts for (the owner's row: the verbs act as them). */
export type KeyCaller = { keyId: string; userId: string; scopes: ApiKeyScope[]; owner: User };

/**
 * Who a key acts for, in one statement that also counts the use in the key's current minute, notes when
 * and where it was last used and reads the owner's row (a data-modifying CTE joined to users): 401
 * api_key_invalid for a key never issued, revoked or expired (or its owner banned); 403
 * api_key_address_refused outside its allow-list; 429 rate_limited past API_KEY_RATE_PER_MINUTE (the
 * count lives on the key's row, so every instance shares it).
 */
export async function authenticateApiKey(ctx: DbCtx, input: { secret: string; ip: string }): Promise<KeyCaller> {
  const db = executor(ctx);
  const recent = sql`${apiKeys.windowStartedAt} > now() - interval '1 minute'`;
  const used = db.$with("used").as(
    db
      .update(apiKeys)
      .set({
        windowUses: sql`case when ${recent} then ${apiKeys.windowUses} + 1 else 1 end`,
        windowStartedAt: sql`case when ${recent} then ${apiKeys.windowStartedAt} else now() end`,
        lastUsedAt: sql`now()`,
        lastUsedIp: input.ip,
      })
      .where(
        and(
          eq(apiKeys.secretHash, hashOf(input.secret)),
          isNull(apiKeys.revokedAt),
          sql`(${apiKeys.expiresAt} is null or ${apiKeys.expiresAt} > now())`,
          sql`not exists (select 1 from user_bans b where b.user_id = ${apiKeys.userId} and b.lifted_at is null and b.expires_at > now())`,
        ),
      )
      .returning({
        keyId: apiKeys.id,
        ownerId: apiKeys.userId,
        scopes: apiKeys.scopes,
        ipAllow: apiKeys.ipAllow,
        windowUses: apiKeys.windowUses,
      }),
  );
  const [row] = await db
    .with(used)
    .select({ keyId: used.keyId, scopes: used.scopes, ipAllow: used.ipAllow, windowUses: used.windowUses, owner: users })
    .from(used)
    .innerJoin(users, eq(users.id, used.ownerId));
  if (!row) throw new AppError("api_key_invalid");
  if (row.ipAllow.length > 0 && !addressInRanges(input.ip, row.ipAllow)) throw new AppError("api_key_address_refused");
  if (row.windowUses > env.API_KEY_RATE_PER_MINUTE) throw new AppError("rate_limited");
  return { keyId: row.keyId, userId: row.owner.id, scopes: row.scopes, owner: row.owner };
}

/** An order a key placed or canceled (money moved for its owner): in the audit log with the key that did it. */
export async function auditKeyOrder(
  ctx: DbCtx & { ip?: string | null },
  input: { caller: KeyCaller; campaignId: string; via: "orders" | "v2"; action?: "api_key.order_placed" | "api_key.order_canceled" },
) {
  await recordAudit(ctx, {
    actorId: input.caller.userId,
    action: input.action ?? "api_key.order_placed",
    targetType: "campaign",
    targetId: input.campaignId,
    details: { key_id: input.caller.keyId, via: input.via },
    ip: ctx.ip ?? null,
  });
}
