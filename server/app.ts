import { OpenAPIHono } from "@hono/zod-openapi";
import { HTTPException } from "hono/http-exception";
import { secureHeaders } from "hono/secure-headers";
import type { AppDeps, AppEnv } from "./http/context";
import { AppError } from "./core/errors";
import { statusOf } from "./http/errors";
import { apiSecurityHeaders } from "./http/api-security-headers";
import { limitBody } from "./http/body-limit";
import { allowedMethods, literalMethods } from "./http/allowed-methods";
import { corsAllowedOrigins, corsHeaders } from "./http/cors";
import { refuseCrossSiteWrites } from "./http/same-origin";
import { pingDatabase } from "./db/client";
import { requestLocale, translateApi } from "./http/i18n";
import { validationCodeFor, validationError } from "./http/validation";
import { healthRoutes } from "@/server/system/health-routes";
import { ipRoutes } from "@/server/system/ip-routes";
import { pageRoutes } from "@/server/pages/routes";
import { metaRoutes } from "@/server/system/meta-routes";
import { monitoringRoutes, TUNNEL_BODY_LIMIT_BYTES } from "@/server/system/monitoring-routes";
import { authRoutes } from "@/server/auth/routes";
import { meRoutes } from "@/server/profile/routes";
import { identityAdminRoutes } from "@/server/profile/identity-admin-routes";
import { adminPageRoutes } from "@/server/pages/admin-routes";
import { checksOf, type Services } from "./http/context";
import { smsSenderFromEnv } from "./adapters/sms";
import { oauthFromEnv } from "./adapters/oauth";
import { fileStorageFromEnv } from "./adapters/storage";
import { dataDir } from "./db";
import { env, rawEnv } from "@/server/core/env";
import { MAX_UPLOAD_BYTES } from "@/server/uploads";
import { defaultGateways } from "./adapters/payments/default";
import { walletRoutes } from "@/server/payments/wallet-routes";
import { paymentRoutes } from "@/server/payments/routes";
import { campaignRoutes } from "@/server/campaigns/routes";
import { campaignActivityRoutes } from "@/server/activities/campaign-routes";
import { activityRoutes } from "@/server/activities/routes";
import { activityLifecycleRoutes } from "@/server/activities/lifecycle-routes";
import { activityProofRoutes } from "@/server/activities/proof-routes";
import { activityWatchRoutes } from "@/server/activities/watch-routes";
import { youtubeRoutes } from "@/server/youtube/routes";
import { youtubeConnectionRoutes } from "@/server/youtube/connection-routes";
import { checksToday } from "@/server/youtube";
import { testClockRoutes } from "@/server/system/test-clock-routes";
import { statsRoutes } from "@/server/stats/routes";
import { onboardingRoutes } from "@/server/onboarding/routes";
import { demoRoutes } from "@/server/demo/routes";
import { payoutRoutes } from "@/server/payouts/routes";
import { notificationRoutes } from "@/server/notifications/routes";
import { invitationRoutes } from "@/server/invitations/routes";
import { apiKeyRoutes } from "@/server/integrations/routes/keys";
import { webhookRoutes } from "@/server/integrations/routes/webhooks";
import { postWebhook } from "@/server/integrations/webhooks/send";
import { panelRoutes } from "@/server/integrations/routes/panel";
import { orderRoutes } from "@/server/integrations/routes/orders";
import { auditRoutes } from "@/server/audit/routes";
import { peopleRoutes } from "@/server/people/routes";
import { payoutAdminRoutes } from "@/server/payouts/admin-routes";
import { payoutRailRoutes } from "@/server/payouts/rail-routes";
import { youtubeFromEnv } from "./adapters/youtube";
import { youtubeAccountsFromEnv } from "./adapters/youtube-account";
import { payoutProvidersFromEnv } from "./adapters/payout-rails/registry";
import { ACCESS_COOKIE } from "@/lib/auth/cookies";
import { wireFeatures } from "@/server/root";

export const JSON_BODY_LIMIT_BYTES = 64 * 1024;
/** The identity-card upload: the 5 MB image plus the multipart envelope. */
const UPLOAD_BODY_LIMIT_BYTES = MAX_UPLOAD_BYTES + 64 * 1024;
const UPLOAD_PATHS = new Set(["/api/me/identity-verification"]);
/**
 * A content page's body may be 100,000 characters (lib/schemas/pages.ts): up to 3 bytes each in
 * UTF-8, 6 when JSON escapes them, plus the other fields.
 */
export const PAGE_BODY_LIMIT_BYTES = 640 * 1024;
const PAGE_PATH = /^\/api\/admin\/pages\/[^/]+\/[^/]+$/;

/** Maps what Hono itself throws (bad JSON, wrong method …) onto our error codes. */
function fromHttpException(error: HTTPException): AppError {
  if (error.status === 400 && /json/i.test(error.message)) return new AppError("malformed_json");
  if (error.status === 400) return new AppError("bad_request");
  if (error.status === 401) return new AppError("unauthorized");
  if (error.status === 403) return new AppError("forbidden");
  if (error.status === 404) return new AppError("not_found");
  if (error.status === 405) return new AppError("method_not_allowed");
  if (error.status === 413) return new AppError("payload_too_large");
  if (error.status === 415) return new AppError("unsupported_media_type");
  if (error.status === 429) return new AppError("rate_limited");
  return new AppError("internal");
}

