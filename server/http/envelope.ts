import { z } from "@hono/zod-openapi";

/** `{"data": …}`: every successful answer. */
export function dataEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ data });
}

/** `{"error": {code, message, fields?, request_id}}`: every failed answer. */
export const errorEnvelope = z
  .object({
    error: z.object({
      code: z.string().openapi({ example: "validation_failed" }),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional(),
      request_id: z.string(),
    }),
  })
  .openapi("Error");

export const errorResponses = {
  400: { description: "Invalid request or malformed JSON", content: { "application/json": { schema: errorEnvelope } } },
  422: { description: "Validation failed, with one message per field", content: { "application/json": { schema: errorEnvelope } } },
  500: { description: "Internal error (no details leak)", content: { "application/json": { schema: errorEnvelope } } },
} as const;
