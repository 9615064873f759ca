import type { ApiKeyView } from "@/lib/schemas/integrations";
import type { ApiKey } from "@/server/db/schema";

/** A key as its owner sees it: never its secret or hash. */
export function toApiKeyOutput(key: ApiKey, now = new Date()): ApiKeyView {
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    scopes: key.scopes,
    ip_allow: key.ipAllow,
    state: key.revokedAt ? "revoked" : key.expiresAt && key.expiresAt <= now ? "expired" : "active",
    created_at: key.createdAt.toISOString(),
    expires_at: key.expiresAt?.toISOString() ?? null,
    last_used_at: key.lastUsedAt?.toISOString() ?? null,
    last_used_ip: key.lastUsedIp,
    revoked_at: key.revokedAt?.toISOString() ?? null,
  };
}
