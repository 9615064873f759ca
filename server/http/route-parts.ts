import { z } from "@hono/zod-openapi";
import { errorEnvelope } from "./envelope";

/** The pieces route modules describe themselves with (OpenAPI): one definition each. */
export const json = <T extends z.ZodType>(schema: T) => ({ content: { "application/json": { schema } } });
export const err = (description: string) => ({ description, ...json(errorEnvelope) });
export const body = <T extends z.ZodType>(schema: T) => ({ body: { required: true, ...json(schema) } });
/** Lists answer `{ data, meta: { page, per_page, total } }` and take `?page=&per_page=` (DESIGN §2). */
export const listMeta = z.object({ page: z.number(), per_page: z.number(), total: z.number() });
export const paging = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(10),
};
/**
 * A contract schema from lib/schemas under its OpenAPI component name. Zod 4 copies prototype methods
 * onto each schema when the schema is built, so a schema built before @hono/zod-openapi added
 * `.openapi` to the prototype has none: which module a bundle evaluates first decided whether
 * `schema.openapi(name)` threw ("openapi is not a function" in some production builds). The
 * prototype's method is called instead, whatever the order.
 */
export function named<T extends z.ZodType>(schema: T, name: string): T {
  const openapi = (z.ZodType.prototype as unknown as { openapi: (this: T, name: string) => T }).openapi;
  return openapi.call(schema, name);
}
export const idParam = z.object({ id: z.string().uuid("invalid_format") });
