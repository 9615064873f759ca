import { createRoute, z, type RouteConfig } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { zodToOpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { listMeta, paging, type Endpoint, type NoFields } from "@/lib/schemas/common";
import { requireAdmin, requirePayer, requireSessionClaims, requireUser } from "./auth";
import { dataEnvelope, errorEnvelope } from "./envelope";
import { idempotent } from "./idempotency";

/** The pieces route modules describe themselves with (OpenAPI): one definition each. */
export const json = <T extends z.ZodType>(schema: T) => ({ content: { "application/json": { schema } } });
export const err = (description: string) => ({ description, ...json(errorEnvelope) });
/** Error answers by status: `errs({ 404: "Not found", 409: "…" })`. */
export const errs = (byStatus: Record<number, string>) =>
  Object.fromEntries(Object.entries(byStatus).map(([status, description]) => [status, err(description)]));
export const body = <T extends z.ZodType>(schema: T) => ({ body: { required: true, ...json(schema) } });
/** Lists answer `{ data, meta: { page, per_page, total } }` and take `?page=&per_page=` (DESIGN §2); both live in lib/schemas/common.ts. */
export { listMeta, paging };
/** A list answer: `found.rows` as `present` shows each, and where the page stands (`meta`). */
export function listAnswer<R, T>(
  query: { page: number; per_page: number },
  found: { rows: readonly R[]; total: number },
  present: (row: R) => T,
) {
  return { data: found.rows.map((row) => present(row)), meta: { page: query.page, per_page: query.per_page, total: found.total } };
}
export { idParam, pageOf } from "@/lib/schemas/common";
import { pageOf } from "@/lib/schemas/common";
/**
 * A contract schema from lib/schemas under its OpenAPI component name. Zod 4 copies prototype methods
 * onto each schema when the schema is built, so a schema built before @hono/zod-openapi added
 * `.openapi` to the prototype has none: which module a bundle evaluates first decided whether
 * `schema.openapi(name)` threw ("openapi is not a function" in some production builds). The
 * prototype's method is called instead, whatever the order. The answer is a named copy: other uses
 * of the same schema stay inline.
 */
export function named<T extends z.ZodType>(schema: T, name: string): T {
  const openapi = (z.ZodType.prototype as unknown as { openapi: (this: T, name: string) => T }).openapi;
  return openapi.call(schema, name);
}

/**
 * Names response schemas of lib/schemas as OpenAPI components in place (the same registry
 * `.openapi(name)` writes to), so every answer that nests them — `{ campaign, message }`, a page of
 * them — refers to the component, whichever lib schema composed it. Call it at module level of the
 * feature's routes; naming the same schema again is harmless.
 */
export function components(byName: Record<string, z.ZodType>): void {
  for (const [name, schema] of Object.entries(byName)) {
    const current = zodToOpenAPIRegistry.get(schema) ?? {};
    zodToOpenAPIRegistry.add(schema, { ...current, _internal: { ...current._internal, refId: name } });
  }
}

/** Documents `schema` (built by `.extend` of a component) as that component plus its own fields (allOf). */
export function extending(schema: z.ZodType, base: z.ZodType, baseName: string): void {
  const current = zodToOpenAPIRegistry.get(schema) ?? {};
  zodToOpenAPIRegistry.add(schema, { ...current, _internal: { ...current._internal, extendedFrom: { refId: baseName, schema: base } } });
}

/** The answers every route may give by what it is, in the words /api/openapi.json uses for them. */
export const sharedResponses = {
  malformed: err("Invalid request or malformed JSON"),
  unauthenticated: err("Not logged in"),
  adminOnly: err("Not found: admin routes answer 404 to everyone else (route_not_found)"),
  crossSite: err("cross_site_request: a write carrying cookies from another site's page"),
  tooLarge: err("payload_too_large: the body is over this path's limit"),
  mediaType: err("unsupported_media_type: the body is not in the media type documented"),
  invalid: err("Validation failed, with one message per field"),
  inProgress: err("idempotency_request_in_progress: the same Idempotency-Key still runs"),
  internal: err("Internal error (no details leak)"),
} as const;

/** What an image upload is refused with, past server/uploads' limits (5 MB; JPEG, PNG or WebP). */
export const imageUploadRefusals = { 413: err("Image larger than 5 MB"), 415: err("Not a JPEG, PNG or WebP image") };

/** A session's credentials: `Authorization: Bearer`, or the web app's httpOnly cookie. */
export const SESSION_SECURITY = [{ bearer: [] }, { session_cookie: [] }];
/** A program's credentials: `Authorization: Bearer tk_…` (an API key, server/integrations/keys.ts). */
export const API_KEY_SECURITY = [{ apiKey: [] }];

/** What a route behind an API key may be refused with, besides its own answers. */
export const apiKeyRefusals = {
  401: err("api_key_invalid: no key, or one revoked, expired or never issued"),
  403: err("api_key_scope_missing (the key may not do this), api_key_address_refused (outside its allow-list)"),
  429: err("rate_limited: the key's requests in this minute are used up"),
} as const;

const keyGates = new WeakSet<MiddlewareHandler>();
/**
 * Marks a middleware as an API-key gate (server/integrations/routes/key-auth.ts requireApiKey makes one
 * per scope), so apiRoute documents the key's security and its refusals as it does a session's.
 */
export function apiKeyGate<M extends MiddlewareHandler>(gate: M): M {
  keyGates.add(gate);
  return gate;
}

const middlewareOf = (config: Pick<RouteConfig, "middleware">) => [config.middleware ?? []].flat();

/**
 * Every route of the API is declared with apiRoute: createRoute's config, plus what the route's
 * middleware and request make it answer, so the document cannot leave one out:
 * - a session required (requireUser, requireSessionClaims, requirePayer): `security` and 401;
 *   an API key (a gate marked by apiKeyGate): the key's `security`, 401, 403 and 429 (apiKeyRefusals);
 *   an admin's (requireAdmin): `security` and 404, since others are not told the route exists;
 * - a body: 400 (malformed JSON), 415 (another media type), 422;
 * - path parameters, a query or headers: 422;
 * - a write (POST, PUT, PATCH, DELETE): 403 cross_site_request and 413;
 * - idempotent: 409 (the same key still running) and 422 (a bad or reused key);
 * - 500, always.
 * A response the route declares for a status takes that status's place (its own 401, 404, 422 …);
 * 429 and the route's other refusals are its own to declare.
 */
export function apiRoute<P extends string, R extends Omit<RouteConfig, "path"> & { path: P }>(config: R) {
  const middleware = middlewareOf(config);
  const user = [requireUser, requireSessionClaims, requirePayer].some((gate) => middleware.includes(gate));
  const admin = middleware.includes(requireAdmin);
  const key = middleware.some((gate) => keyGates.has(gate as MiddlewareHandler));
  const request = config.request;
  const write = config.method !== "get" && config.method !== "head";
  const shared = {
    ...(request?.body ? { 400: sharedResponses.malformed } : {}),
    ...(user ? { 401: sharedResponses.unauthenticated } : {}),
    ...(write ? { 403: sharedResponses.crossSite } : {}),
    ...(admin ? { 404: sharedResponses.adminOnly } : {}),
    ...(key ? apiKeyRefusals : {}),
    ...(middleware.includes(idempotent) ? { 409: sharedResponses.inProgress } : {}),
    ...(write ? { 413: sharedResponses.tooLarge } : {}),
    ...(request?.body ? { 415: sharedResponses.mediaType } : {}),
    ...(request?.body || request?.params || request?.query || request?.headers ? { 422: sharedResponses.invalid } : {}),
    500: sharedResponses.internal,
  };
  return createRoute({
    ...config,
    ...(user || admin ? { security: SESSION_SECURITY } : {}),
    ...(key ? { security: API_KEY_SECURITY } : {}),
    responses: { ...shared, ...config.responses },
  }) as ReturnType<typeof createRoute<P, R>>;
}

type JsonContent<S> = { content: { "application/json": { schema: S } } };
/** The request parts an endpoint declares, as createRoute takes them. */
type EndpointRequest<E extends Endpoint> = (E extends { params: infer S extends z.ZodType } ? { params: S } : NoFields) &
  (E extends { query: infer S extends z.ZodType } ? { query: S } : NoFields) &
  (E extends { body: infer S extends z.ZodType }
    ? { body: { required: E extends { optionalBody: true } ? false : true } & JsonContent<S> }
    : NoFields) &
  (E extends { upload: infer S extends z.ZodType }
    ? { body: { required: true; content: { "multipart/form-data": { schema: S } } } }
    : NoFields);
/** The success's schema on the wire: `{ data }`, a page `{ data: [...], meta }`, or the file itself. */
type EndpointAnswerSchema<E extends Endpoint> = E extends { response: infer S extends z.ZodType }
  ? E extends { list: true }
    ? z.ZodObject<{ data: z.ZodArray<S>; meta: typeof listMeta }>
    : z.ZodObject<{ data: S }>
  : never;
type EndpointSuccess<E extends Endpoint> = E extends { response: z.ZodType }
  ? E extends { file: readonly string[] }
    ? { description: string; content: Record<string, { schema: NonNullable<E["response"]> }> }
    : { description: string } & JsonContent<EndpointAnswerSchema<E>>
  : { description: string };
type StatusOf<E extends Endpoint> = E extends { status: infer S extends number } ? S : 200;

/** What a route adds to its endpoint: who may call it, how it is documented, its other answers and headers. */
export type EndpointRouteConfig = Omit<RouteConfig, "method" | "path" | "request" | "responses"> & {
  /** The success's description in /api/openapi.json (an endpoint without a documented success gives none). */
  answer?: string;
  /** The body's OpenAPI component name (`named`). */
  bodyName?: string;
  /** Request parts the endpoint leaves to the server (the Idempotency-Key header). */
  request?: Pick<NonNullable<RouteConfig["request"]>, "headers">;
  responses?: RouteConfig["responses"];
};
type EndpointRoute<E extends Endpoint, C extends EndpointRouteConfig> = Omit<C, "answer" | "bodyName" | "request" | "responses"> & {
  method: E["method"];
  path: E["path"];
  request: EndpointRequest<E> & (C["request"] extends object ? C["request"] : NoFields);
  responses: (E extends { response: z.ZodType } | { status: number } ? { [K in StatusOf<E>]: EndpointSuccess<E> } : NoFields) &
    (C["responses"] extends object ? C["responses"] : NoFields);
};

/**
 * A route declared from its feature's endpoint (lib/schemas/<feature>.ts): the method, the path, the
 * params, query and body schemas and the success's schema come from the endpoint the browser's client
 * calls, so the two cannot part; the route adds its middleware, tags, summary and other answers, and
 * apiRoute the answers every route of its kind gives.
 */
export function endpointRoute<E extends Endpoint, const C extends EndpointRouteConfig>(definition: E, config: C) {
  const { answer, bodyName, request: extra, responses, ...rest } = config;
  const bodySchema = definition.body && bodyName ? named(definition.body, bodyName) : definition.body;
  const request = {
    ...(definition.params ? { params: definition.params } : {}),
    ...(definition.query ? { query: definition.query } : {}),
    ...extra,
    ...(bodySchema ? { body: { required: !definition.optionalBody, ...json(bodySchema) } } : {}),
    ...(definition.upload ? { body: { required: true, content: { "multipart/form-data": { schema: definition.upload } } } } : {}),
  };
  const response = definition.response;
  const content = !response
    ? {}
    : definition.file
      ? { content: Object.fromEntries(definition.file.map((type) => [type, { schema: response }])) }
      : json(definition.list ? pageOf(response) : dataEnvelope(response));
  const documented = Boolean(response || definition.status);
  if (documented && !answer) throw new Error(`${definition.method} ${definition.path}: say what its success answers (answer)`);
  const success = documented ? { [definition.status ?? 200]: { description: answer, ...content } } : {};
  return apiRoute({
    ...rest,
    method: definition.method,
    path: definition.path,
    ...(Object.keys(request).length > 0 ? { request } : {}),
    responses: { ...success, ...responses },
  } as unknown as EndpointRoute<E, C>);
}
