import { OpenAPIHono } from "@hono/zod-openapi";
import { setCookie } from "hono/cookie";
import { userOutput } from "@/lib/schemas/auth";
import { meOutput, profileEndpoints, sessionInfoOutput } from "@/lib/schemas/profile";
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_SECONDS } from "@/lib/i18n/locales";
import { changePassword, updateProfile } from "@/server/profile/update-profile";
import { requestIdentityVerification } from "@/server/profile/request-verification";
import { MAX_UPLOAD_BYTES } from "@/server/uploads";
import { listOpenSessions, revokeOwnSession } from "@/server/auth";
import { rateLimitIp, requireSessionClaims, requireUser } from "@/server/http/auth";
import { meFor } from "@/server/profile/me";
import { ctxOf, type AppEnv, type Services } from "@/server/http/context";
import { toUserOutput } from "@/server/auth";
import { errorResponses } from "@/server/http/envelope";
import { AppError } from "@/server/core/errors";
import { translateApi } from "@/server/http/i18n";
import { components, endpointRoute, err, extending, imageUploadRefusals } from "@/server/http/route-parts";

components({ SessionInfo: sessionInfoOutput });
extending(meOutput, userOutput, "User");

const getMe = endpointRoute(profileEndpoints.me, {
  middleware: [requireSessionClaims] as const,
  tags: ["Profile"],
  summary: "The logged-in user",
  answer: "The user (never the password hash), with the header's figures",
});

const patchMe = endpointRoute(profileEndpoints.update, {
  middleware: [requireUser] as const,
  tags: ["Profile"],
  summary: "Update the profile (identity, bank, e-mail, language)",
  bodyName: "UpdateProfileInput",
  answer: "Updated",
  responses: { 409: err("E-mail in use, or identity locked") },
});

const putPassword = endpointRoute(profileEndpoints.password, {
  middleware: [requireUser] as const,
  tags: ["Profile"],
  summary: "Change the password (other sessions end)",
  bodyName: "ChangePasswordInput",
  answer: "Changed",
  responses: { 429: err("Too many wrong current passwords for this account or address: the login's own budget (rate_limited)") },
});

const postVerification = endpointRoute(profileEndpoints.requestVerification, {
  middleware: [requireUser] as const,
  tags: ["Profile"],
  summary: "Request identity verification with a photo of the national ID card (multipart, field `card`)",
  answer: "Request sent",
  responses: { 409: err("Already pending or verified"), ...imageUploadRefusals },
});

const getCard = endpointRoute(profileEndpoints.identityCard, {
  middleware: [requireUser] as const,
  tags: ["Profile"],
  summary: "The logged-in user's own national ID card image",
  answer: "The image",
  responses: { 404: err("No card uploaded") },
});

const listSessions = endpointRoute(profileEndpoints.sessions, {
  middleware: [requireUser] as const,
  tags: ["Profile"],
  summary: "The logged-in user's open sessions",
  answer: "Open sessions, newest first",
});

const deleteSession = endpointRoute(profileEndpoints.endSession, {
  middleware: [requireUser] as const,
  tags: ["Profile"],
  summary: "End one of the user's own sessions (another's answers 404)",
  answer: "Ended",
  responses: { 404: err("No open session of yours with this id"), ...errorResponses },
});

/** Sends a stored image to someone allowed to see it, never cached by anything in between. */
export async function serveStoredImage(services: Services, key: string | null) {
  const file = key ? await services.storage.get(key) : null;
  if (!file) throw new AppError("not_found");
  return new Response(file.bytes as BodyInit, {
    status: 200,
    headers: {
      "Content-Type": file.contentType,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": "inline",
      "Content-Security-Policy": "default-src 'none'",
    },
  });
}

export function meRoutes(services: Services) {
  return new OpenAPIHono<AppEnv>()
    .openapi(getMe, async (c) => {
      const me = await meFor({ db: c.get("db") }, c.get("claims"));
      if (!me) throw new AppError("unauthorized");
      return c.json({ data: { ...toUserOutput(me.user), wallet_balance: me.wallet, unread_notifications: me.unseen } }, 200);
    })
    .openapi(patchMe, async (c) => {
      const input = c.req.valid("json");
      const user = await updateProfile({ ...ctxOf(c, services), ibanOwner: services.payouts.ibanOwner }, input);
      if (input.locale) {
        setCookie(c, LOCALE_COOKIE, input.locale, { path: "/", maxAge: LOCALE_COOKIE_MAX_AGE_SECONDS, sameSite: "Lax" });
      }
      return c.json(
        { data: { user: toUserOutput(user), message: translateApi(input.locale ?? c.get("locale"), "messages.profile_updated") } },
        200,
      );
    })
    .openapi(putPassword, async (c) => {
      const locale = c.get("locale");
      await changePassword(
        { ...ctxOf(c, services), ip: rateLimitIp(c, services), translate: (key) => translateApi(locale, key) },
        { ...c.req.valid("json"), sessionId: c.get("claims").sessionId },
      );
      return c.json({ data: { message: translateApi(locale, "messages.password_changed") } }, 200);
    })
    .openapi(postVerification, async (c) => {
      const type = c.req.header("content-type") ?? "";
      if (!type.startsWith("multipart/form-data")) throw new AppError("unsupported_media_type");
      let card: unknown;
      try {
        card = (await c.req.formData()).get("card");
      } catch {
        throw new AppError("bad_request");
      }
      if (!(card instanceof File) || card.size === 0) throw new AppError("upload_missing", {}, { card: null });
      if (card.size > MAX_UPLOAD_BYTES) throw new AppError("upload_too_large");
      const user = await requestIdentityVerification(ctxOf(c, services), {
        storage: services.storage,
        card: { bytes: new Uint8Array(await card.arrayBuffer()), filename: card.name, mimeType: card.type },
        missingMessage: translateApi(c.get("locale"), "validation.missing_for_verification"),
      });
      return c.json({ data: { user: toUserOutput(user), message: translateApi(c.get("locale"), "messages.verification_requested") } }, 200);
    })
    .openapi(getCard, async (c) => serveStoredImage(services, c.get("user").identityCardKey) as never)
    .openapi(listSessions, async (c) => {
      const rows = await listOpenSessions({ db: c.get("db") }, { userId: c.get("user").id });
      return c.json(
        {
          data: rows.map((row) => ({
            id: row.id,
            user_agent: row.userAgent,
            ip: row.ip,
            created_at: row.createdAt.toISOString(),
            last_used_at: row.lastUsedAt.toISOString(),
            current: row.id === c.get("claims").sessionId,
          })),
        },
        200,
      );
    })
    .openapi(deleteSession, async (c) => {
      const { id } = c.req.valid("param");
      if (!(await revokeOwnSession({ db: c.get("db") }, { userId: c.get("user").id, sessionId: id }))) throw new AppError("not_found");
      return c.json({ data: { id } }, 200);
    });
}
