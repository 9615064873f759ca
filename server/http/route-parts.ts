import { z } from "@hono/zod-openapi";
import { zodToOpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { listMeta, paging } from "@/lib/schemas/common";
import { errorEnvelope } from "./envelope";

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