/**
 * A body that stopped arriving because the client closed the connection (Node's "aborted",
 * ECONNRESET): the client's doing, not an internal error to log and report for every such client.
 */
function clientWentAway(request: Request, error: unknown): boolean {
  const { code, name } = (error ?? {}) as { code?: unknown; name?: unknown };
  if (code === "ECONNRESET" || code === "ECONNABORTED") return true;
  return request.signal?.aborted === true && (error === request.signal.reason || name === "AbortError");
}

/**
 * The core API, mounted at /api: by Next.js (app/api/[[...route]]/route.ts) or standalone
 * (server/standalone.ts). Every answer is JSON in the {"data"} / {"error"} envelope.
 */
export function createApp(deps: AppDeps) {
  wireFeatures();
  const services: Services = {
    sms: deps.sms ?? smsSenderFromEnv(),
    oauth: deps.oauth ?? oauthFromEnv(),
    storage: deps.storage ?? fileStorageFromEnv(rawEnv(), dataDir()),
    gateways: deps.gateways ?? defaultGateways(deps.database),
    socketAddress: deps.socketAddress,
    // null turns it off even when GOOGLE_CLIENT_ID/SECRET are set (tests), hence !== undefined rather than ??.
    youtubeAccounts: deps.youtubeAccounts !== undefined ? deps.youtubeAccounts : youtubeAccountsFromEnv(),
    payouts: deps.payouts ?? payoutProvidersFromEnv(),
    webhooks: deps.webhooks !== undefined ? deps.webhooks : postWebhook,
    checksNow: (db) => checksToday({ db }, checksOf(services)),
  };
  const app = new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      // The raw input rides along at run time though the hook type omits it on failure.
      if (!result.success)
        throw validationError(
          c.get("locale"),
          result.error,
          (result as { data?: unknown }).data,
          validationCodeFor(c.req.method, c.req.path),
        );
    },
  }).basePath("/api");

  app.use(async (c, next) => {
    const requestId = crypto.randomUUID();
    c.set("requestId", requestId);
    c.set("locale", requestLocale(c.req.raw.headers));
    c.header("X-Request-Id", requestId);
    await next();
  });

  // HSTS and the policy are the API's own (apiSecurityHeaders): Hono's default sent HSTS over plain HTTP too.
  app.use(secureHeaders({ crossOriginResourcePolicy: "same-site", strictTransportSecurity: false, xFrameOptions: "DENY" }));
  app.use(apiSecurityHeaders);
  // Same origin unless CORS_ALLOWED_ORIGINS names others (read now, so a bad value stops the start).
  corsAllowedOrigins();
  app.use(corsHeaders);
  app.use(refuseCrossSiteWrites);

  // JSON bodies of the API are small; the error-report tunnel takes larger envelopes.
  const jsonBodyLimit = limitBody({
    maxSize: JSON_BODY_LIMIT_BYTES,
    onError: () => {
      throw new AppError("payload_too_large");
    },
  });
  const uploadBodyLimit = limitBody({
    maxSize: UPLOAD_BODY_LIMIT_BYTES,
    onError: () => {
      throw new AppError("upload_too_large");
    },
  });
  const pageBodyLimit = limitBody({
    maxSize: PAGE_BODY_LIMIT_BYTES,
    onError: () => {
      throw new AppError("payload_too_large");
    },
  });
  const tunnelBodyLimit = limitBody({
    maxSize: TUNNEL_BODY_LIMIT_BYTES,
    onError: () => {
      throw new AppError("payload_too_large");
    },
  });
  app.use((c, next) => {
    // A GET or HEAD has no body to limit; asking for one would build the whole web Request.
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    // Every other request has a limit, judged before its body is read (the tunnel read it all first).
    if (c.req.path === "/api/monitoring") return tunnelBodyLimit(c, next);
    if (UPLOAD_PATHS.has(c.req.path)) return uploadBodyLimit(c, next);
    return PAGE_PATH.test(c.req.path) ? pageBodyLimit(c, next) : jsonBodyLimit(c, next);
  });

  // A path a route names literally answers only its own methods: GET /api/campaigns/quote is a 405
  // (Allow: POST), not GET /api/campaigns/{id} with the id "quote". Read from the route table on first use.
  const ownMethods = literalMethods(app.routes);
  const methodsOf = allowedMethods(app.routes);
  app.use((c, next) => {
    const own = ownMethods(c.req.path);
    const method = c.req.method === "HEAD" ? "GET" : c.req.method;
    if (!own || own.includes(method) || method === "OPTIONS") return next();
    c.header("Allow", methodsOf(c.req.path).join(", "));
    throw new AppError("method_not_allowed");
  });

  // The database is opened (and migrated) on first use, so /api/openapi.json needs none.
  app.use(async (c, next) => {
    if (["/api/openapi.json", "/api/docs", "/api/build", "/api/monitoring", "/api/sentry-example-api"].includes(c.req.path)) return next();
    const database = await deps.database();
    c.set("db", database.db);
    c.set("ping", () => pingDatabase(database));
    await next();
  });

  app.route("/", healthRoutes);
  app.route("/", ipRoutes(deps));
  app.route("/", pageRoutes);
  app.route("/", metaRoutes);
  app.route("/", monitoringRoutes);
  app.route("/", authRoutes(services));
  app.route("/", meRoutes(services));
  app.route("/", onboardingRoutes());
  app.route("/", identityAdminRoutes(services));
  app.route("/", adminPageRoutes(services));
  app.route("/", walletRoutes(services));
  app.route("/", paymentRoutes(services));
  const youtube = deps.youtube !== undefined ? deps.youtube : youtubeFromEnv();
  app.route("/", campaignRoutes(services, { activities: campaignActivityRoutes({ counters: youtube !== null }) }));
  app.route("/", activityRoutes(services));
  app.route("/", activityLifecycleRoutes(services));
  app.route("/", activityProofRoutes(services));
  app.route("/", activityWatchRoutes(services));
  app.route("/", payoutRoutes(services));
  app.route("/", payoutRailRoutes(services));
  app.route("/", payoutAdminRoutes(services));
  app.route("/", notificationRoutes(services, deps.database));
  app.route("/", invitationRoutes(services));
  app.route("/", apiKeyRoutes(services));
  app.route("/", webhookRoutes(services));
  app.route("/", panelRoutes(services));
  app.route("/", orderRoutes(services));
  app.route("/", auditRoutes());
  app.route("/", peopleRoutes(services));
  app.route("/", statsRoutes());
  app.route("/", demoRoutes(services));
  // null turns search off even when YOUTUBE_API_KEY is set (tests), hence !== undefined rather than ??.
  app.route("/", youtubeRoutes(youtube));
  app.route("/", youtubeConnectionRoutes(services));
  if (env.TEST_CLOCK) {
    console.warn("[jobs] TEST_CLOCK=true: admins can run jobs as of a later time (end-to-end tests only, never with real users)");
    app.route("/", testClockRoutes(services));
  }

  app.doc31("/openapi.json", {
    openapi: "3.1.0",
    info: {
      title: "Takapoo core API",
      version: "1.0.0",
      description:
        'JSON, snake_case. Success: {"data": …}. Failure: {"error": {"code", "message", "fields"?, "request_id"}}, the message in the locale of X-Locale, else accept-language. ' +
        "A method a path does not take answers 405 with Allow. A POST, PUT, PATCH or DELETE without a bearer token must come from the site's own pages (Origin, else Sec-Fetch-Site): another site's answers 403 cross_site_request. " +
        "Browsers of other origins get CORS only where CORS_ALLOWED_ORIGINS names them.",
    },
    servers: [{ url: "/" }],
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "bearer", { type: "http", scheme: "bearer", bearerFormat: "JWT" });
  // The web app's way in: the same access token in an httpOnly cookie (server/http/auth.ts).
  app.openAPIRegistry.registerComponent("securitySchemes", "session_cookie", { type: "apiKey", in: "cookie", name: ACCESS_COOKIE });
  // A producer's programs (issue 36): an API key from the panel's API keys page, `Authorization: Bearer tk_…`.
  app.openAPIRegistry.registerComponent("securitySchemes", "apiKey", { type: "http", scheme: "bearer", bearerFormat: "tk_… API key" });

  // No route for this method: OPTIONS on a known path answers 204 with Allow (and, through
  // corsHeaders, a CORS preflight's answer for an allowed origin); another method 405 with Allow.
  app.notFound((c) => {
    const allowed = methodsOf(c.req.path);
    if (allowed.length === 0) throw new AppError("route_not_found", { path: new URL(c.req.url).pathname });
    c.header("Allow", allowed.join(", "));
    if (c.req.method === "OPTIONS") return c.body(null, 204);
    throw new AppError("method_not_allowed");
  });

  app.onError((err, c) => {
    const locale = c.get("locale") ?? requestLocale(c.req.raw.headers);
    const error =
      err instanceof AppError
        ? err
        : err instanceof HTTPException
          ? fromHttpException(err)
          : clientWentAway(c.req.raw, err)
            ? new AppError("bad_request")
            : new AppError("internal");
    if (error.code === "internal") {
      // The stack goes to the server log, never to the client.
      console.error(`[api] ${c.req.method} ${c.req.path} request_id=${c.get("requestId")}`, err);
      void deps.reportError?.(err, { locale, request_id: c.get("requestId") ?? "", route: c.req.path });
    }
    const message = translateApi(locale, `errors.${error.code}`, error.params);
    // A field named without a message of its own is answered with the error's sentence.
    const fields = error.fields && Object.fromEntries(Object.entries(error.fields).map(([name, text]) => [name, text ?? message]));
    return c.json(
      { error: { code: error.code, message, ...(fields ? { fields } : {}), request_id: c.get("requestId") ?? "" } },
      statusOf(error),
    );
  });

  return app;
}

export type App = ReturnType<typeof createApp>;
