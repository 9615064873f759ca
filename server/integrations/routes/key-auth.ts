import type { MiddlewareHandler } from "hono";
import { isApiKeyToken } from "@/lib/schemas/integrations";
import type { ApiKeyScope } from "@/lib/schemas/enums";
import { AppError } from "@/server/core/errors";
import { bearerOf, rateLimitIp } from "@/server/http/auth";
import type { AppEnv, Services } from "@/server/http/context";
import { apiKeyGate } from "@/server/http/route-parts";
import { authenticateApiKey, type KeyCaller } from "@/server/integrations/keys";

/**
 * Who a program acts for, from its API key (server/integrations/keys.ts authenticateApiKey: 401, 403
 * outside the allow-list, 429 past the key's rate), or from `secret` when the route reads the key from
 * its body (the panel-compatible endpoint). 403 api_key_scope_missing when the key may not do `scope`
 * (none given: the caller checks the scopes of what it is asked).
 */
export async function keyCallerOf(
  c: Parameters<MiddlewareHandler<AppEnv>>[0],
  services: Pick<Services, "socketAddress">,
  input: { scope?: ApiKeyScope; secret?: string | undefined },
): Promise<KeyCaller> {
  const secret = input.secret ?? bearerOf(c);
  if (!secret || !isApiKeyToken(secret)) throw new AppError("api_key_invalid");
  const caller = await authenticateApiKey({ db: c.get("db") }, { secret, ip: rateLimitIp(c, services) });
  if (input.scope && !caller.scopes.includes(input.scope)) throw new AppError("api_key_scope_missing", { scope: input.scope });
  return caller;
}

/**
 * `Authorization: Bearer tk_…` with `scope`: sets c.var.keyCaller and c.var.user (the key's owner, whom
 * the verbs act for; the idempotency record is theirs too) and keeps the answer out of caches.
 */
export function requireApiKey(services: Pick<Services, "socketAddress">, scope: ApiKeyScope): MiddlewareHandler<AppEnv> {
  return apiKeyGate<MiddlewareHandler<AppEnv>>(async (c, next) => {
    const caller = await keyCallerOf(c, services, { scope });
    c.set("keyCaller", caller);
    c.set("user", caller.owner);
    c.header("Cache-Control", "private, no-store");
    await next();
  });
}
